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
import { themeStyle, themeZip } from '../support/zip-builder';

/**
 * Theme updates and stale download URLs (docs/architecture.md §12, docs/commerce.md "Releases
 * and updates") on the suite's real WordPress 7.1 client site, activated with a licence key: a
 * theme whose style.css says `Update URI: <hub>/` sees the hub's release after
 * wp_update_themes() and WordPress's Theme_Upgrader installs it from the signed URL, counted
 * once; an update transient whose package URL the hub refuses (expired and tampered, or issued
 * to another site) still installs, because svc-client asks for a fresh URL before downloading;
 * a site whose licence lapsed gets the hub's words and renewal link as the upgrader's error,
 * installing nothing. The settings screen's licence table of an activated site follows the
 * signed document, not the grace-hours setting.
 */
jest.setTimeout(180_000);

const PRODUCT = 78;
const ADMIN = '/wp-json/svc-hub/v1/admin';
const RENEWAL = 'https://shop.example/renew-theme';
let client: ClientSite;
let buyer: TestKey;
let packageId: string;
let slug: string;

/** A multipart upload as the admin screen sends it, signed as the shell signs it, straight to the worker. */
async function upload(version: string) {
  const form = new FormData();
  const fields = {
    package_id: packageId,
    type: 'theme',
    slug,
    version,
    changelog: `# ${version}\n* Darker headings`,
    renewal_url: RENEWAL,
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([themeZip(slug, version, `${stack().wordpressUrl}/`)], { type: 'application/zip' }), 'theme.zip');
  const request = new Request('http://x/', { method: 'POST', body: form });
  const body = Buffer.from(await request.arrayBuffer());
  const headers = {
    'Content-Type': request.headers.get('content-type')!,
    ...shellHeaders({ method: 'POST', path: `${ADMIN}/releases`, body }),
  };
  return call('direct', `${ADMIN}/releases`, { method: 'POST', headers, body });
}

async function downloads(version: string): Promise<number> {
  const answer = await call('direct', `${ADMIN}/releases`, {
    headers: shellHeaders({ method: 'GET', path: `${ADMIN}/releases`, body: '' }),
  });
  return (answer.body.data as Array<Record<string, any>>).find((row) => row.slug === slug && row.version === version)!.downloads;
}

/**
 * WordPress 7.1 asks api.wordpress.org first and stops when that fails (wp-includes/update.php),
 * before any `update_themes_{hostname}` filter: the test site cannot reach it, so its requests
 * are answered with a synthetic "nothing to update" (the shape of WordPress.org's update-check
 * answer, not recorded from it).
 */
const SYNTHETIC_WORDPRESS_ORG = `
  add_filter( 'pre_http_request', function ( $reply, $args, $url ) {
    if ( ! preg_match( '#^https?://api\\.wordpress\\.org/(themes|plugins)/update-check/#', $url ) ) {
      return $reply;
    }
    return array( 'headers' => array(), 'body' => '{"themes":[],"plugins":[],"translations":[],"no_update":[]}', 'response' => array( 'code' => 200, 'message' => 'OK' ), 'cookies' => array() );
  }, 10, 3 );`;

/** The update_themes transient's entry for the test theme after a fresh wp_update_themes(). */
const themeUpdate = () =>
  client.php<Record<string, any> | null>(`${SYNTHETIC_WORDPRESS_ORG}
    delete_site_transient( 'update_themes' );
    wp_update_themes();
    $updates = get_site_transient( 'update_themes' );
    return $updates->response[ ${phpString(slug)} ] ?? null;`);

/** Theme_Upgrader::upgrade() as Dashboard → Updates runs it: its result (true when installed) and the skin's messages. */
const upgradeTheme = () =>
  client.php<{ result: unknown; messages: string[] }>(`${SYNTHETIC_WORDPRESS_ORG}
    if ( ! defined( 'FS_METHOD' ) ) { define( 'FS_METHOD', 'direct' ); }
    require_once ABSPATH . 'wp-admin/includes/admin.php';
    require_once ABSPATH . 'wp-admin/includes/class-wp-upgrader.php';
    $upgrader = new Theme_Upgrader( new Automatic_Upgrader_Skin() );
    $result = $upgrader->upgrade( ${phpString(slug)} );
    return array( 'result' => is_wp_error( $result ) ? $result->get_error_message() : $result, 'messages' => $upgrader->skin->get_upgrade_messages() );`);

