import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { phpString } from '../support/client-key';
import { clientDebugLog } from '../support/client-site';
import { startFreshWordPress, type FreshWordPress } from '../support/fresh-wordpress';
import { createKey, hub } from '../support/hub-cli';
import { hubAdmin, uploadRelease } from '../support/hub-releases';
import { bearer, call, json } from '../support/lanes';
import { stack } from '../support/stack';
import { wooStandIn } from '../support/woocommerce-stand-in';
import { buildZip } from '../support/zip-builder';

/**
 * svc-hub updates itself the way a client site updates a product (docs/architecture.md §12,
 * docs/deploy.md §5): a hub site — a fresh WordPress 7.1 running a copy of svc-hub against the e2e
 * stack's worker — also runs svc-client, activated with a licence for svc-hub from the e2e hub,
 * which releases svc-hub. A release whose version the worker does not run shows in the update
 * check, but WordPress's Plugin_Upgrader (single and bulk) stops with `svc_hub_worker_first`,
 * nothing installed, the plugin still active, and the automatic updater would not try; the release
 * the worker runs installs.
 */
jest.setTimeout(240_000);

const PRODUCT = 77;
const PLUGIN = 'svc-hub/svc-hub.php';
/** What scripts/dist-plugin.sh ships (uninstall.php included: WordPress runs it on Delete). */
const SHIPPED = ['svc-hub.php', 'readme.txt', 'uninstall.php', 'includes', 'build', 'library'];
let site: FreshWordPress;
let workerVersion: string;
let newerVersion: string;
let packageId: string;

/** Runs `code` (a PHP function body) inside the site's WordPress (tests/support/client-php.php); resolves with what it returned. */
function php<T = unknown>(code: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      'php',
      [join(stack().repoRoot, 'tests', 'support', 'client-php.php'), site.wordpressDir],
      { env: { ...process.env, WP_URL: site.url }, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`PHP on the hub site failed: ${error.message}\n${stdout}\n${stderr}`));
        resolve((JSON.parse(stdout.trimEnd().split('\n').pop() ?? '') as { result: T }).result);
      },
    );
    child.stdin!.end(code);
  });
}

const installedDir = () => join(site.wordpressDir, 'wp-content', 'plugins', 'svc-hub');
const installedVersion = () => /Version:\s+(\S+)/.exec(readFileSync(join(installedDir(), 'svc-hub.php'), 'utf8'))![1];

/** The svc-hub plugin as shipped, as a release zip of `version` (its header's Version changed, nothing else). */
function releaseZip(version: string): Buffer {
  const root = join(stack().repoRoot, 'plugin');
  const files = SHIPPED.flatMap((entry) =>
    statSync(join(root, entry)).isDirectory()
      ? (readdirSync(join(root, entry), { recursive: true }) as string[]).map((name) => join(entry, name))
      : [entry],
  )
    .filter((name) => statSync(join(root, name)).isFile() && !name.endsWith('README.md'))
    .map((name) => {
      const bytes = readFileSync(join(root, name));
      const content = name === 'svc-hub.php' ? bytes.toString('utf8').replace(/^( \* Version:\s+)\S+$/m, `$1${version}`) : bytes;
      return { name: `svc-hub/${name}`, content };
    });
  return buildZip(files);
}

const upload = (version: string) =>
  uploadRelease(
    { package_id: packageId, type: 'plugin', slug: 'svc-hub', version, changelog: `# ${version}`, requires_php: '8.1' },
    releaseZip(version),
  );

/** The update WordPress offers for svc-hub after a fresh check (WordPress.org answered by the offline mu-plugin). */
const offeredUpdate = () =>
  php<Record<string, any> | null>(`
    delete_site_transient( 'update_plugins' );
    wp_update_plugins();
    $updates = get_site_transient( 'update_plugins' );
    return isset( $updates->response['${PLUGIN}'] ) ? (array) $updates->response['${PLUGIN}'] : null;`);

/**
 * Plugin_Upgrader's `method` ('upgrade' or 'bulk_upgrade') on svc-hub, as update.php and Dashboard → Updates run it;
 * `unzipUnseen`: the guard does not see the package unpacked, and checks the source WordPress selects instead.
 */
