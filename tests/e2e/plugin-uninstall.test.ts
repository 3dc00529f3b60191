import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';
import { startFreshWordPress, type FreshWordPress } from '../support/fresh-wordpress';
import { stack } from '../support/stack';

interface Report {
  active: boolean;
  tables: string[];
  options: string[];
  usermeta: string[];
  cron: string[];
}

/**
 * Deleting the plugin (docs/architecture.md §1, "Deactivate means off"; plugin/readme.txt,
 * "Deactivation and uninstall"): uninstall.php drops every `{prefix}svc_*` table, the plugin's
 * options, transients, user meta and cron events, and nothing else — unless the admin chose to
 * keep the data. On a WordPress of its own, with the worker's real schema migrated into it.
 */
describe('uninstalling svc-hub', () => {
  let tmp: string;
  let site: FreshWordPress;

  const wordpress = (command: string): string =>
    execFileSync('php', [join(__dirname, '..', 'support', 'plugin-lifecycle.php'), site.wordpressDir, command], {
      env: { ...process.env, WP_HOST: new URL(site.url).host },
      encoding: 'utf8',
    });
  const report = (): Report => JSON.parse(wordpress('report')) as Report;

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'svc-uninstall-'));
    symlinkSync(join(stack().repoRoot, 'plugin'), join(tmp, 'svc-hub'));
    site = await startFreshWordPress(join(tmp, 'site'), undefined, {
      linkPlugins: [join(tmp, 'svc-hub')],
      activatePlugins: ['svc-hub/svc-hub.php'],
    });
    const { name, user, password, host, port } = site.database;
    const database = { SVC_DB_NAME: name, SVC_DB_USER: user, SVC_DB_PASSWORD: password, SVC_DB_HOST: host, SVC_DB_PORT: String(port) };
    execFileSync('node', [join(stack().repoRoot, 'worker', 'dist', 'cli', 'hub.js'), 'migrate'], {
      env: { PATH: process.env.PATH, ...stack().workerEnv, ...database, SVC_DB_PREFIX: 'wp_' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    // Look-alikes that are not this site's svc tables: `_` must not match any character, and another site's prefix.
    const connection = await createConnection({ host, port, user, password, database: name });
    await connection.query('CREATE TABLE wpXsvcYdecoy (id INT)');
    await connection.query('CREATE TABLE wp_2_svc_usage (id INT)');
    await connection.end();
  }, 120_000);

  afterAll(async () => {
    await site?.stop();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  });

  it('keeps everything when the admin chose to keep the data', () => {
    wordpress('deactivate');
    wordpress('seed');
    const before = report();
    expect(before.active).toBe(false);
    expect(before.tables.filter((table) => table.startsWith('wp_svc_')).length).toBeGreaterThanOrEqual(20);
    expect(before.options).toEqual(
      expect.arrayContaining(['svc_hub_woo_retry_at', '_svc_hub_woo_event_seeded', '_transient_svc_hub_seeded', 'unrelated_option']),
    );
    expect(before.usermeta).toContain('svc_hub_seeded_notice');
    expect(before.cron).toEqual(expect.arrayContaining(['svc_hub_woo_resend', 'svc_hub_seeded_event']));

    wordpress('keep-data');
    wordpress('uninstall');
    const kept = report();
    expect(kept.tables).toEqual(before.tables);
    expect(kept.options).toEqual(expect.arrayContaining([...before.options, 'svc_hub_keep_data_on_uninstall']));
    expect(kept.options).toHaveLength(before.options.length + 1);
    expect(kept.usermeta).toEqual(before.usermeta);
    expect(kept.cron).toEqual(before.cron);
  });

  it("removes the svc tables, options, transients, user meta and cron events, and nobody else's", () => {
    wordpress('forget-keep-data');
    wordpress('uninstall');
    const after = report();
    expect(after.tables.sort()).toEqual(['wp_2_svc_usage', 'wpXsvcYdecoy'].sort());
    expect(after.options).toEqual(['unrelated_option']);
    expect(after.usermeta).toEqual([]);
    expect(after.cron.filter((hook) => hook.startsWith('svc_hub_'))).toEqual([]);
    expect(after.cron.length).toBeGreaterThan(0); // WordPress's own events stay
  });
});