/** Replaces the test theme's package URL in the update transient WordPress keeps. */
const keepStalePackage = (url: string) =>
  client.php(`
    $updates = get_site_transient( 'update_themes' );
    $updates->response[ ${phpString(slug)} ]['package'] = ${phpString(url)};
    set_site_transient( 'update_themes', $updates );
    return true;`);

const installedVersion = () =>
  /Version: (\S+)/.exec(readFileSync(join(client.wordpressDir, 'wp-content', 'themes', slug, 'style.css'), 'utf8'))![1];

/** A download URL with its token's expiry moved an hour into the past: the hub refuses it (its signature no longer matches). */
function expiredCopy(url: string): string {
  const token = url.split('/').pop()!;
  const [payload, signature] = token.split('.') as [string, string];
  const grant = JSON.parse(Buffer.from(payload, 'base64url').toString());
  const stale = Buffer.from(JSON.stringify({ ...grant, e: Math.floor(Date.now() / 1000) - 3600 })).toString('base64url');
  return url.replace(token, `${stale}.${signature}`);
}

beforeAll(async () => {
  client = await startClientSite();
  buyer = createKey();
  packageId = `theme-${randomUUID().slice(0, 8)}`;
  slug = `acme-theme-${randomUUID().slice(0, 8)}`;
  const terms = ['--price', '19.00', '--currency', 'EUR', '--features', 'module.theme', '--duration-days', '30', '--sites', '1'];
  hub('package', 'create', '--id', packageId, '--name', packageId, ...terms, '--woo-product', String(PRODUCT));
  const init = json({ package_id: packageId, site_url: buyer.siteUrl });
  const order = await call('direct', '/wp-json/svc-commerce/v1/checkout', { ...init, headers: { ...init.headers, ...bearer(buyer.key) } });
  expect(order.status).toBe(201);
  await wooStandIn.pay(order.body.woo_order_id);
  const detail = await call('direct', `/wp-json/svc-commerce/v1/orders/${order.body.id}`, { headers: bearer(buyer.key) });
  await client.php(`update_option( Svc_Client_Settings::OPTION, array( 'hub_url' => ${phpString(stack().wordpressUrl)} ) ); return true;`);
  const activation = await client.php<Record<string, any>>(`return svc_client_activate( ${phpString(detail.body.license_key)} );`);
  expect(activation.site_url).toBeTruthy();
  // Version 1.0.0 installed on the client site (not the active theme), updating from the hub.
  const folder = join(client.wordpressDir, 'wp-content', 'themes', slug);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'style.css'), themeStyle(slug, '1.0.0', `${stack().wordpressUrl}/`));
  writeFileSync(join(folder, 'index.php'), '<?php\n');
}, 180_000);
afterAll(async () => {
  await client?.stop();
});

