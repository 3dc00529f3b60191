import { randomUUID } from 'node:crypto';
import type { RowDataPacket } from 'mysql2/promise';
import type { Services } from '../../worker/src/services';
import { withTransaction } from '../../worker/src/db/transaction';
import { bearer, call, json } from '../support/lanes';
import { createKey, hub, type TestKey } from '../support/hub-cli';
import { hubServices } from '../support/hub-services';
import { stack } from '../support/stack';
import { wooStandIn } from '../support/woocommerce-stand-in';
import { eventually, WAIT_MS } from '../support/eventually';

/**
 * The buyer on hub orders (docs/architecture.md §5 "Checkout", docs/commerce.md "Checkout"): the
 * checkout's `buyer` becomes the WooCommerce order's billing email and name, an admin key's
 * `customer_id` its customer (a real WordPress user here); a client key may not name one; without
 * a buyer the site's customer is the buyer.
 */
const COMMERCE = '/wp-json/svc-commerce/v1';
const PRODUCT = 77;

let services: Services;
let packageId: string;
beforeAll(() => {
  services = hubServices();
  packageId = `pkg-${randomUUID().slice(0, 8)}`;
  hub(
    'package',
    'create',
    '--id',
    packageId,
    '--name',
    `Buyer ${packageId}`,
    '--price',
    '49.00',
    '--currency',
    'EUR',
    '--features',
    'module.seo',
    '--woo-product',
    String(PRODUCT),
  );
});
afterAll(async () => {
  await services.database.close();
});

function checkout(key: TestKey, body: Record<string, unknown>, idempotencyKey?: string) {
  const init = json({ package_id: packageId, site_url: key.siteUrl, ...body });
  const headers = { ...init.headers, ...bearer(key.key), ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}) };
  return call('direct', `${COMMERCE}/checkout`, { ...init, headers });
}

const prefix = () => stack().workerEnv.SVC_DB_PREFIX ?? 'wp_';

async function ordersOf(siteUrl: string): Promise<number> {
  const [[row]] = await services.database.pool.query<RowDataPacket[]>(
    `SELECT COUNT(*) AS n FROM ${services.database.table('orders')} WHERE site_url = ?`,
    [siteUrl],
  );
  return Number(row!.n);
}

/** A real WordPress user (a WooCommerce customer is one), as wp_insert_user stores it. */
async function wordPressUser(email: string): Promise<number> {
  const login = `buyer-${randomUUID().slice(0, 8)}`;
  const [result] = await services.database.pool.query<any>(
    `INSERT INTO ${prefix()}users (user_login, user_pass, user_nicename, user_email, user_url, user_registered, user_activation_key, user_status, display_name)
     VALUES (?, '', ?, ?, '', UTC_TIMESTAMP(), '', 0, ?)`,
    [login, login, email, login],
  );
  return Number(result.insertId);
}

describe('the buyer on hub orders (WooCommerce on the hub site)', () => {
  it('a client key’s buyer becomes the order’s billing email and name; the answers show it', async () => {
    const key = createKey();
    const answer = await checkout(key, { buyer: { email: 'Ada.Lovelace@Example.com', name: '  Ada King Lovelace ' } });
    expect(answer.status).toBe(201);
    const buyer = { email: 'ada.lovelace@example.com', name: 'Ada King Lovelace', customer_id: null };
    expect(answer.body.buyer).toEqual(buyer);
    const woo = await wooStandIn.order(answer.body.woo_order_id);
    expect(woo).toMatchObject({
      customer_id: 0,
      billing: { email: 'ada.lovelace@example.com', first_name: 'Ada King', last_name: 'Lovelace' },
    });
    const read = await call('direct', `${COMMERCE}/orders/${answer.body.id}`, { headers: bearer(key.key) });
    expect(read.body.buyer).toEqual(buyer);
  });

  it('an admin key’s customer_id makes that WordPress user the order’s customer', async () => {
    const admin = createKey([], 'admin');
    const userId = await wordPressUser('grace@example.com');
    const answer = await checkout(admin, { buyer: { email: 'grace@example.com', name: 'Grace', customer_id: userId } });
    expect(answer.status).toBe(201);
    expect(answer.body.buyer).toEqual({ email: 'grace@example.com', name: 'Grace', customer_id: userId });
    const woo = await wooStandIn.order(answer.body.woo_order_id);
    expect(woo).toMatchObject({ customer_id: userId, billing: { email: 'grace@example.com', first_name: 'Grace', last_name: '' } });
  });

  it('refuses a client key naming customer_id, or a bad buyer, with 400 naming the field, and creates nothing', async () => {
    const key = createKey();
    const cases: [unknown, string][] = [
      [{ email: 'a@example.com', customer_id: 1 }, 'buyer.customer_id'],
      [{ email: 'not an address' }, 'buyer.email'],
      [{ name: 'No email' }, 'buyer.email'],
      [{ email: `${'a'.repeat(95)}@example.com` }, 'buyer.email'],
      [{ email: 'a@example.com', name: 'x'.repeat(201) }, 'buyer.name'],
      [{ email: 'a@example.com', role: 'administrator' }, 'buyer.role'],
      ['a@example.com', 'buyer'],
    ];
    for (const [buyer, field] of cases) {
      const answer = await checkout(key, { buyer });
      expect([field, answer.status, answer.body.code, Object.keys(answer.body.data?.params ?? {})]).toEqual([
        field,
        400,
        'svc_invalid_request',
        [field],
      ]);
    }
    expect(await ordersOf(key.siteUrl)).toBe(0);
  });

  it('compares the buyer with an Idempotency-Key’s first body', async () => {
    const key = createKey();
    const idempotencyKey = randomUUID();
    const first = await checkout(key, { buyer: { email: 'one@example.com' } }, idempotencyKey);
    expect(first.status).toBe(201);
    expect((await checkout(key, { buyer: { email: 'one@example.com' } }, idempotencyKey)).status).toBe(200);
    expect((await checkout(key, { buyer: { email: 'two@example.com' } }, idempotencyKey)).body.code).toBe('svc_idempotency_conflict');
  });

  it('without a buyer: none for a site the hub knows no customer of, else the site’s customer', async () => {
    const key = createKey();
    const none = await checkout(key, {});
    expect(none.status).toBe(201);
    expect(none.body.buyer).toBeNull();
    expect(await wooStandIn.order(none.body.woo_order_id)).toMatchObject({ customer_id: 0, billing: { email: '' } });

    const userId = await wordPressUser('linus@example.com');
    const customer = { store: null, wooCustomerId: userId, email: 'linus@example.com', name: 'Linus Torvalds' };
    const customerId = await withTransaction(services.database, (connection) => services.customers.store.learn(connection, customer));
    await services.customers.store.assign(key.siteUrl, customerId!, 'admin');
    // The worker reads which site is whose at most 2 s late (license/customers/customer-directory.ts).
    const answer = await eventually(
      () => checkout(key, {}),
      (read) => read.body.buyer !== null,
      WAIT_MS,
      1000,
    );
    expect(answer.body.buyer).toEqual({ email: 'linus@example.com', name: 'Linus Torvalds', customer_id: userId });
    const woo = await wooStandIn.order(answer.body.woo_order_id);
    expect(woo).toMatchObject({ customer_id: userId, billing: { email: 'linus@example.com', first_name: 'Linus', last_name: 'Torvalds' } });
  });
});
