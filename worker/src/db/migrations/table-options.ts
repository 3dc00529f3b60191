/** Storage options every svc-hub table shares, matching WordPress's own utf8mb4 tables. */
export const TABLE_OPTIONS = 'ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci';