const upgrade = (method: 'upgrade' | 'bulk_upgrade', unzipUnseen = false) =>
  php<Record<string, any>>(`
    ${unzipUnseen ? "remove_all_filters( 'unzip_file' ); // as if another plugin unpacked it (pre_unzip_file)" : ''}
    require_once ABSPATH . 'wp-admin/includes/admin.php';
    require_once ABSPATH . 'wp-admin/includes/class-wp-upgrader.php';
    $upgrader = new Plugin_Upgrader( new Automatic_Upgrader_Skin() );
    $result = 'bulk_upgrade' === '${method}' ? $upgrader->bulk_upgrade( array( '${PLUGIN}' ) )['${PLUGIN}'] : $upgrader->upgrade( '${PLUGIN}' );
    $result = is_wp_error( $upgrader->skin->result ) ? $upgrader->skin->result : $result; // upgrade() answers null after an error; the skin holds it.
    return array(
      'code'     => is_wp_error( $result ) ? $result->get_error_code() : $result,
      'message'  => is_wp_error( $result ) ? $result->get_error_message() : '',
      'data'     => is_wp_error( $result ) ? $result->get_error_data() : null,
      'active'   => is_plugin_active( '${PLUGIN}' ),
      'messages' => $upgrader->skin->get_upgrade_messages(),
    );`);

/** Whether WordPress's automatic updater would update svc-hub to `version` (auto-updates switched on for it). */
const wouldAutoUpdate = (version: string) =>
  php<boolean>(`
    require_once ABSPATH . 'wp-admin/includes/admin.php';
    require_once ABSPATH . 'wp-admin/includes/class-wp-upgrader.php';
    update_site_option( 'auto_update_plugins', array( '${PLUGIN}' ) );
    $item = (object) array( 'plugin' => '${PLUGIN}', 'slug' => 'svc-hub', 'new_version' => ${phpString(version)}, 'package' => '' );
    return ( new WP_Automatic_Updater() )->should_update( 'plugin', $item, WP_PLUGIN_DIR );`);

beforeAll(async () => {
  const info = stack();
  workerVersion = ((await (await fetch(`${info.workerUrl}/wp-json/llm/router/v1/health`)).json()) as { version: string }).version;
  newerVersion = workerVersion.replace(/(\d+)$/, (patch) => String(Number(patch) + 1));
  site = await startFreshWordPress(
    join(info.dir, `self-update-${randomBytes(3).toString('hex')}`),
    { workerUrl: info.workerUrl, secret: info.workerEnv.SVC_HUB_SECRET! },
    {
      port: info.clientSitePort,
      debugLog: clientDebugLog(),
      automaticUpdates: true,
      linkPlugins: [join(info.repoRoot, 'svc-client')],
      activatePlugins: ['svc-client/svc-client.php'],
    },
  );
  // The agency's licence for svc-hub, bought from the makers' hub (here the e2e hub).
  packageId = `hub-${randomUUID().slice(0, 8)}`;
  const terms = ['--price', '49.00', '--currency', 'EUR', '--features', 'module.hub', '--duration-days', '365', '--sites', '1'];
  hub('package', 'create', '--id', packageId, '--name', 'svc-hub for agencies', ...terms, '--woo-product', String(PRODUCT));
  const buyer = createKey();
  const init = json({ package_id: packageId, site_url: buyer.siteUrl });
  const order = await call('direct', '/wp-json/svc-commerce/v1/checkout', { ...init, headers: { ...init.headers, ...bearer(buyer.key) } });
  expect(order.status).toBe(201);
  await wooStandIn.pay(order.body.woo_order_id);
  const detail = await call('direct', `/wp-json/svc-commerce/v1/orders/${order.body.id}`, { headers: bearer(buyer.key) });
  expect(detail.body).toMatchObject({ status: 'paid', license_key: expect.stringMatching(/^SVC-/) });
  await php(`update_option( Svc_Client_Settings::OPTION, array( 'hub_url' => ${phpString(info.wordpressUrl)} ) ); return true;`);
  const activation = await php<Record<string, any>>(`return svc_client_activate( ${phpString(detail.body.license_key)} );`);
  expect(activation.site_url).toBeTruthy();
  // A copy of svc-hub, never a link: the upgrader replaces the folder it updates.
  for (const entry of SHIPPED) cpSync(join(info.repoRoot, 'plugin', entry), join(installedDir(), entry), { recursive: true });
  const offline = join(info.repoRoot, 'tests', 'wordpress', 'client-mu-plugins', 'wordpress-org-offline.php');
  cpSync(offline, join(site.wordpressDir, 'wp-content', 'mu-plugins', 'wordpress-org-offline.php'));
  expect(await php(`return activate_plugin( '${PLUGIN}' );`)).toBeNull();
}, 240_000);

