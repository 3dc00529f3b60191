import { hub } from '../support/hub-cli';
import { HubProxy } from '../support/hub-proxy';
import { connectClient, createClientKey, pollUntil, type ClientKey } from '../support/client-key';
import { startClientSite, type ClientSite } from '../support/client-site';
import { stack } from '../support/stack';

/**
 * svc-client's session check (`GET /svc-license/v1/entitlement`) on a real client site whose hub
 * URL is a stoppable proxy in front of the e2e hub: the last summary holds through the grace
 * period while the hub is unreachable, features go off past it and back on when the hub answers;
 * a revoked key switches them off at once.
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
    await client.php('delete_option( Svc_Client_License::OPTION ); Svc_Client_License::announce_changes(); return true;');
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

    await proxy.start();
    expect((await check()).outcome).toBe('ok');
    expect(await features()).toEqual(['module.seo']);
    expect(await moduleState()).toMatchObject({ state: 'on' });
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
    expect(outcomes.slice(5).filter((outcome) => outcome !== 'ok')).toEqual(['refused']);
  });
});
