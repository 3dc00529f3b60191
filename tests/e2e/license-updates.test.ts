import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createKey, hub, type TestKey } from '../support/hub-cli';
import { phpString } from '../support/client-key';
import { startClientSite, type ClientSite } from '../support/client-site';
import { bearer, call, json } from '../support/lanes';
import { shellHeaders } from '../support/signed-request';
import { stack } from '../support/stack';
import { wooStandIn } from '../support/woocommerce-stand-in';
import { buildZip, pluginZip } from '../support/zip-builder';

/**
 * Releases and updates (docs/architecture.md §12, docs/commerce.md "Releases and updates") on the
 * suite's real WordPress 7.1 client site: an admin uploads a release of a small plugin (built
 * here as a zip with its headers); the activated site sees it after wp_update_plugins() and
 * WordPress's Plugin_Upgrader installs it from the hub's signed URL; a rollback makes the earlier
 * release current; downloads are counted once each; a site whose licence lapsed sees the update
 * with an empty package and the renewal link, and cannot download; tampered, foreign and
 * withdrawn download URLs are refused; bad zips are refused naming `file`, storing nothing.
 */
jest.setTimeout(240_000);

const PRODUCT = 77;
const ADMIN = '/wp-json/svc-hub/v1/admin';
const RENEWAL = 'https://shop.example/renew';
let client: ClientSite;
let buyer: TestKey;
let packageId: string;
let slug: string;
let clientSiteUrl: string;

/** A multipart upload as the admin screen sends it, signed as the shell signs it, straight to the worker. */
async function upload(fields: Record<string, string>, zip: Buffer) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([zip], { type: 'application/zip' }), 'release.zip');
  const request = new Request('http://x/', { method: 'POST', body: form });
  const body = Buffer.from(await request.arrayBuffer());
  const headers = {
    'Content-Type': request.headers.get('content-type')!,
    ...shellHeaders({ method: 'POST', path: `${ADMIN}/releases`, body }),
  };
  return call('direct', `${ADMIN}/releases`, { method: 'POST', headers, body });
}

function admin(method: string, path: string, body?: unknown) {
  const text = body === undefined ? '' : JSON.stringify(body);
  const headers = {
    ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    ...shellHeaders({ method, path: ADMIN + path, body: text }),
  };
  return call('direct', ADMIN + path, { method, headers, body: body === undefined ? undefined : text });
}

const release = (version: string, extra: Record<string, string> = {}) =>
  upload(
    {
      package_id: packageId,
      type: 'plugin',
      slug,
      version,
      changelog: `# ${version}\n* Better forms`,
      requires_php: '8.1',
      renewal_url: RENEWAL,
      ...extra,
    },
    pluginZip(slug, version, `${stack().wordpressUrl}/`),
  );

const releases = async () => ((await admin('GET', '/releases')).body.data as Array<Record<string, any>>).filter((row) => row.slug === slug);

const check = (key: string, version: string, headers: Record<string, string> = {}) =>
  call('direct', '/wp-json/svc-license/v1/updates/check', {
    ...json({ plugins: [{ file: `${slug}/${slug}.php`, version }], wp_version: '7.1', php_version: '8.2' }),
    headers: { 'Content-Type': 'application/json', ...bearer(key), ...headers },
  });

/**
 * The client site's update_plugins transient for the test plugin after a fresh wp_update_plugins().
 * WordPress 7.1 asks api.wordpress.org first and stops when that fails (wp-includes/update.php),
 * before any `update_plugins_{hostname}` filter: the test site cannot reach it, so its request is
 * answered with a synthetic "nothing to update" (the shape of WordPress.org's update-check answer,
 * not recorded from it).
 */
const clientUpdate = (pluginFile?: string) =>
  client.php<Record<string, any> | null>(`
    add_filter( 'pre_http_request', function ( $reply, $args, $url ) {
      if ( ! str_starts_with( $url, 'http://api.wordpress.org/plugins/update-check/' ) && ! str_starts_with( $url, 'https://api.wordpress.org/plugins/update-check/' ) ) {
        return $reply;
      }
      return array( 'headers' => array(), 'body' => '{"plugins":[],"translations":[],"no_update":[]}', 'response' => array( 'code' => 200, 'message' => 'OK' ), 'cookies' => array() );
    }, 10, 3 );
    delete_site_transient( 'update_plugins' );
    wp_update_plugins();
    $updates = get_site_transient( 'update_plugins' );
    $file = ${phpString(pluginFile ?? `${slug}/${slug}.php`)};
    return isset( $updates->response[ $file ] ) ? (array) $updates->response[ $file ] : null;`);