describe('theme updates from the hub', () => {
  it('wp_update_themes() offers the release with a hub package URL; Theme_Upgrader installs it, counted once', async () => {
    expect((await upload('1.1.0')).status).toBe(201);
    const update = await themeUpdate();
    expect(update).toMatchObject({ theme: slug, new_version: '1.1.0', id: `${stack().wordpressUrl}/` });
    expect(update!.package).toMatch(new RegExp(`^${stack().wordpressUrl}/wp-json/svc-license/v1/downloads/`));

    expect(await upgradeTheme()).toMatchObject({ result: true });
    expect(installedVersion()).toBe('1.1.0');
    expect(await downloads('1.1.0')).toBe(1);
  });

  it("the licence table of an activated site shows the signed document's status, features and end, not the grace-hours setting", async () => {
    const kept = await client.php<Record<string, unknown>>(`
      $kept = array( 'settings' => get_option( Svc_Client_Settings::OPTION ), 'license' => get_option( Svc_Client_License::OPTION ) );
      // The hub unreachable for two hours, with a one-hour grace setting: the old table said "expired".
      update_option( Svc_Client_Settings::OPTION, array_merge( $kept['settings'], array( 'grace_hours' => 1 ) ) );
      update_option( Svc_Client_License::OPTION, array_merge( $kept['license'], array( 'confirmed_at' => time() - 7200, 'last_error' => 'unreachable (e2e)' ) ) );
      return $kept;`);
    const screen = await client.php<string>(`
      require_once ABSPATH . 'wp-admin/includes/template.php';
      wp_set_current_user( get_users( array( 'role' => 'administrator' ) )[0]->ID );
      ob_start(); Svc_Client_Admin_View::render(); $html = ob_get_clean();
      $ends = wp_date( 'Y-m-d H:i:s', Svc_Client_License_Document::ends_at() );
      return $html . '<!--ends ' . $ends . '-->';`);
    await client.php(`
      $kept = json_decode( ${phpString(JSON.stringify(kept))}, true );
      update_option( Svc_Client_Settings::OPTION, $kept['settings'] );
      update_option( Svc_Client_License::OPTION, $kept['license'] );
      return true;`);
    const cell = (name: string) => new RegExp(`<tr data-name="${name}"><th scope="row">[^<]*</th><td>([^<]*)</td>`).exec(screen)?.[1];
    const ends = /<!--ends ([^>]+)-->/.exec(screen)![1]!;
    expect(cell('status')).toBe(`active — the hub cannot be reached: the signed licence holds until ${ends}`);
    expect(cell('features')).toBe('module.theme');
    expect(cell('ends')).toMatch(new RegExp(`^${ends} \\(in \\d+ days\\)$`));
    expect(cell('grace')).toBeUndefined();
  });

  it('a kept package URL the hub refuses (expired, or issued to another site) is replaced by a fresh one before the download', async () => {
    expect((await upload('1.2.0')).status).toBe(201);
    const offered = await themeUpdate();
    await keepStalePackage(expiredCopy(offered!.package));
    expect(await upgradeTheme()).toMatchObject({ result: true });
    expect(installedVersion()).toBe('1.2.0');
    expect(await downloads('1.2.0')).toBe(1);

    expect((await upload('1.3.0')).status).toBe(201);
    await themeUpdate();
    // A URL the hub signed for the buyer's own site, unexpired: the hub refuses it to this one.
    const check = await call('direct', '/wp-json/svc-license/v1/updates/check', {
      ...json({ themes: [{ slug, version: '1.2.0' }] }),
      headers: { 'Content-Type': 'application/json', ...bearer(buyer.key) },
    });
    const foreign: string = check.body.themes[slug].package;
    expect(foreign).toMatch(/\/downloads\//);
    await keepStalePackage(foreign);
    expect(await upgradeTheme()).toMatchObject({ result: true });
    expect(installedVersion()).toBe('1.3.0');
    expect(await downloads('1.3.0')).toBe(1);
  });

  it("a site whose licence lapsed gets the hub's words and renewal link from the upgrader; nothing is installed", async () => {
    expect((await upload('1.4.0')).status).toBe(201);
    const offered = await themeUpdate();
    hub('entitlement', 'set', '--site', buyer.siteUrl, '--package', packageId, '--status', 'expired', '--reason', 'licence lapsed (e2e)');
    await keepStalePackage(expiredCopy(offered!.package));
    const upgrade = await upgradeTheme();
    expect(upgrade.result).not.toBe(true);
    expect(upgrade.messages).toContain(`Version 1.4.0 is available. Your licence does not cover updates now: renew at ${RENEWAL}.`);
    expect(installedVersion()).toBe('1.3.0');
    expect(await downloads('1.4.0')).toBe(0);
  });
});
