import type { Pool } from 'mysql2/promise';

/** A plugin file of svc-hub as WordPress records it (`svc-hub/svc-hub.php`, whatever the folder is called). */
const PLUGIN_FILE = /(^|\/)svc-hub\.php$/;

/** The strings of a PHP-serialized array (`s:19:"svc-hub/svc-hub.php";`): values of `active_plugins`, keys of `active_sitewide_plugins`. */
export function serializedStrings(serialized: string): string[] {
  return [...serialized.matchAll(/s:\d+:"([^"]*)";/g)].map((match) => match[1]!);
}

/** Whether a serialized list of plugin files names svc-hub's. */
export function namesSvcHub(serialized: string): boolean {
  return serializedStrings(serialized).some((file) => PLUGIN_FILE.test(file));
}

function missingTable(error: unknown): boolean {
  return (error as { code?: string }).code === 'ER_NO_SUCH_TABLE';
}

async function firstValue(pool: Pool, sql: string): Promise<string | null> {
  const [rows] = await pool.query(sql);
  const row = (rows as Record<string, unknown>[])[0];
  return row ? String(Object.values(row)[0] ?? '') : null;
}

/**
 * Whether WordPress has the svc-hub plugin active on the site whose tables start with `prefix`
 * (docs/architecture.md §1, "Deactivate means off"): in `{prefix}options.active_plugins`, or
 * network-wide in `{prefix}sitemeta.active_sitewide_plugins` on multisite. Null when there is
 * no WordPress in this database (a worker run on its own tables: tests, the bench), which
 * leaves the service on. Throws when the database fails.
 */
export async function readPluginActive(pool: Pool, prefix: string): Promise<boolean | null> {
  let sitePlugins: string | null;
  try {
    sitePlugins = await firstValue(pool, `SELECT option_value FROM \`${prefix}options\` WHERE option_name = 'active_plugins'`);
  } catch (error) {
    if (missingTable(error)) return null;
    throw error;
  }
  if (sitePlugins === null) return null;
  if (namesSvcHub(sitePlugins)) return true;
  try {
    const network = await firstValue(
      pool,
      `SELECT GROUP_CONCAT(meta_value SEPARATOR '') FROM \`${prefix}sitemeta\` WHERE meta_key = 'active_sitewide_plugins'`,
    );
    return network !== null && namesSvcHub(network);
  } catch (error) {
    if (missingTable(error)) return false;
    throw error;
  }
}