afterAll(async () => {
  const problems = site && existsSync(site.debugLog) ? readFileSync(site.debugLog, 'utf8').split('\n') : [];
  // The next file's client site has this address: its seat and licence features end here (tests/support/client-site.ts).
  if (site) await php('if ( Svc_Client_Activation::is_active() ) { svc_client_deactivate(); } return true;').catch(() => undefined);
  await site?.stop();
  if (site) rmSync(site.dir, { recursive: true, force: true });
  expect(problems.filter((line) => /PHP (Notice|Warning|Deprecated|Fatal)/.test(line) && /svc-hub|svc_hub/.test(line))).toEqual([]);
});

describe('svc-hub updates itself through svc-client, never before its worker', () => {
  it('a release the worker does not run is offered, refused by every upgrader with both versions, the plugin unchanged and active', async () => {
    expect((await upload(newerVersion)).status).toBe(201);
    expect(await offeredUpdate()).toMatchObject({ slug: 'svc-hub', new_version: newerVersion });
    const before = readFileSync(join(installedDir(), 'svc-hub.php'), 'utf8');

    for (const [method, unzipUnseen] of [
      ['upgrade', false],
      ['bulk_upgrade', false],
      ['bulk_upgrade', true],
    ] as const) {
      const result = await upgrade(method, unzipUnseen);
      expect(result).toMatchObject({ code: 'svc_hub_worker_first', data: { release: newerVersion, worker: workerVersion }, active: true });
      expect(result.message).toBe(
        `Update the svc-hub worker to ${newerVersion} first (it runs ${workerVersion}); then update the plugin. ` +
          'svc-hub\'s docs/deploy.md, §5 "Upgrades", has the steps. The installed plugin is unchanged.',
      );
      expect(result.messages).toContain(result.message);
      expect(readFileSync(join(installedDir(), 'svc-hub.php'), 'utf8')).toBe(before);
      expect(existsSync(join(site.wordpressDir, '.maintenance'))).toBe(false);
    }
    expect(await wouldAutoUpdate(newerVersion)).toBe(false);

    // A worker that does not answer is no worker of that version either.
    const config = join(site.wordpressDir, 'wp-config.php');
    const settings = readFileSync(config, 'utf8');
    writeFileSync(config, settings.replace(stack().workerUrl, 'http://127.0.0.1:1'));
    try {
      const result = await upgrade('upgrade');
      expect(result).toMatchObject({ code: 'svc_hub_worker_first', data: { release: newerVersion, worker: '' }, active: true });
      expect(result.message).toContain(
        `Update the svc-hub worker to ${newerVersion} first (no version could be read from it at http://127.0.0.1:1 (`,
      );
    } finally {
      writeFileSync(config, settings);
    }
    expect(readFileSync(join(installedDir(), 'svc-hub.php'), 'utf8')).toBe(before);
  });

  it('the release the worker runs installs (the newer one withdrawn), and the automatic updater may take it', async () => {
    const installed = join(installedDir(), 'svc-hub.php');
    writeFileSync(
      installed,
      readFileSync(installed, 'utf8').replace(/^( \* Version:\s+)\S+$/m, (_line, head: string) => `${head}0.0.1`),
    );
    expect(installedVersion()).toBe('0.0.1');
    expect((await upload(workerVersion)).status).toBe(201);
    const rolled = await hubAdmin('POST', '/releases/rollback', { type: 'plugin', slug: 'svc-hub', version: workerVersion });
    expect(rolled.status).toBe(200);
    expect(await offeredUpdate()).toMatchObject({ slug: 'svc-hub', new_version: workerVersion });
    expect(await wouldAutoUpdate(workerVersion)).toBe(true);

    // Dashboard → Updates (bulk_upgrade) installs it and leaves it active.
    expect(await upgrade('bulk_upgrade')).toMatchObject({ code: { destination_name: 'svc-hub' }, active: true });
    expect(installedVersion()).toBe(workerVersion);
    expect(readFileSync(join(installedDir(), 'svc-hub.php'), 'utf8')).toBe(
      readFileSync(join(stack().repoRoot, 'plugin', 'svc-hub.php'), 'utf8'),
    );
  });
});
