import { existsSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hub } from '../support/hub-cli';
import { HubProxy } from '../support/hub-proxy';
import { connectClient, createClientKey, pollUntil, type ClientKey } from '../support/client-key';
import { startClientSite, type ClientSite } from '../support/client-site';
import { stack } from '../support/stack';
import { createTestServer } from '../support/test-server';

/**
 * svc-client's session check (`GET /svc-license/v1/entitlement`) on a real client site whose hub
 * URL is a stoppable proxy in front of the e2e hub: the last summary holds through the grace
 * period while the hub is unreachable, features go off past it and back on when the hub answers;
 * a revoked key switches them off at once. Issue 29: an answer older than a delivery already
 * applied never replaces it; only the hub's own error codes refuse the key (a firewall's 403 is
 * "unreachable"); the features-changed action fires at the grace end; the first answer after an
 * outage brings a check at once; a new hub, key or secret starts the licence afresh.
 */
jest.setTimeout(120_000);

let client: ClientSite;
let proxy: HubProxy;
let key: ClientKey;
beforeAll(async () => {
  client = await startClientSite();
  proxy = new HubProxy(stack().wordpressUrl);
  await proxy.start();
  key = createClientKey(client);
  await connectClient(client, key, proxy.url, 1);
}, 120_000);
afterAll(async () => {
  await proxy?.stop();
  await client?.stop();
});

interface CheckResult {
  outcome: string;
  detail: string;
}
const check = () => client.php<CheckResult>('return Svc_Client_Session_Check::run();');
const features = () => client.php<string[]>('return svc_client_features();');
const moduleState = async () =>
  (await client.php<{ state: string } | false>("return get_option( 'svc_example_seo_module' );")) || { state: 'never' };
/** Moves the last confirmation `hours` into the past, as if that much time had gone by since. */
const age = (hours: number) =>
  client.php(
    `$state = get_option( Svc_Client_License::OPTION ); $state['confirmed_at'] -= ${hours} * HOUR_IN_SECONDS; update_option( Svc_Client_License::OPTION, $state ); return true;`,
  );

