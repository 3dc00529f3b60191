import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { startFreshWordPress, type FreshWordPress } from './fresh-wordpress';
import { hub } from './hub-cli';
import { stack } from './stack';

/** The client site's debug log, beside the hub site's, so php-notices.ts reads both. */
export const clientDebugLog = (): string => join(stack().dir, 'logs', 'client-wordpress-debug.log');

/** The svc-client test site: a fresh WordPress 7.1 with svc-client and the example module active. */
export interface ClientSite extends FreshWordPress {
  /** Where the hub delivers this site's entitlement changes. */
  receiverUrl: string;
  /** Runs `code` (a PHP function body, `return …;`) inside the site's WordPress; resolves with what it returned. */
  php<T = unknown>(code: string): Promise<T>;
  /** `php` in a process whose clock reads `when` (libfaketime; the site's database and files are as they are now). */
  phpAt<T = unknown>(when: Date, code: string): Promise<T>;
  /** The stored `svc_client_license` option, as PHP holds it. */
  license(): Promise<LicenseState>;
}

export interface LicenseState {
  summary: { site_url: string; status: string; features: string[]; entitlements: unknown[] } | null;
  sequence: number;
  source: string;
  confirmed_at: number;
  checked_at: number;
  key_refused: boolean;
  last_error: string;
}

/** svc-client's deactivation when the site holds an activation: the hub frees the seat and ends the site's licence entitlement. */
const ACTIVATION_ENDED = 'if ( Svc_Client_Activation::is_active() ) { svc_client_deactivate(); } return true;';

/** The hub's live entitlements of this address revoked with the hub's CLI, so the next file's site there starts with none. */
function endEntitlements(siteUrl: string): void {
  for (const line of hub('entitlement', 'list', '--site', siteUrl)) {
    const [id, , status] = line.split('\t');
    if (!id || status === 'revoked') continue;
    hub(
      'entitlement',
      'set',
      '--site',
      siteUrl,
      '--entitlement-id',
      id,
      '--status',
      'revoked',
      '--reason',
      'the test client site at this address stopped',
    );
  }
}

/**
 * Starts the client site on the port global-setup.ts reserved (so the hub's worker may deliver to
 * it), in a fresh database: svc-client (this repository's folder, linked) and the example module
 * (tests/wordpress/client-plugins) active. One at a time per run: stop it in afterAll.
 */
export async function startClientSite(options: { automaticUpdates?: boolean } = {}): Promise<ClientSite> {
  const info = stack();
  const dir = join(info.dir, `client-site-${randomBytes(3).toString('hex')}`);
  const site = await startFreshWordPress(dir, undefined, {
    port: info.clientSitePort,
    automaticUpdates: options.automaticUpdates,
    debugLog: clientDebugLog(),
    linkPlugins: [
      join(info.repoRoot, 'svc-client'),
      join(info.repoRoot, 'tests', 'wordpress', 'client-plugins', 'svc-example-seo-module.php'),
    ],
    activatePlugins: ['svc-client/svc-client.php', 'svc-example-seo-module.php'],
  });
  const php = <T>(code: string): Promise<T> => runPhp<T>(site, code);
  return {
    ...site,
    // Every file's client site has the same address (the reserved port): an activation or a grant
    // left on the hub would hand its features to the next file's site. Ended as a site admin and the
    // hub's admin would end them.
    stop: async () => {
      await php(ACTIVATION_ENDED).catch(() => undefined);
      endEntitlements(site.url);
      await site.stop();
    },
    receiverUrl: `${site.url}/wp-json/svc-client/v1/entitlement`,
    php,
    phpAt: <T>(when: Date, code: string): Promise<T> => runPhp<T>(site, code, when),
    license: () => php<LicenseState>('return Svc_Client_License::state();'),
  };
}

/**
 * PHP through tests/support/client-php.php, asynchronously: the site may call back into this
 * process (a proxy of the hub) while the code runs. With `when`, Debian's faketime starts the
 * process's clock at that moment (UTC), and it runs on from there.
 */
function runPhp<T>(site: FreshWordPress, code: string, when?: Date): Promise<T> {
  const script = join(__dirname, 'client-php.php');
  const clock = when ? ['-f', `@${when.toISOString().slice(0, 19).replace('T', ' ')}`, 'php'] : [];
  return new Promise((resolve, reject) => {
    const child = execFile(
      when ? 'faketime' : 'php',
      [...clock, script, site.wordpressDir],
      { env: { ...process.env, WP_URL: site.url, ...(when ? { TZ: 'UTC' } : {}) }, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`PHP on the client site failed: ${error.message}\n${stdout}\n${stderr}`));
        const last = stdout.trimEnd().split('\n').pop() ?? '';
        try {
          resolve((JSON.parse(last) as { result: T }).result);
        } catch {
          reject(new Error(`PHP on the client site printed no result: ${stdout}\n${stderr}`));
        }
      },
    );
    child.stdin!.end(code);
  });
}