const installedVersion = () =>
  /Version: (\S+)/.exec(readFileSync(join(client.wordpressDir, 'wp-content', 'plugins', slug, `${slug}.php`), 'utf8'))![1];

beforeAll(async () => {
  client = await startClientSite();
  buyer = createKey();
  packageId = `upd-${randomUUID().slice(0, 8)}`;
  slug = `acme-${randomUUID().slice(0, 8)}`;
  const terms = ['--price', '29.00', '--currency', 'EUR', '--features', 'module.forms', '--duration-days', '30', '--sites', '1'];
  hub('package', 'create', '--id', packageId, '--name', packageId, ...terms, '--woo-product', String(PRODUCT));
  const init = json({ package_id: packageId, site_url: buyer.siteUrl });
  const order = await call('direct', '/wp-json/svc-commerce/v1/checkout', { ...init, headers: { ...init.headers, ...bearer(buyer.key) } });
  expect(order.status).toBe(201);
  await wooStandIn.pay(order.body.woo_order_id);
  const detail = await call('direct', `/wp-json/svc-commerce/v1/orders/${order.body.id}`, { headers: bearer(buyer.key) });
  await client.php(`update_option( Svc_Client_Settings::OPTION, array( 'hub_url' => ${phpString(stack().wordpressUrl)} ) ); return true;`);
  const activation = await client.php<Record<string, any>>(`return svc_client_activate( ${phpString(detail.body.license_key)} );`);
  clientSiteUrl = activation.site_url;
  // Version 1.0.0 installed on the client site, updating from the hub.
  const folder = join(client.wordpressDir, 'wp-content', 'plugins', slug);
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    join(folder, `${slug}.php`),
    `<?php\n/**\n * Plugin Name: ${slug} test plugin\n * Version: 1.0.0\n * Update URI: ${stack().wordpressUrl}/\n */\n`,
  );
}, 240_000);
afterAll(async () => {
  await client?.stop();
});

