import { generateKeyPairSync, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { createKey, hub } from '../support/hub-cli';
import { HubProxy } from '../support/hub-proxy';
import { phpString, pollUntil } from '../support/client-key';
import { startClientSite, type ClientSite } from '../support/client-site';
import { freshDelivery, post, signature } from '../support/client-webhook';
import { bearer, call, json } from '../support/lanes';
import { signDocument } from '../support/licence-documents';
import { shellHeaders } from '../support/signed-request';
import { stack } from '../support/stack';
import { createTestServer } from '../support/test-server';
import { wooStandIn } from '../support/woocommerce-stand-in';

/**
 * svc-client activation and offline licences (docs/architecture.md §12) on a real WordPress 7.1
 * client site: activation with a paid order's licence key issues the site's key and secret and
 * pins the hub's public key; features come from the signed licence document only — a push
 * whose document another key signed is refused, an edited licence option switches nothing on;
 * with the hub unreachable the document holds until its grace end and no longer; deactivation
 * frees the seat on the hub, and the seat limit's refusal names the site holding it.
 */
jest.setTimeout(180_000);

let client: ClientSite;
let proxy: HubProxy;
let licenseKey: string;
const PRODUCT = 77;

beforeAll(async () => {
  client = await startClientSite();
  proxy = new HubProxy(stack().wordpressUrl);
  await proxy.start();
  const buyer = createKey();
  const packageId = `act-${randomUUID().slice(0, 8)}`;
  const terms = ['--price', '19.00', '--currency', 'EUR', '--features', 'module.seo,module.forms', '--duration-days', '30', '--sites', '1'];
  hub('package', 'create', '--id', packageId, '--name', packageId, ...terms, '--woo-product', String(PRODUCT));
  const init = json({ package_id: packageId, site_url: buyer.siteUrl });
  const order = await call('direct', '/wp-json/svc-commerce/v1/checkout', { ...init, headers: { ...init.headers, ...bearer(buyer.key) } });
  expect(order.status).toBe(201);
  await wooStandIn.pay(order.body.woo_order_id);
  const detail = await call('direct', `/wp-json/svc-commerce/v1/orders/${order.body.id}`, { headers: bearer(buyer.key) });
  licenseKey = detail.body.license_key;
  expect(licenseKey).toMatch(/^SVC-/);
  await client.php(`update_option( Svc_Client_Settings::OPTION, array( 'hub_url' => ${phpString(proxy.url)} ) ); return true;`);
}, 180_000);
afterAll(async () => {
  await proxy?.stop();
  await client?.stop();
});

const features = () => client.php<string[]>('return svc_client_features();');
const hasFeature = (name: string) => client.php<boolean>(`return svc_client_has_feature( ${phpString(name)} );`);
const activation = () =>
  client.php<{ activation_id: string; site_url: string; public_key: string }>('return Svc_Client_Activation::get();');
const refusedEvents = () =>
  client.php<Array<{ kind: string; outcome: string; detail: string }>>(
    "return array_values( array_filter( Svc_Client_Activity_Log::all(), fn( $e ) => 'refused' === $e['outcome'] ) );",
  );

const heldDocument = () =>
  client.php<{ site: string; sequence: number; features: string[] } | null>('return Svc_Client_License_Document::fields();');

describe('svc-client activation with a licence key', () => {
  it('activates: key and secret issued, public key pinned, features from the signed document; the first push is accepted', async () => {
    const answer = await client.php<Record<string, any>>(`return svc_client_activate( ${phpString(licenseKey.toLowerCase())} );`);
    // The suite's client site is http://127.0.0.1:…: an address the hub counts as staging, which takes no seat.
    expect(answer).toMatchObject({ staging: true, license: { status: 'active', seats: 1, seats_used: 0 } });
    expect(answer.api_key).toBeUndefined();
    expect(await client.php('return Svc_Client_Settings::get()["api_key"];')).toMatch(/^svc_live_/);
    expect(Buffer.from((await activation()).public_key, 'base64')).toHaveLength(32);
    expect(await features()).toEqual(['module.forms', 'module.seo']);
    expect(await hasFeature('module.seo')).toBe(true);
    // A change on the hub after activation is pushed with its document and applied: the secret existed before the first delivery.
    const site = (await activation()).site_url;
    hub('entitlement', 'grant', '--site', site, '--features', 'module.extra');
    await pollUntil(features, (list) => list.includes('module.extra'));
    expect(await client.php('return Svc_Client_License::state()["source"];')).toBe('webhook');
    expect(await refusedEvents()).toEqual([]);
  });

  it('refuses a push whose document another key signed, though the webhook secret is right; features unchanged', async () => {
    const before = await features();
    const held = (await heldDocument())!;
    const other = generateKeyPairSync('ed25519');
    const forged = signDocument(
      { ...held, features: [...held.features, 'module.shop'], sequence: held.sequence + 1, status: 'active' },
      other.privateKey,
    );
    const body = JSON.stringify({
      type: 'entitlement.updated',
      timestamp: new Date().toISOString(),
      sequence: held.sequence + 1,
      data: {
        site_url: held.site,
        status: 'active',
        features: [...held.features, 'module.shop'],
        entitlements: [{ id: 'ent_forged', package_id: null, status: 'active', features: ['module.shop'], expires_at: null }],
        license_document: forged,
      },
    });
    const secret = await client.php<string>('return Svc_Client_Settings::get()["webhook_secret"];');
    const delivery = freshDelivery(body);
    const answer = await post(client.receiverUrl, delivery, [signature(secret, delivery.id, delivery.timestamp, body)]);
    expect([answer.status, answer.body?.code]).toEqual([403, 'svc_client_bad_document']);
    expect(await features()).toEqual(before);
    expect(await hasFeature('module.shop')).toBe(false);
    expect((await refusedEvents()).map((event) => event.detail).join('\n')).toContain('does not verify with the pinned key');
    // Hostile documents: never a 500, the same refusal, nothing changed.
    const hostile: unknown[] = [undefined, 7, 'x', [], { payload: [], signature: {} }, { payload: 'a'.repeat(70_000), signature: 'b' }];
    for (const [index, bad] of hostile.entries()) {
      const hostileBody = JSON.parse(body);
      hostileBody.sequence = held.sequence + 2 + index;
      hostileBody.data.license_document = bad;
      const text = JSON.stringify(hostileBody);
      const next = freshDelivery(text);
      const refused = await post(client.receiverUrl, next, [signature(secret, next.id, next.timestamp, text)]);
      expect([index, refused.status, refused.body?.code]).toEqual([index, 403, 'svc_client_bad_document']);
    }
    expect(await features()).toEqual(before);
  });

  it('an edited licence option or document payload switches nothing on', async () => {
    const before = await features();
    await client.php(
      "$s = get_option( Svc_Client_License::OPTION ); $s['summary']['features'][] = 'module.shop'; $s['summary']['entitlements'][0]['features'][] = 'module.shop'; update_option( Svc_Client_License::OPTION, $s ); return true;",
    );
    expect(await hasFeature('module.shop')).toBe(false);
    expect(await features()).toEqual(before);
    const stored = await client.php<{ payload: string; signature: string }>('return get_option( Svc_Client_License_Document::OPTION );');
    const edited = JSON.parse(Buffer.from(stored.payload, 'base64url').toString('utf8'));
    edited.features.push('module.shop');
    const payload = Buffer.from(JSON.stringify(edited)).toString('base64url');
    await client.php(
      `update_option( Svc_Client_License_Document::OPTION, array( 'payload' => ${phpString(payload)}, 'signature' => ${phpString(stored.signature)} ) ); return true;`,
    );
    expect(await hasFeature('module.shop')).toBe(false);
    expect(await features()).toEqual([]);
    await client.php(
      `update_option( Svc_Client_License_Document::OPTION, json_decode( ${phpString(JSON.stringify(stored))}, true ) ); return true;`,
    );
    expect(await features()).toEqual(before);
  });

  it('hub unreachable: the document holds until its grace end, not after', async () => {
    const before = await features();
    await proxy.stop();
    const check = await client.php<{ outcome: string }>('return Svc_Client_Session_Check::run();');
    expect(check.outcome).toBe('unreachable');
    expect(await features()).toEqual(before);
    // The hub's documents vouch for days: a test key pinned in its place signs documents whose grace end is a minute ahead, then past.
    const saved = await client.php<Record<string, unknown>>(
      'return array( get_option( Svc_Client_Activation::OPTION ), get_option( Svc_Client_License_Document::OPTION ) );',
    );
    const test = generateKeyPairSync('ed25519');
    const raw = Buffer.from(test.publicKey.export({ format: 'jwk' }).x!, 'base64url').toString('base64');
    const held = (await heldDocument())!;
    await client.php(
      `$a = get_option( Svc_Client_Activation::OPTION ); $a['public_key'] = ${phpString(raw)}; update_option( Svc_Client_Activation::OPTION, $a ); return true;`,
    );
    const store = (graceSeconds: number) => {
      const signed = signDocument({ ...held, grace_ends_at: new Date(Date.now() + graceSeconds * 1000).toISOString() }, test.privateKey);
      return client.php(
        `update_option( Svc_Client_License_Document::OPTION, json_decode( ${phpString(JSON.stringify(signed))}, true ) ); return true;`,
      );
    };
    await store(60);
    expect(await features()).toEqual(before);
    await store(-1);
    expect(await features()).toEqual([]);
    expect(await hasFeature('module.seo')).toBe(false);
    await client.php(
      `$s = json_decode( ${phpString(JSON.stringify(saved))}, true ); update_option( Svc_Client_Activation::OPTION, $s[0] ); update_option( Svc_Client_License_Document::OPTION, $s[1] ); return true;`,
    );
    expect(await features()).toEqual(before);
    await proxy.start();
  });

  it('deactivates: the hub ends the activation (its key refused), key and licence forgotten here', async () => {
    const apiKey = await client.php<string>('return Svc_Client_Settings::get()["api_key"];');
    expect((await call('direct', '/wp-json/svc-license/v1/entitlement', { headers: bearer(apiKey) })).status).toBe(200);
    expect(await client.php('return svc_client_deactivate();')).toBe(true);
    expect((await call('direct', '/wp-json/svc-license/v1/entitlement', { headers: bearer(apiKey) })).status).toBe(401);
    expect(await client.php('return Svc_Client_Settings::get()["api_key"];')).toBe('');
    expect(await client.php('return Svc_Client_Activation::is_active();')).toBe(false);
    expect(await features()).toEqual([]);
  });

  it('deactivates an activation the hub already ended (its key refused): forgotten here too', async () => {
    await client.php(`return svc_client_activate( ${phpString(licenseKey)} );`);
    const { activation_id: id } = await activation();
    const path = `/wp-json/svc-hub/v1/admin/activations/${id}/deactivate`;
    const ended = await call('direct', path, { method: 'POST', headers: shellHeaders({ method: 'POST', path, body: '' }) });
    expect(ended.body.status).toBe('deactivated');
    expect(await client.php('return svc_client_deactivate();')).toBe(true);
    expect(await client.php('return Svc_Client_Activation::is_active();')).toBe(false);
    expect(await client.php('return Svc_Client_Settings::get()["api_key"];')).toBe('');
  });

  it("shows the hub's refusals in its words: the seat limit lists the sites holding the seats, 429 says when to retry", async () => {
    // A real over-limit answer from the hub (a site outside staging holds the one seat), replayed to the client.
    const holder = `https://seat-${randomUUID().slice(0, 8)}.shop-e2e.com`;
    const activate = (site: string) =>
      call('wordpress', '/wp-json/svc-license/v1/activations', json({ license_key: licenseKey, site_url: site }));
    expect((await activate(holder)).status).toBe(201);
    const limit = await activate(`https://other-${randomUUID().slice(0, 8)}.shop-e2e.com`);
    expect([limit.status, limit.body.code]).toEqual([409, 'svc_activation_limit']);
    // The 429 is synthetic: ApiError.rateLimited's shape and words with Retry-After.
    const tooMany = {
      code: 'svc_rate_limited',
      message: 'Too many requests for this key; retry later.',
      data: { status: 429, retry_after: 37 },
    };
    const answers = [
      { status: 409, headers: {}, body: limit.text },
      { status: 429, headers: { 'Retry-After': '37' }, body: JSON.stringify(tooMany) },
    ];
    const replay = createTestServer((_request, response) => {
      const next = answers.shift()!;
      response.writeHead(next.status, { 'Content-Type': 'application/json', ...next.headers }).end(next.body);
    });
    await new Promise<void>((resolve) => replay.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(replay.address() as AddressInfo).port}`;
    try {
      type Refusal = {
        errors: Record<string, string[]>;
        error_data: Record<string, { status: number; sites: string[]; retry_after: number }>;
      };
      const seats = await client.php<Refusal>(`return Svc_Client_Activation::activate( ${phpString(licenseKey)}, ${phpString(url)} );`);
      expect(seats.error_data.svc_activation_limit).toMatchObject({ status: 409, sites: [holder] });
      expect(seats.errors.svc_activation_limit?.[0]).toBe(`${limit.body.message} Sites holding the seats: ${holder}.`);
      const later = await client.php<Refusal>(`return Svc_Client_Activation::activate( ${phpString(licenseKey)}, ${phpString(url)} );`);
      expect(later.error_data.svc_rate_limited).toMatchObject({ status: 429, retry_after: 37 });
      expect(later.errors.svc_rate_limited?.[0]).toBe('Too many requests for this key; retry later. Try again in 37 seconds.');
      expect(await client.php('return Svc_Client_Activation::is_active();')).toBe(false);
    } finally {
      await new Promise((resolve) => replay.close(resolve));
    }
  });
});
