import type { Migration } from './migration';

/**
 * A package's seat limit (docs/architecture.md §12, docs/commerce.md "Licences and
 * activations"): `sites`, how many production sites one licence of the package may activate
 * (NULL: unlimited; staging and development sites take no seat). Safe to repeat.
 */
export const packageSeats: Migration = {
  id: 27,
  name: 'commerce: the seat limit of a package',
  statements: (table) => {
    const packages = table('packages');
    return [
      `SET @svc_hub_027 = IF(
        (SELECT COUNT(*) FROM information_schema.COLUMNS
          WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = '${packages.replace(/`/g, '')}' AND COLUMN_NAME = 'sites') = 0,
        'ALTER TABLE ${packages} ADD COLUMN sites INT UNSIGNED NULL AFTER duration_days',
        'DO 0')`,
      'PREPARE svc_hub_027 FROM @svc_hub_027',
      'EXECUTE svc_hub_027',
      'DEALLOCATE PREPARE svc_hub_027',
    ];
  },
};
