/** The `@wordpress/data` store of the admin screen. */
export const STORE_NAME = 'svc-hub/admin';

/** Rows per page of the paginated lists. */
export const PER_PAGE = 20;
