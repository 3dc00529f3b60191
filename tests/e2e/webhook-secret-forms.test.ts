import { randomUUID } from 'node:crypto';
import { bearer, call, json } from '../support/lanes';
import { createKey, hub } from '../support/hub-cli';
import { hubServices } from '../support/hub-services';
import { closeLoopbackAgents, randomLoopbackAddress } from '../support/loopback';
import { admin, sendWebhook } from '../support/webhook-calls';
import { delivery, phpJsonEncode, restOrder } from '../support/woo-webhook';

/**
 * The webhook secret in every form WooCommerce signs with (docs/external/woocommerce.md, "Observed on a
 * real store"): as typed, as its admin form stores it (sanitised: tags and %XX removed,
 * trimmed; then HTML-decoded), and a generated secret's trailing space before and after a
 * re-save trimmed it. Then each store's verification health on the admin stores route: failing
 * after SVC_WEBHOOK_WARN_FAILURES bad deliveries in a row, disabled at WooCommerce's limit,
 * silent when orders wait with no delivery, and well again after a good delivery.
 */
const unique = randomUUID().slice(0, 8);
const ADDRESS = randomLoopbackAddress();
afterAll(closeLoopbackAgents);

/** The facts' example, typed into WooCommerce's field and copied into the hub as typed. */
const TYPED = `Ab&c<d>e"f'g<h&i%41j-${unique}`;
/** What WooCommerce signs with after saving the form: `Ab&ce"f'g<h&ij` in the facts. */
const STORED_KEY = `Ab&ce"f'g<h&ij-${unique}`;
/** A generated secret ending in a space: kept by the first save, trimmed by a later re-save. */
const GENERATED = `g3n&${unique}>x"y'z `;

const TYPED_STORE = `https://typed-${unique}.example/`;
const GENERATED_STORE = `https://generated-${unique}.example/`;
const SILENT_STORE = `https://silent-${unique}.example/`;
hub('store', 'add', '--source', TYPED_STORE, '--secret', TYPED);
hub('store', 'add', '--source', GENERATED_STORE, '--secret', GENERATED);
hub('store', 'add', '--source', SILENT_STORE, '--secret', `silent-${unique}`);

/** An order.updated naming no hub order: verified, answered 200 `unmatched`. */
function body(): string {
  return phpJsonEncode(
    restOrder({
      id: 4242,
      hubOrderId: '',
      siteUrl: 'https://client.example',
      status: 'processing',
      paidAt: new Date(),
      modifiedAt: new Date(),
    }),
  );
}

const send = async (source: string, key: string) => (await sendWebhook(ADDRESS, 'direct', delivery(body(), { source, key }))).answer;
const storeJson = async (source: string) =>
  (await admin('GET', '/stores')).body.data.find((entry: { source_url: string }) => entry.source_url === source);

describe('the secret in every form WooCommerce signs with', () => {
  it.each([
    ['typed (a store created through the REST API keeps it)', TYPED_STORE, TYPED],
    ['as the admin form stores it (tags and %XX removed, decoded)', TYPED_STORE, STORED_KEY],
    ['a generated secret with its trailing space (first save)', GENERATED_STORE, GENERATED],
    ['the same secret trimmed by a later re-save of the form', GENERATED_STORE, GENERATED.trimEnd()],
  ])('verifies a delivery signed with the secret %s', async (_label, source, key) => {
    const answer = await send(source, key);
    expect([answer.status, answer.body.outcome]).toEqual([200, 'unmatched']);
  });

  it('still refuses any other key', async () => {
    expect((await send(TYPED_STORE, `Ab&ce"f'gij-${unique}`)).status).toBe(401);
    expect((await send(GENERATED_STORE, GENERATED.trim().slice(0, -1))).status).toBe(401);
    await send(TYPED_STORE, TYPED); // leave both stores well
    await send(GENERATED_STORE, GENERATED);
  });
});

describe("a store's verification health", () => {
  it('warns after 3 failures in a row with the likely cause and what to do, says disabled at 6, and clears on a good delivery', async () => {
    const before = await storeJson(TYPED_STORE);
    expect(before.health).toEqual({ status: 'ok', message: null, action: null });
    expect(before.verification).toMatchObject({ failures_in_row: 0, last_success_at: expect.any(String) });

    for (let attempt = 0; attempt < 3; attempt += 1) expect((await send(TYPED_STORE, 'a key from before the re-save')).status).toBe(401);
    const failing = await storeJson(TYPED_STORE);
    expect(failing.verification).toMatchObject({
      failures_in_row: 3,
      last_failure_at: expect.any(String),
      last_failure_reason: 'the signature did not match the secret configured for the store',
    });
    expect(failing.health.status).toBe('failing');
    expect(failing.health.message).toMatch(
      /The last 3 deliveries failed verification; WooCommerce disables the webhook after 6\. The secret probably changed in WooCommerce \(a re-save of the webhook form trims or strips it\)\./,
    );
    expect(failing.health.action).toMatch(
      /^Copy the secret shown in WooCommerce → Settings → Advanced → Webhooks into this store's secret here \(or rotate/,
    );

    expect(hub('store', 'list').find((line) => line.includes(TYPED_STORE))).toMatch(/\tdeliveries failing \(3 failed in a row\)$/);

    for (let attempt = 0; attempt < 3; attempt += 1) await send(TYPED_STORE, 'a key from before the re-save');
    const disabled = await storeJson(TYPED_STORE);
    expect(disabled.health.status).toBe('disabled');
    expect(disabled.health.action).toMatch(/set the webhook's status back to Active/);

    expect((await send(TYPED_STORE, STORED_KEY)).status).toBe(200);
    const well = await storeJson(TYPED_STORE);
    expect(well.health.status).toBe('ok');
    expect(well.verification.failures_in_row).toBe(0);
    expect(Date.parse(well.verification.last_success_at)).toBeGreaterThan(Date.parse(disabled.verification.last_failure_at) - 1);
  });

  it('calls a store silent when one of its orders has waited a day with no delivery, and well after one', async () => {
    const packageId = `silent-${unique}`;
    hub(
      'package',
      'create',
      '--id',
      packageId,
      '--name',
      'Silent',
      '--price',
      '5.00',
      '--currency',
      'EUR',
      '--features',
      'module.silent',
      '--duration-days',
      '30',
      '--woo-product',
      '77',
      '--store',
      SILENT_STORE,
    );
    const client = createKey();
    const init = json({ package_id: packageId, site_url: client.siteUrl });
    const checkout = await call('direct', '/wp-json/svc-commerce/v1/checkout', {
      ...init,
      headers: { ...init.headers, ...bearer(client.key) },
    });
    expect(checkout.status).toBe(201);
    expect((await storeJson(SILENT_STORE)).health.status).toBe('ok'); // a fresh order is not yet a sign of anything

    const services = hubServices();
    try {
      await services.database.pool.execute(
        `UPDATE ${services.database.table('orders')} SET created_at = created_at - INTERVAL 25 HOUR WHERE id = ?`,
        [checkout.body.id],
      );
    } finally {
      await services.database.close();
    }
    const silent = await storeJson(SILENT_STORE);
    expect(silent.health.status).toBe('silent');
    expect(silent.health.message).toMatch(/^No verified delivery ever, though 1 hub order was made for this store since\./);
    expect(silent.health.action).toMatch(/add its REST credentials here to reconcile them/);

    expect((await send(SILENT_STORE, `silent-${unique}`)).status).toBe(200);
    expect((await storeJson(SILENT_STORE)).health.status).toBe('ok');
  });
});