describe('svc-client session check', () => {
  it('refreshes the licence from the hub on demand', async () => {
    hub('entitlement', 'grant', '--site', key.siteUrl, '--features', 'module.seo');
    await pollUntil(features, (list) => list.length > 0);
    await client.php('Svc_Client_License::forget(); return true;');
    expect(await features()).toEqual([]);
    expect(await moduleState()).toMatchObject({ state: 'off' });
    const result = await check();
    expect(result.outcome).toBe('ok');
    expect(await features()).toEqual(['module.seo']);
    expect(await client.license()).toMatchObject({ source: 'check', key_refused: false, summary: { site_url: key.siteUrl } });
    expect(await moduleState()).toMatchObject({ state: 'on' });
    expect(proxy.paths).toContain('/wp-json/svc-license/v1/entitlement');
  });

  it('hub unreachable: the grace period holds, past it features go off, the hub back turns them on again', async () => {
    await proxy.stop();
    const unreachable = await check();
    expect(unreachable.outcome).toBe('unreachable');
    expect(await features()).toEqual(['module.seo']);
    expect(await moduleState()).toMatchObject({ state: 'on' });

    await age(0.5); // half of the 1-hour grace gone: still on
    expect((await check()).outcome).toBe('unreachable');
    expect(await features()).toEqual(['module.seo']);

    await age(1.5); // two hours since the last confirmation
    expect((await check()).outcome).toBe('unreachable');
    expect(await features()).toEqual([]);
    expect(await client.php("return svc_client_has_feature( 'module.seo' );")).toBe(false);
    expect(await moduleState()).toMatchObject({ state: 'off' });
    expect((await client.license()).last_error).toMatch(/could not be reached/);

    // The first answer from the hub after the outage (here a health call) runs a check at once.
    await proxy.start();
    await client.php("Svc_Client_Hub_Client::from_settings()->request( 'GET', 'llm/router/v1/health' ); return true;");
    expect(await features()).toEqual(['module.seo']);
    expect(await moduleState()).toMatchObject({ state: 'on' });
    expect((await client.license()).last_error).toBe('');
  });

  it('the features-changed action fires when the grace period ends, from its own event', async () => {
    const [due, graceEnd] = await client.php<[number, number]>(
      'return array( wp_next_scheduled( Svc_Client_Features_Timer::HOOK ), Svc_Client_License::grace_ends_at() );',
    );
    expect(due).toBe(graceEnd + 1);
    await proxy.stop();
    await age(1.5);
    // WP-Cron runs the event at its time: no check, no delivery, the module goes off.
    await client.php('do_action( Svc_Client_Features_Timer::HOOK ); return true;');
    expect(await moduleState()).toMatchObject({ state: 'off' });
    await proxy.start();
    expect((await check()).outcome).toBe('ok');
    expect(await moduleState()).toMatchObject({ state: 'on' });
  });

  it("a firewall's HTML 403 or an unknown 401 body is the hub unreachable, not a refused key", async () => {
    const port = Number(new URL(proxy.url).port);
    await proxy.stop();
    let answer = { status: 403, type: 'text/html', body: '<html><body><h1>403 Forbidden</h1>Request blocked.</body></html>' };
    const firewall: Server = createTestServer((_request, response) => {
      response.writeHead(answer.status, { 'Content-Type': answer.type });
      response.end(answer.body);
    });
    await new Promise<void>((resolve) => firewall.listen(port, '127.0.0.1', () => resolve()));
    try {
      expect((await check()).outcome).toBe('unreachable');
      answer = { status: 401, type: 'application/json', body: JSON.stringify({ code: 'invalid_token', message: 'proxy says no' }) };
      expect((await check()).outcome).toBe('unreachable');
      answer = { status: 403, type: 'application/json', body: JSON.stringify({ code: 'svc_key_revoked', data: { status: 401 } }) };
      expect((await check()).outcome).toBe('unreachable');
      expect(await features()).toEqual(['module.seo']);
      expect(await client.license()).toMatchObject({ key_refused: false });
    } finally {
      firewall.closeAllConnections();
      await new Promise<void>((resolve) => firewall.close(() => resolve()));
      await proxy.start();
    }
    expect((await check()).outcome).toBe('ok');
  });

  it('a check answered before a suspension and applied after it leaves the suspension in force', async () => {
    const answered = join(tmpdir(), `svc-client-answered-${key.id}`);
    const release = join(tmpdir(), `svc-client-release-${key.id}`);
    const held = client.php<CheckResult>(`
      add_action( 'svc_client_session_check_answered', function () {
        touch( '${answered}' );
        $until = time() + 60;
        while ( ! file_exists( '${release}' ) && time() < $until ) { usleep( 50000 ); }
      } );
      return Svc_Client_Session_Check::run();`);
    await pollUntil(async () => existsSync(answered), Boolean, 30);
    hub('entitlement', 'set', '--site', key.siteUrl, '--status', 'suspended', '--reason', 'race');
    const suspended = await pollUntil(
      () => client.license(),
      (state) => state.summary?.status === 'suspended',
    );
    expect(suspended.source).toBe('webhook');
    writeFileSync(release, '');
    expect((await held).outcome).toBe('stale');
    expect(await client.license()).toMatchObject({ sequence: suspended.sequence, summary: { status: 'suspended' } });
    expect(await features()).toEqual([]);
    expect(await moduleState()).toMatchObject({ state: 'off' });
    hub('entitlement', 'set', '--site', key.siteUrl, '--status', 'active', '--reason', 'race over');
    await pollUntil(features, (list) => list.length > 0);
    expect((await check()).outcome).toBe('ok');
  });

  it('another hub URL, key or secret starts the licence afresh; "Re-sync now" fetches it at once', async () => {
    const before = await client.license();
    expect(before.sequence).toBeGreaterThan(0);
    await connectClient(client, key, stack().wordpressUrl, 1);
    expect(await client.license()).toMatchObject({ summary: null, sequence: 0 });
    expect(await client.php('return get_option( Svc_Client_Receiver::SEEN_OPTION, array() );')).toEqual([]);
    expect(await moduleState()).toMatchObject({ state: 'off' });
    const stored = JSON.stringify(await client.php('return get_option( Svc_Client_Settings::OPTION );'));
    expect(stored).not.toContain(key.key);
    expect(stored).not.toContain(key.webhookSecret);
    // The same values again: nothing is forgotten.
    expect((await client.php<CheckResult>('return Svc_Client_Resync::now();')).outcome).toBe('ok');
    await connectClient(client, key, stack().wordpressUrl, 1);
    expect((await client.license()).summary).not.toBeNull();
    await connectClient(client, key, proxy.url, 1);
    expect((await client.license()).summary).toBeNull();
    expect((await client.php<CheckResult>('return Svc_Client_Resync::now();')).outcome).toBe('ok');
    expect(await features()).toEqual(['module.seo']);
    expect(await moduleState()).toMatchObject({ state: 'on' });
    const screen = await client.php<string>(
      "require_once ABSPATH . 'wp-admin/includes/template.php'; wp_set_current_user( 1 ); ob_start(); Svc_Client_Admin_View::render(); return ob_get_clean();",
    );
    expect(screen).toMatch(/name="action" value="svc_client_resync"/);
  });

  it('a revoked key switches every feature off at once, whatever the grace', async () => {
    hub('key', 'revoke', key.id);
    // The hub itself refuses a revoked key within its key cache's window (docs/api-notes.md: 2 s + 2 s stale).
    const refused = await pollUntil(check, (result) => result.outcome !== 'ok', 15);
    expect(refused.outcome).toBe('refused');
    expect(await features()).toEqual([]);
    expect(await client.license()).toMatchObject({ key_refused: true });
    expect(await moduleState()).toMatchObject({ state: 'off' });
    const log = await client.php<{ kind: string; outcome: string }[]>('return Svc_Client_Activity_Log::all();');
    const outcomes = log.filter((entry) => entry.kind === 'check').map((entry) => entry.outcome);
    expect(outcomes.slice(0, 5)).toEqual(['ok', 'unreachable', 'unreachable', 'unreachable', 'ok']);
    expect(outcomes.slice(5).filter((outcome) => !['ok', 'stale'].includes(outcome))).toEqual([
      'unreachable',
      'unreachable',
      'unreachable',
      'refused',
    ]);
  });
});

describe('svc-client uninstall', () => {
  it('removes its options, cron events, notices and the mirrored library, and nothing of WordPress', async () => {
    const folder = await client.php<string>(
      "$folder = Svc_Client_Library_Folder::path(); file_put_contents( $folder . '/files/probe.svg', '<svg/>' ); set_transient( 'svc_client_notice_1', array( 'type' => 'success' ), 300 ); return $folder;",
    );
    const left = await client.php<Record<string, unknown>>(`
      require_once ABSPATH . 'wp-admin/includes/plugin.php';
      uninstall_plugin( 'svc-client/svc-client.php' );
      global $wpdb;
      return array(
        'options'  => $wpdb->get_col( "SELECT option_name FROM {$wpdb->options} WHERE option_name LIKE '%svc\\\\_client%'" ),
        'cron'     => array_values( array_filter( array( 'svc_client_session_check', 'svc_client_features_due', 'svc_client_library_sync' ), 'wp_next_scheduled' ) ),
        'folder'   => is_dir( '${folder}' ),
        'siteurl'  => get_option( 'siteurl' ) !== false,
      );`);
    expect(left).toEqual({ options: [], cron: [], folder: false, siteurl: true });
  });
});
