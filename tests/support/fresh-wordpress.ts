import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { freePort } from './free-port';
import { stack, stackScriptEnvironment } from './stack';
import { stopProcessGroup, waitForHttp } from './process-group';

/** A WordPress site of its own: no svc-hub files, its own database, its own `php -S`. */
export interface FreshWordPress {
  url: string;
  dir: string;
  wordpressDir: string;
  debugLog: string;
  database: { name: string; user: string; password: string; host: string; port: number };
  admin: { login: string; password: string };
  stop(): Promise<void>;
}

/** The hub's shell constants for wp-config.php (a site that will run the svc-hub plugin). */
export interface ShellConstants {
  workerUrl: string;
  secret: string;
}

/** What else the site gets: plugins linked in and activated, a fixed port, its debug log's path. */
export interface FreshWordPressOptions {
  /** Paths of plugin folders or single-file plugins, symlinked into wp-content/plugins/ (each its own basename). */
  linkPlugins?: string[];
  /** Plugin files to activate at install, as WordPress names them (`svc-client/svc-client.php`). */
  activatePlugins?: string[];
  /** The port `php -S` listens on (one reserved beforehand); a free one when absent. */
  port?: number;
  /** WP_DEBUG_LOG's file; `<dir>/wordpress-debug.log` when absent. */
  debugLog?: string;
  /** WordPress's automatic updater on (plugins and themes whose auto-updates are switched on update in wp_maybe_auto_update()); off by default. */
  automaticUpdates?: boolean;
}

/** SQL as MariaDB's root over the e2e stack's private socket (scripts/lib.sh's db_root). */
function databaseRoot(sql: string): void {
  const info = stack();
  execFileSync('bash', ['-c', 'source scripts/lib.sh && db_root -e "$1"', '_', sql], {
    cwd: info.repoRoot,
    env: stackScriptEnvironment(info.dir),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** wp-config.php as a site admin writes it, plus the two svc-hub lines docs/deploy.md asks for. */
function wpConfig(site: Omit<FreshWordPress, 'stop'>, shell: ShellConstants | undefined, automaticUpdates = false): string {
  const salts = [
    'AUTH_KEY',
    'SECURE_AUTH_KEY',
    'LOGGED_IN_KEY',
    'NONCE_KEY',
    'AUTH_SALT',
    'SECURE_AUTH_SALT',
    'LOGGED_IN_SALT',
    'NONCE_SALT',
  ];
  const define = (name: string, value: string | boolean) => `define( '${name}', ${typeof value === 'boolean' ? value : `'${value}'`} );`;
  return [
    '<?php',
    define('DB_NAME', site.database.name),
    define('DB_USER', site.database.user),
    define('DB_PASSWORD', site.database.password),
    define('DB_HOST', `${site.database.host}:${site.database.port}`),
    define('DB_CHARSET', 'utf8mb4'),
    "$table_prefix = 'wp_';",
    ...salts.map((salt) => define(salt, randomBytes(32).toString('hex'))),
    define('DISABLE_WP_CRON', true),
    ...(automaticUpdates ? [] : [define('AUTOMATIC_UPDATER_DISABLED', true)]),
    define('WP_HTTP_BLOCK_EXTERNAL', true), // offline: no wordpress.org
    define('FS_METHOD', 'direct'),
    define('WP_DEBUG', true),
    define('WP_DEBUG_DISPLAY', false),
    define('WP_DEBUG_LOG', site.debugLog),
    ...(shell ? [define('SVC_HUB_WORKER_URL', shell.workerUrl), define('SVC_HUB_SECRET', shell.secret)] : []),
    "if ( ! defined( 'ABSPATH' ) ) { define( 'ABSPATH', __DIR__ . '/' ); }",
    "require_once ABSPATH . 'wp-settings.php';",
    '',
  ].join('\n');
}

/**
 * Installs WordPress 7.1 from the shared cache (scripts/wordpress-cache.sh) into `dir`, in a new
 * database on the e2e stack's MariaDB, with scripts/php/install.php (only the plugins of
 * `options.activatePlugins` activated, after `options.linkPlugins` were linked in), and serves it
 * with `php -S` and scripts/php/front-controller.php on a free (or the given) port, in its own process group.
 * Without `shell`, wp-config.php has no svc-hub lines (a client site).
 */
export async function startFreshWordPress(
  dir: string,
  shell?: ShellConstants,
  options: FreshWordPressOptions = {},
): Promise<FreshWordPress> {
  const info = stack();
  const scripts = join(info.repoRoot, 'scripts');
  execFileSync('bash', [join(scripts, 'wordpress-cache.sh')], { env: stackScriptEnvironment(info.dir), stdio: 'inherit' });
  const cache = join(process.env.SVC_STACK_CACHE ?? join(info.repoRoot, '.stack', 'cache'), 'wordpress');
  const suffix = randomBytes(4).toString('hex');
  const port = options.port ?? (await freePort());
  const site: Omit<FreshWordPress, 'stop'> = {
    url: `http://127.0.0.1:${port}`,
    dir,
    wordpressDir: join(dir, 'wordpress'),
    debugLog: options.debugLog ?? join(dir, 'wordpress-debug.log'),
    database: {
      name: `fresh_${suffix}`,
      user: `fresh_${suffix}`,
      password: randomBytes(12).toString('hex'),
      host: '127.0.0.1',
      port: info.databasePort,
    },
    admin: { login: 'admin', password: randomBytes(12).toString('hex') },
  };
  mkdirSync(dir, { recursive: true });
  cpSync(cache, site.wordpressDir, { recursive: true });
  for (const plugin of options.linkPlugins ?? []) symlinkSync(plugin, join(site.wordpressDir, 'wp-content', 'plugins', basename(plugin)));
  const { name, user, password } = site.database;
  databaseRoot(
    `CREATE DATABASE ${name} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci; CREATE USER '${user}'@'127.0.0.1' IDENTIFIED BY '${password}'; GRANT ALL ON ${name}.* TO '${user}'@'127.0.0.1';`,
  );
  const dropDatabase = () => databaseRoot(`DROP DATABASE IF EXISTS ${name}; DROP USER IF EXISTS '${user}'@'127.0.0.1';`);
  let group = 0;
  try {
    writeFileSync(join(site.wordpressDir, 'wp-config.php'), wpConfig(site, shell, options.automaticUpdates), { mode: 0o600 });
    execFileSync('php', [join(scripts, 'php', 'install.php'), site.wordpressDir], {
      env: {
        ...process.env,
        WP_URL: site.url,
        WP_ADMIN_PASSWORD: site.admin.password,
        WP_PLUGINS: (options.activatePlugins ?? []).join(','),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const server = spawn('php', ['-S', `127.0.0.1:${port}`, '-t', site.wordpressDir, join(scripts, 'php', 'front-controller.php')], {
      detached: true, // its own process group: php -S workers outlive their parent
      stdio: 'ignore',
      env: { ...process.env, PHP_CLI_SERVER_WORKERS: '4' },
    });
    group = server.pid!;
    await waitForHttp(`${site.url}/wp-login.php`, group);
  } catch (error) {
    if (group) await stopProcessGroup(group, 5);
    dropDatabase();
    throw error;
  }
  return {
    ...site,
    stop: async () => {
      await stopProcessGroup(group, 5);
      dropDatabase();
    },
  };
}
