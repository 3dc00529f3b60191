import { randomUUID } from 'node:crypto';
import type { RowDataPacket } from 'mysql2/promise';
import type { Services } from '../../worker/src/services';
import { bearer, call, json, LANES, type Lane } from '../support/lanes';
import { createKey, hub, type TestKey } from '../support/hub-cli';
import { hubServices } from '../support/hub-services';
import { shellHeaders } from '../support/signed-request';
import { stack } from '../support/stack';
import { startWorker, stopWorker } from '../support/worker-process';
import { runWordPressCron, wooStandIn } from '../support/woocommerce-stand-in';
import { logIn } from '../support/wordpress-session';
import { eventually } from '../support/eventually';

/**
 * WooCommerce on the hub site (docs/architecture.md §1, §5): checkout asks the shell for a real pending
 * WooCommerce order; WooCommerce's own hooks bring payments and refunds back to the worker,
 * and an event the worker missed is re-sent by WP-Cron. WooCommerce is the stand-in in
 * tests/wordpress/ (its functions, WC_Order's methods and hooks as WooCommerce defines them).
 */
const COMMERCE = '/wp-json/svc-commerce/v1';
const LICENSE = '/wp-json/svc-license/v1';
const CREATE_ORDER = '/svc-hub/v1/internal/woo-create-order';
const ORDER_EVENT = '/wp-json/svc-hub/v1/internal/woo-order-event';
const PRODUCT = 77;

let services: Services;
beforeAll(() => {
  services = hubServices();
});
afterAll(async () => {
  await services.database.close();
});

function createPackage(): string {
  const id = `pkg-${randomUUID().slice(0, 8)}`;
  hub(
    'package',
    'create',
    '--id',
    id,
    '--name',
    `In-process ${id}`,
    '--price',
    '49.00',
    '--currency',
    'EUR',
    '--features',
    'module.seo,llm.chat',
    '--duration-days',
    '30',
    '--woo-product',
    String(PRODUCT),
  );
  return id;
}

async function checkout(lane: Lane, key: TestKey, packageId: string) {
  const init = json({ package_id: packageId, site_url: key.siteUrl });
  return call(lane, `${COMMERCE}/checkout`, { ...init, headers: { ...init.headers, ...bearer(key.key) } });
}

async function hubOrder(key: TestKey, id: string) {
  const answer = await call('direct', `${COMMERCE}/orders/${id}`, { headers: bearer(key.key) });
  expect(answer.status).toBe(200);
  return answer.body;
}

async function entitlement(key: TestKey, packageId: string) {
  const answer = await call('direct', `${LICENSE}/entitlement`, { headers: bearer(key.key) });
  expect(answer.status).toBe(200);
  return answer.body.entitlements.find((item: { package_id: string }) => item.package_id === packageId) ?? null;
}

/** The shell's queue of events the worker has not acknowledged: `<woo order id>_<status>` names. */
async function queued(): Promise<string[]> {
  const prefix = `${stack().workerEnv.SVC_DB_PREFIX ?? 'wp_'}options`;
  const [rows] = await services.database.pool.query<RowDataPacket[]>(
    `SELECT option_name FROM ${prefix} WHERE option_name LIKE '\\_svc\\_hub\\_woo\\_event\\_%' ORDER BY option_id`,
  );
  return rows.map((row) => String(row.option_name).replace('_svc_hub_woo_event_', ''));
}

/** A worker→shell call, signed as the worker signs it. */
function signedCreateOrder(body: string) {
  const headers = {
    'Content-Type': 'application/json',
    ...shellHeaders({ method: 'POST', path: `/wp-json${CREATE_ORDER}`, body, user: '', clientIp: '' }),
  };
  return fetch(`${stack().wordpressUrl}/?rest_route=${CREATE_ORDER}`, { method: 'POST', body, headers }).then(async (response) => ({
    status: response.status,
    body: (await response.json()) as any,
  }));
}

