import { hub } from '../support/hub-cli';
import { bearer, call, json } from '../support/lanes';
import { connectClient, createClientKey, pollUntil, type ClientKey } from '../support/client-key';
import { startClientSite, type ClientSite } from '../support/client-site';
import { delivery, phpJsonEncode, restOrder } from '../support/woo-webhook';
import { wooStandIn } from '../support/woocommerce-stand-in';

/**
 * A purchase on the hub reaches a real client site (issue 15): the hub's outbox delivers the
 * signed summary to svc-client's receiver on a second WordPress 7.1, `svc_client_has_feature()`
 * turns true and the example module switches on; a refund turns both off.
 */
jest.setTimeout(120_000);

let client: ClientSite;
beforeAll(async () => {
  client = await startClientSite();
}, 120_000);
afterAll(async () => {
  await client?.stop();
});

const hasSeo = () => client.php<boolean>("return svc_client_has_feature( 'module.seo' );");
const moduleState = () => client.php<{ state: string } | false>("return get_option( 'svc_example_seo_module' );");
const packageFor = (id: string, store?: string) =>
  hub(
    'package',
    'create',
    '--id',
    id,
    '--name',
    'SEO module',
    '--price',
    '19.00',
    '--currency',
    'EUR',
    '--features',
    'module.seo',
    '--duration-days',
    '30',
    ...(store ? ['--store', store] : []),
    '--woo-product',
    '77',
  );

async function checkout(key: ClientKey, packageId: string): Promise<{ id: string; woo_order_id: number }> {
  const init = json({ package_id: packageId, site_url: key.siteUrl });
  const order = await call('wordpress', '/wp-json/svc-commerce/v1/checkout', { ...init, headers: { ...init.headers, ...bearer(key.key) } });
  expect(order.status).toBe(201);
  return order.body;
}

describe('svc-client: licences in sync with purchases on the hub', () => {
  it('WooCommerce webhook path: paid → module.seo on at the client (timed), refunded → off; the example module follows', async () => {
    const key = createClientKey(client);
    await connectClient(client, key);
    expect(await hasSeo()).toBe(false);
    const source = `https://shop-${key.id.slice(-8).toLowerCase()}.example/`;
    const storeSecret = `store-secret-${key.id}`;
    hub('store', 'add', '--source', source, '--secret', storeSecret);
    const packageId = `seo-webhook-${key.id.slice(-8).toLowerCase()}`;
    packageFor(packageId, source);
    const order = await checkout(key, packageId);
    const wooOrderId = 6000 + Math.floor(Math.random() * 1000);
    const paidAt = new Date(Date.now() - 60_000);
    const send = (status: string, modifiedAt: Date) =>
      call(
        'wordpress',
        '/wp-json/svc-license/v1/webhook/woo-order-paid',
        delivery(phpJsonEncode(restOrder({ id: wooOrderId, hubOrderId: order.id, siteUrl: key.siteUrl, status, paidAt, modifiedAt })), {
          source,
          key: storeSecret,
        }),
      );

    const sentAt = Date.now();
    expect((await send('processing', new Date(Date.now() - 50_000))).status).toBe(200);
    expect(await pollUntil(hasSeo, (on) => on)).toBe(true);
    const elapsed = Date.now() - sentAt;
    process.stdout.write(`[svc-client] paid webhook at the hub → module.seo on at the client: ${elapsed} ms\n`);
    expect(await moduleState()).toMatchObject({ state: 'on' });
    const license = await client.license();
    expect(license).toMatchObject({ source: 'webhook', key_refused: false, summary: { site_url: key.siteUrl, features: ['module.seo'] } });

    expect((await send('refunded', new Date(Date.now() - 30_000))).status).toBe(200);
    expect(await pollUntil(hasSeo, (on) => !on)).toBe(false);
    expect(await moduleState()).toMatchObject({ state: 'off' });
    expect(await client.php('return svc_client_features();')).toEqual([]);
    expect((await client.license()).sequence).toBeGreaterThan(license.sequence);
  });

  it('WooCommerce on the hub site (in-process): paid → on, refunded → off, and the change action ran once each way', async () => {
    const key = createClientKey(client);
    await connectClient(client, key);
    await client.php("delete_option( 'svc_example_seo_module' ); return true;");
    const packageId = `seo-local-${key.id.slice(-8).toLowerCase()}`;
    packageFor(packageId);
    const order = await checkout(key, packageId);

    const paidAt = Date.now();
    await wooStandIn.pay(order.woo_order_id);
    expect(await pollUntil(hasSeo, (on) => on)).toBe(true);
    process.stdout.write(`[svc-client] paid in-process at the hub → module.seo on at the client: ${Date.now() - paidAt} ms\n`);
    expect(await moduleState()).toMatchObject({ state: 'on' });
    expect(await client.php('return svc_client_features();')).toEqual(['module.seo']);

    await wooStandIn.setStatus(order.woo_order_id, 'refunded');
    expect(await pollUntil(hasSeo, (on) => !on)).toBe(false);
    expect(await moduleState()).toMatchObject({ state: 'off' });
    const log = await client.php<{ kind: string; outcome: string }[]>('return Svc_Client_Activity_Log::all();');
    expect(log.filter((entry) => entry.kind === 'delivery' && entry.outcome === 'applied').length).toBeGreaterThanOrEqual(2);
  });
});