describe('releases and updates', () => {
  it('an activated site sees the release and WordPress installs it from the signed URL; counted once', async () => {
    const uploaded = await release('1.1.0');
    expect(uploaded.status).toBe(201);
    expect(uploaded.body).toMatchObject({ slug, version: '1.1.0', channel: 'stable', withdrawn: false, downloads: 0 });
    expect(uploaded.body.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect((await release('1.1.0')).body.data.params).toEqual({ version: `${slug} already has a release 1.1.0` });

    const update = await clientUpdate();
    expect(update).toMatchObject({ slug, new_version: '1.1.0', requires_php: '8.1', upgrade_notice: '' });
    expect(update!.package).toMatch(new RegExp(`^${stack().wordpressUrl}/wp-json/svc-license/v1/downloads/`));

    const details = await client.php<Record<string, any>>(
      `require_once ABSPATH . 'wp-admin/includes/plugin-install.php'; return (array) plugins_api( 'plugin_information', array( 'slug' => ${phpString(slug)} ) );`,
    );
    expect(details).toMatchObject({ slug, version: '1.1.0' });
    expect(details.sections.changelog).toBe('<h4>1.1.0</h4>\n<ul><li>Better forms</li></ul>');

    const result = await client.php<Record<string, any>>(`
      if ( ! defined( 'FS_METHOD' ) ) { define( 'FS_METHOD', 'direct' ); }
      require_once ABSPATH . 'wp-admin/includes/admin.php';
      require_once ABSPATH . 'wp-admin/includes/class-wp-upgrader.php';
      $upgrader = new Plugin_Upgrader( new Automatic_Upgrader_Skin() );
      $result = $upgrader->upgrade( ${phpString(`${slug}/${slug}.php`)} );
      return array( 'result' => is_wp_error( $result ) ? $result->get_error_message() : $result, 'messages' => $upgrader->skin->get_upgrade_messages() );`);
    expect(result).toMatchObject({ result: true });
    expect(installedVersion()).toBe('1.1.0');
    expect((await releases()).find((row) => row.version === '1.1.0')!.downloads).toBe(1);
  });

  it('a rollback makes the earlier release current; a withdrawn release cannot be downloaded', async () => {
    expect((await release('1.2.0')).status).toBe(201);
    const offered = await check(buyer.key, '1.0.0');
    expect(offered.body.plugins[`${slug}/${slug}.php`]).toMatchObject({ version: '1.2.0' });
    const url: string = offered.body.plugins[`${slug}/${slug}.php`].package;

    const rolled = await admin('POST', '/releases/rollback', { type: 'plugin', slug, version: '1.1.0' });
    expect(rolled.status).toBe(200);
    expect(rolled.body.data.map((row: any) => [row.version, row.withdrawn])).toEqual([
      ['1.2.0', true],
      ['1.1.0', false],
    ]);
    expect((await check(buyer.key, '1.0.0')).body.plugins[`${slug}/${slug}.php`]).toMatchObject({ version: '1.1.0' });
    const withdrawn = await call('direct', new URL(url).pathname);
    expect([withdrawn.status, withdrawn.body.code]).toEqual([403, 'svc_download_refused']);
    expect((await admin('POST', '/releases/rollback', { slug, version: '9.9' })).status).toBe(404);
  });

  it('downloads count once each; tampered, malformed and foreign URLs are refused', async () => {
    const url = new URL((await check(buyer.key, '1.0.0')).body.plugins[`${slug}/${slug}.php`].package).pathname;
    const before = (await releases()).find((row) => row.version === '1.1.0')!.downloads;
    const zip = await fetch(stack().wordpressUrl + url);
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-disposition')).toBe(`attachment; filename="${slug}-1.1.0.zip"`);
    expect(
      Buffer.from(await zip.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
    expect((await releases()).find((row) => row.version === '1.1.0')!.downloads).toBe(before + 1);
    // A link is used once: the same URL again is refused and not counted.
    const reused = await call('direct', url);
    expect([reused.status, reused.body.message]).toEqual([
      403,
      'This download link was used before: ask WordPress to check for updates again.',
    ]);
    expect((await releases()).find((row) => row.version === '1.1.0')!.downloads).toBe(before + 1);

    const [payload, signature] = url.split('/').pop()!.split('.') as [string, string];
    const grant = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...grant, s: clientSiteUrl })).toString('base64url');
    for (const bad of [`${forged}.${signature}`, `${payload}.${signature.slice(0, -1)}`, 'not-a-token']) {
      const refused = await call('direct', `/wp-json/svc-license/v1/downloads/${bad}`);
      expect([refused.status, refused.body.code]).toEqual([403, 'svc_download_refused']);
    }
    const foreign = await call('direct', url, { headers: { 'X-Svc-Site': clientSiteUrl } });
    expect([foreign.status, foreign.body.message]).toEqual([403, 'This download link was issued to another site.']);
    expect((await releases()).find((row) => row.version === '1.1.0')!.downloads).toBe(before + 1);
  });

  it('a lapsed licence sees the update with an empty package and the renewal link, and cannot download', async () => {
    const issued = new URL((await check(buyer.key, '1.0.0')).body.plugins[`${slug}/${slug}.php`].package).pathname;
    await client.php(`
      $file = WP_PLUGIN_DIR . '/' . ${phpString(`${slug}/${slug}.php`)};
      file_put_contents( $file, str_replace( 'Version: 1.1.0', 'Version: 1.0.0', file_get_contents( $file ) ) );
      return true;`);
    hub('entitlement', 'set', '--site', buyer.siteUrl, '--package', packageId, '--status', 'expired', '--reason', 'licence lapsed (e2e)');
    const update = await clientUpdate();
    expect(update).toMatchObject({ new_version: '1.1.0', package: '', url: RENEWAL });
    expect(update!.upgrade_notice).toContain(`renew at ${RENEWAL}`);
    const refused = await call('direct', issued);
    expect([refused.status, refused.body.message]).toEqual([403, "The site's licence does not cover this product now."]);
  });

  it('the CLI uploads, lists and rolls back as the admin routes do', async () => {
    const zipPath = join(stack().dir, `${slug}-3.0.0.zip`);
    writeFileSync(zipPath, pluginZip(slug, '3.0.0', `${stack().wordpressUrl}/`));
    const [uploaded] = hub('release', 'upload', '--package', packageId, '--slug', slug, '--version', '3.0.0', '--channel', 'beta', zipPath);
    expect(uploaded).toMatch(new RegExp(`^rel_\\w+  plugin ${slug} 3.0.0 \\(beta\\), sha256 [0-9a-f]{64}$`));
    expect(hub('release', 'list').find((line) => line.includes(`\t${slug}\t3.0.0\t`))).toContain('\tbeta\toffered\t0\t');
    // A beta release is offered to a site that asks for beta only.
    expect((await check(buyer.key, '1.0.0')).body.plugins[`${slug}/${slug}.php`]).toMatchObject({ version: '1.1.0' });
    const beta = await call('direct', '/wp-json/svc-license/v1/updates/check', {
      ...json({ plugins: [{ file: `${slug}/${slug}.php`, version: '1.0.0' }], channel: 'beta' }),
      headers: { 'Content-Type': 'application/json', ...bearer(buyer.key) },
    });
    expect(beta.body.plugins[`${slug}/${slug}.php`]).toMatchObject({ version: '3.0.0' });
    expect(hub('release', 'rollback', '--slug', slug, '--version', '1.1.0')).toEqual([
      '3.0.0\twithdrawn\t0 downloads',
      '1.2.0\twithdrawn\t0 downloads',
      expect.stringMatching(/^1\.1\.0\toffered\t\d+ downloads$/),
    ]);
    expect(() =>
      hub('release', 'upload', '--package', packageId, '--slug', slug, '--version', '3.0.0', join(stack().dir, 'no-such.zip')),
    ).toThrow();
  });

  it('svc-client updates itself the same way: its Update URI names the connected hub (svc-hub.invalid)', async () => {
    const clientPackage = `svc-client-${randomUUID().slice(0, 8)}`;
    hub(
      'package',
      'create',
      '--id',
      clientPackage,
      '--name',
      clientPackage,
      '--price',
      '1.00',
      '--currency',
      'EUR',
      '--features',
      'module.x',
    );
    const zip = buildZip([
      {
        name: 'svc-client/svc-client.php',
        content: '<?php\n/**\n * Plugin Name: svc-client\n * Version: 99.0.0\n * Update URI: https://svc-hub.invalid/svc-client\n */\n',
      },
    ]);
    expect((await upload({ package_id: clientPackage, slug: 'svc-client', version: '99.0.0' }, zip)).status).toBe(201);
    // This site holds no licence of that package: the update shows, without a package (svc-client is this checkout's folder, never installed over).
    expect(await clientUpdate('svc-client/svc-client.php')).toMatchObject({ slug: 'svc-client', new_version: '99.0.0', package: '' });
  });

  it('refuses bad zips naming file, storing nothing', async () => {
    const count = (await releases()).length;
    const hubUrl = `${stack().wordpressUrl}/`;
    const cases: Array<[Buffer, string]> = [
      [Buffer.from('not a zip'), 'is not a zip file'],
      [buildZip([{ name: `${slug}/readme.txt`, content: 'no header' }]), 'with a "Plugin Name:" header'],
      [pluginZip(slug, '2.0.0', hubUrl, [{ name: `${slug}/../../wp-config.php`, content: 'x' }]), 'escapes its folder'],
      [pluginZip(slug, '2.0.0', hubUrl, [{ name: `${slug}/bomb.txt`, content: Buffer.alloc(4 * 1024 * 1024) }]), 'zip bomb'],
      [pluginZip(slug, '2.0.1', hubUrl), 'not 2.0.0'],
      [pluginZip(slug, '2.0.0', 'https://elsewhere.example/'), 'must point at this hub'],
    ];
    for (const [zip, message] of cases) {
      const answer = await upload({ package_id: packageId, slug, version: '2.0.0' }, zip);
      expect([answer.status, answer.body.code]).toEqual([400, 'svc_invalid_request']);
      expect(answer.body.data.params.file).toContain(message);
    }
    const fields = await upload(
      { package_id: 'no-such-package', type: 'widget', slug: '../x', version: 'v1', channel: 'nightly' },
      Buffer.from('x'),
    );
    expect(Object.keys(fields.body.data.params).sort()).toEqual(['channel', 'slug', 'type', 'version']);
    expect((await releases()).length).toBe(count);
  });
});