describe.each(LANES)('checkout with WooCommerce on the hub site via %s', (lane: Lane) => {
  const key = createKey();
  const packageId = createPackage();
  let orderId: string;
  let wooOrderId: number;

  it('creates a real pending WooCommerce order carrying the hub order and site, and returns its pay URL', async () => {
    const answer = await checkout(lane, key, packageId);
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      status: 'pending',
      package_id: packageId,
      site_url: key.siteUrl,
      total: { amount: '49.00', currency: 'EUR' },
    });
    orderId = answer.body.id;
    wooOrderId = answer.body.woo_order_id;
    expect(wooOrderId).toEqual(expect.any(Number));
    const url = new URL(answer.body.payment_url);
    expect(`${url.origin}${url.pathname}`).toBe(`${stack().wordpressUrl}/checkout/order-pay/${wooOrderId}/`);
    expect(url.searchParams.get('pay_for_order')).toBe('true');
    expect(url.searchParams.get('key')).toMatch(/^wc_order_[A-Za-z0-9]{13}$/);

    const woo = await wooStandIn.order(wooOrderId);
    expect(woo).toMatchObject({
      status: 'pending',
      created_via: 'svc-hub',
      currency: 'EUR',
      total: '49.00',
      date_paid_gmt: null,
      payment_url: answer.body.payment_url,
    });
    // The line carries its hub order too, as a store's pay-link line does (docs/architecture.md §5).
    expect(woo.line_items).toEqual([
      { product_id: PRODUCT, variation_id: 0, quantity: 1, total: '49.00', meta: { svc_hub_order_id: orderId, svc_site_url: key.siteUrl } },
    ]);
    expect(woo.meta).toEqual({ svc_hub_order_id: orderId, svc_site_url: key.siteUrl });
    expect(await hubOrder(key, orderId)).toMatchObject({ status: 'pending', woo_order_id: wooOrderId, entitlement: null });
  });

  it('marks the hub order paid and activates the entitlement when WooCommerce completes the payment', async () => {
    const paid = await wooStandIn.pay(wooOrderId);
    expect(paid).toMatchObject({ status: 'processing', payment_complete: true, date_paid_gmt: expect.any(String) });

    const order = await hubOrder(key, orderId);
    expect(order.status).toBe('paid');
    expect(order.history.map((entry: { status: string; source: string }) => [entry.status, entry.source])).toEqual([
      ['pending', 'checkout'],
      ['paid', 'woocommerce'],
    ]);
    expect(order.entitlement).toMatchObject({ package_id: packageId, status: 'active' });
    expect(await entitlement(key, packageId)).toMatchObject({ status: 'active', features: ['llm.chat', 'module.seo'] });
    expect(await queued()).toEqual([]);
  });

  it('refunds the hub order and revokes the entitlement when WooCommerce refunds the order', async () => {
    const refunded = await wooStandIn.setStatus(wooOrderId, 'refunded');
    expect(refunded.status).toBe('refunded');
    const order = await hubOrder(key, orderId);
    expect(order.status).toBe('refunded');
    expect(order.history.map((entry: { status: string }) => entry.status)).toEqual(['pending', 'paid', 'refunded']);
    expect(await entitlement(key, packageId)).toMatchObject({ status: 'revoked' });
  });
});

describe('WooCommerce events the worker missed', () => {
  const key = createKey();
  const packageId = createPackage();

  afterEach(async () => {
    // Whatever happened, leave a running worker behind.
    try {
      await call('direct', '/wp-json/llm/router/v1/health');
    } catch {
      startWorker();
    }
  });

  it('are queued while the worker is down and re-sent by WP-Cron once it is back; a repeat changes nothing', async () => {
    const created = await checkout('direct', key, packageId);
    expect(created.status).toBe(201);
    const orderId: string = created.body.id;
    const wooOrderId: number = created.body.woo_order_id;

    await stopWorker();
    try {
      const paid = await wooStandIn.pay(wooOrderId);
      expect(paid.status).toBe('processing');
      expect(await queued()).toEqual([`${wooOrderId}_processing`]);
    } finally {
      startWorker();
    }
    expect((await hubOrder(key, orderId)).status).toBe('pending');

    await runWordPressCron();
    const order = await hubOrder(key, orderId);
    expect(order.status).toBe('paid');
    expect(order.history.map((entry: { status: string; source: string }) => [entry.status, entry.source])).toEqual([
      ['pending', 'checkout'],
      ['paid', 'woocommerce'],
    ]);
    expect(await entitlement(key, packageId)).toMatchObject({ status: 'active' });
    expect(await queued()).toEqual([]);

    // The same facts again (a re-send after a lost acknowledgement): acknowledged, nothing changes.
    const woo = await wooStandIn.order(wooOrderId);
    const body = JSON.stringify({
      event: 'resend',
      order: {
        id: woo.id,
        status: woo.status,
        currency: woo.currency,
        total: woo.total,
        date_paid_gmt: woo.date_paid_gmt,
        date_modified_gmt: woo.date_modified_gmt,
        line_items: woo.line_items,
        meta_data: [
          { key: 'svc_hub_order_id', value: orderId },
          { key: 'svc_site_url', value: key.siteUrl },
        ],
      },
    });
    const repeat = await call('direct', ORDER_EVENT, {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/json', ...shellHeaders({ method: 'POST', path: ORDER_EVENT, body, user: '' }) },
    });
    expect(repeat.status).toBe(200);
    expect(repeat.body).toMatchObject({ outcome: 'no_change', order_id: orderId });
    await runWordPressCron();
    expect((await hubOrder(key, orderId)).history).toHaveLength(2);
  });

  it('delivers a payment and a refund made while the worker was down in the order they happened', async () => {
    const created = await checkout('direct', key, createPackage());
    const wooOrderId: number = created.body.woo_order_id;
    await stopWorker();
    try {
      await wooStandIn.pay(wooOrderId);
      await wooStandIn.setStatus(wooOrderId, 'refunded');
      expect(await queued()).toEqual([`${wooOrderId}_processing`, `${wooOrderId}_refunded`]);
    } finally {
      startWorker();
    }
    await runWordPressCron();
    const order = await hubOrder(key, created.body.id);
    expect(order.history.map((entry: { status: string }) => entry.status)).toEqual(['pending', 'paid', 'refunded']);
    expect(await queued()).toEqual([]);
  });

  it('are also re-sent at the end of a later request once the minute between tries has passed', async () => {
    const created = await checkout('direct', key, createPackage());
    await stopWorker();
    try {
      await wooStandIn.pay(created.body.woo_order_id);
    } finally {
      startWorker();
    }
    expect(await queued()).toEqual([`${created.body.woo_order_id}_processing`]);
    expect((await hubOrder(key, created.body.id)).status).toBe('pending');

    // Instead of waiting a minute: the time from which requests may re-send, moved to the past.
    const options = `${stack().workerEnv.SVC_DB_PREFIX ?? 'wp_'}options`;
    await services.database.pool.query(`UPDATE ${options} SET option_value = '1' WHERE option_name = 'svc_hub_woo_retry_at'`);
    await call('wordpress', '/wp-json/');
    const status = await eventually(
      async () => (await hubOrder(key, created.body.id)).status as string,
      (read) => read === 'paid',
    );
    expect(status).toBe('paid');
    expect(await queued()).toEqual([]);
  });
});

