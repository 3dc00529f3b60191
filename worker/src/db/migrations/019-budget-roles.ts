import type { Migration } from './migration';

/**
 * Budget roles (docs/architecture.md §11, docs/api-notes.md "Budgets"): `role` limit | allowance |
 * credits — a limit the admin set (every budget before this one), an allowance a package paid for,
 * or a balance of prepaid credits drawn once the allowance of its scope has no room — and `source`,
 * where the budget came from (an entitlement id, `credits:<order>`; NULL for an admin's limit).
 * Safe to repeat.
 */
export const budgetRoles: Migration = {
  id: 19,
  name: 'router: budget roles (limit, allowance, credits) and their source',
  statements: (table) => {
    const budgets = table('budgets');
    const missing = (column: string) =>
      `(SELECT COUNT(*) FROM information_schema.COLUMNS
          WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = '${budgets.replace(/`/g, '')}' AND COLUMN_NAME = '${column}') = 0`;
    return [
      `SET @svc_hub_019 = IF(${missing('role')},
        'ALTER TABLE ${budgets} ADD COLUMN role VARCHAR(10) NOT NULL DEFAULT ''limit'' AFTER hard, ADD COLUMN source VARCHAR(100) NULL AFTER role, ADD KEY source (source)',
        'DO 0')`,
      'PREPARE svc_hub_019 FROM @svc_hub_019',
      'EXECUTE svc_hub_019',
      'DEALLOCATE PREPARE svc_hub_019',
    ];
  },
};
