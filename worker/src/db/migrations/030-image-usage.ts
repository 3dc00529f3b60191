import type { Migration } from './migration';

/**
 * An image call's usage row records what was asked (docs/api-notes.md "Images", docs/architecture.md
 * §13): `images` (n), `image_size` (`1024x1024`, `auto`) and `image_quality` (`low`, `hd`, `auto`);
 * NULL on every other kind and on rows from before. Each column is added only when
 * information_schema does not list it yet (MySQL 8 has no `ADD COLUMN IF NOT EXISTS`): safe to repeat.
 */
const COLUMNS: Array<[column: string, definition: string]> = [
  ['images', 'SMALLINT UNSIGNED NULL AFTER completed_at'],
  ['image_size', 'VARCHAR(16) NULL AFTER images'],
  ['image_quality', 'VARCHAR(8) NULL AFTER image_size'],
];

export const imageUsage: Migration = {
  id: 30,
  name: 'usage: the image count, size and quality of image calls',
  statements: (table) =>
    COLUMNS.flatMap(([column, definition]) => {
      const quoted = table('usage');
      const bare = quoted.replace(/`/g, '');
      return [
        `SET @svc_hub_030 = IF(
        (SELECT COUNT(*) FROM information_schema.COLUMNS
          WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = '${bare}' AND COLUMN_NAME = '${column}') = 0,
        'ALTER TABLE ${quoted} ADD COLUMN ${column} ${definition}',
        'DO 0')`,
        'PREPARE svc_hub_030 FROM @svc_hub_030',
        'EXECUTE svc_hub_030',
        'DEALLOCATE PREPARE svc_hub_030',
      ];
    }),
};