describe('WooCommerce orders that are not the hub’s', () => {
  it('are ignored by the hooks: nothing is queued or sent', async () => {
    await stopWorker();
    try {
      const order = await wooStandIn.createOrder(PRODUCT);
      const paid = await wooStandIn.pay(order.id);
      expect(paid.status).toBe('processing');
      expect(await queued()).toEqual([]);
    } finally {
      startWorker();
    }
  });
});

describe('the shell route woo-create-order', () => {
  const hubOrderId = () =>
    `ord_${randomUUID()
      .replace(/-/g, '')
      .slice(0, 26)
      .toUpperCase()
      .replace(/[ILOU]/g, '0')}`;

  it('creates the order for a correctly signed call', async () => {
    const id = hubOrderId();
    const answer = await signedCreateOrder(
      JSON.stringify({ hub_order_id: id, site_url: 'https://signed.example', package_id: 'x', product_id: 78 }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.payment_url).toContain(`/order-pay/${answer.body.woo_order_id}/`);
    const woo = await wooStandIn.order(answer.body.woo_order_id);
    expect(woo).toMatchObject({ total: '19.00', meta: { svc_hub_order_id: id, svc_site_url: 'https://signed.example' } });
  });

  it('names each bad field, and names a product that does not exist', async () => {
    const bad = await signedCreateOrder(JSON.stringify({ hub_order_id: 'ord_123', site_url: 'ftp://x.example', product_id: '77' }));
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('svc_invalid_request');
    expect(Object.keys(bad.body.data.params).sort()).toEqual(['hub_order_id', 'product_id', 'site_url']);
    const missing = await signedCreateOrder(
      JSON.stringify({ hub_order_id: hubOrderId(), site_url: 'https://x.example', product_id: 999999 }),
    );
    expect([missing.status, missing.body.code]).toEqual([404, 'svc_not_found']);
    expect(missing.body.message).toContain('999999');
  });

  it('refuses an unsigned call', async () => {
    const body = JSON.stringify({ hub_order_id: hubOrderId(), site_url: 'https://x.example', product_id: 77 });
    const answer = await call('wordpress', `/wp-json${CREATE_ORDER}`, {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/json' },
    });
    expect([answer.status, answer.body?.code]).toEqual([401, 'svc_invalid_signature']);
  });
});

describe('the worker route woo-order-event', () => {
  it('is never reached through WordPress: the shell does not forward (and so sign) internal routes', async () => {
    const body = JSON.stringify({ order: { id: 1, status: 'processing' } });
    const answer = await call('wordpress', ORDER_EVENT, { method: 'POST', body, headers: { 'Content-Type': 'application/json' } });
    expect([answer.status, answer.body?.code]).toEqual([401, 'svc_invalid_signature']);
  });

  it('answers 400 for a body that is not an order, and 200 unmatched for an order of no hub order', async () => {
    const send = (value: unknown) => {
      const body = JSON.stringify(value);
      return call('direct', ORDER_EVENT, {
        method: 'POST',
        body,
        headers: { 'Content-Type': 'application/json', ...shellHeaders({ method: 'POST', path: ORDER_EVENT, body, user: '' }) },
      });
    };
    const bad = await send({ order: { status: 'processing' } });
    expect([bad.status, bad.body.code, Object.keys(bad.body.data.params)]).toEqual([400, 'svc_invalid_request', ['order']]);
    const stranger = await send({ order: { id: 5, status: 'processing', meta_data: [] } });
    expect(stranger.status).toBe(200);
    expect(stranger.body).toMatchObject({ outcome: 'unmatched', order_id: null });
  });
});

describe('WooCommerce not active on the hub site', () => {
  const key = createKey();
  const packageId = createPackage();

  afterAll(() => wooStandIn.setActive(true));

  it('makes checkout answer 503 svc_store_unavailable with the shell’s reason', async () => {
    await wooStandIn.setActive(false);
    const answer = await checkout('wordpress', key, packageId);
    expect([answer.status, answer.body.code]).toEqual([503, 'svc_store_unavailable']);
    expect(answer.body.message).toContain('WooCommerce is not active');
  });
});

describe('a package whose WooCommerce product does not exist on this site', () => {
  const MISSING = 999_999;

  it('is saved with a warning (CLI and admin route), and its checkout answers 422 svc_package_misconfigured naming woo_product_id', async () => {
    const id = `pkg-${randomUUID().slice(0, 8)}`;
    const output = hub(
      'package',
      'create',
      '--id',
      id,
      '--name',
      'Missing product',
      '--price',
      '49.00',
      '--currency',
      'EUR',
      '--features',
      'module.seo',
      '--woo-product',
      String(MISSING),
    );
    expect(output.some((line) => line.startsWith('Warning (woo_product_id):') && line.includes(String(MISSING)))).toBe(true);

    const key = createKey();
    for (const lane of LANES) {
      const answer = await checkout(lane, key, id);
      expect([answer.status, answer.body.code]).toEqual([422, 'svc_package_misconfigured']);
      expect(Object.keys(answer.body.data.params)).toEqual(['woo_product_id']);
      expect(answer.body.message).toContain(String(MISSING));
    }

    const admin = await logIn();
    const headers = { ...admin.headers, 'Content-Type': 'application/json' };
    const body = {
      package_id: `pkg-${randomUUID().slice(0, 8)}`,
      name: 'Admin made',
      price: { amount: '19.00', currency: 'EUR' },
      features: ['module.seo'],
      woo_product_id: MISSING,
    };
    const created = await call('wordpress', '/wp-json/svc-hub/v1/admin/packages', { method: 'POST', headers, body: JSON.stringify(body) });
    expect(created.status).toBe(201);
    expect(created.body.warnings).toEqual([expect.objectContaining({ code: 'svc_woo_product_missing', field: 'woo_product_id' })]);
    const fixed = await call('wordpress', `/wp-json/svc-hub/v1/admin/packages/${body.package_id}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ ...body, woo_product_id: PRODUCT }),
    });
    expect([fixed.status, fixed.body.warnings]).toEqual([200, []]);
  });
});

describe('svc-hub on an external WooCommerce store', () => {
  const hubOrderId = `ord_${'7'.repeat(26)}`;

  async function visit(query: string): Promise<string> {
    const response = await fetch(`${stack().wordpressUrl}/?${query}`, { redirect: 'manual' });
    await response.text();
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie().find((value) => value.startsWith('wp_woocommerce_session_'));
    expect(cookie).toBeDefined();
    return cookie!.split(';')[0]!;
  }

  it.each(['classic', 'blocks'] as const)(
    'copies the pay link’s svc_hub_order_id and svc_site_url into the order (%s checkout)',
    async (flow) => {
      const cookie = await visit(
        `add-to-cart=${PRODUCT}&svc_hub_order_id=${hubOrderId}&svc_site_url=${encodeURIComponent('https://buyer.example')}`,
      );
      const order = await wooStandIn.checkout(cookie, flow);
      expect(order.line_items.map((item) => item.product_id)).toEqual([PRODUCT]);
      expect(order.meta).toEqual({ svc_hub_order_id: hubOrderId, svc_site_url: 'https://buyer.example' });
    },
  );

  it('ignores values that are not a hub order id and an http(s) site', async () => {
    const cookie = await visit(
      `add-to-cart=${PRODUCT}&svc_hub_order_id=ord_nope&svc_site_url=${encodeURIComponent('javascript:alert(1)')}`,
    );
    const order = await wooStandIn.checkout(cookie, 'classic');
    expect(order.meta).toEqual({});
  });

  it('keeps the stand-in’s test routes closed without the stack’s token', async () => {
    const answer = await wooStandIn.raw('/orders/1');
    expect(answer.status).toBe(401);
  });
});
