import { createHmac } from 'node:crypto';
import { queryStack } from './database-query';
import { call, json, type JsonAnswer } from './lanes';
import { stack } from './stack';
import { testFetch } from './test-fetch';

/** The stand-in's test namespace (tests/wordpress/woocommerce-stand-in/class-svc-stand-in-test-routes.php). */
const BASE = '/wp-json/svc-hub-test-woo/v1';

export interface StandInOrder {
  id: number;
  status: string;
  currency: string;
  total: string;
  created_via: string;
  date_paid_gmt: string | null;
  date_modified_gmt: string | null;
  payment_url: string;
  customer_id: number;
  payment_method: string;
  line_items: { product_id: number; variation_id: number; quantity: number; total: string; meta: Record<string, unknown> }[];
  meta: Record<string, unknown>;
}

const token = () => createHmac('sha256', stack().workerEnv.SVC_HUB_SECRET!).update('svc-hub-test-woo').digest('hex');

async function standIn(path: string, init: RequestInit = {}): Promise<JsonAnswer> {
  const headers = { ...(init.headers as Record<string, string> | undefined), 'X-Svc-Test-Token': token() };
  return call('wordpress', `${BASE}${path}`, { ...init, headers });
}

async function expectOrder(answer: Promise<JsonAnswer>): Promise<StandInOrder & Record<string, unknown>> {
  const result = await answer;
  if (result.status >= 300) throw new Error(`stand-in answered ${result.status}: ${result.text.slice(0, 300)}`);
  return result.body;
}

/** Drives WooCommerce on the hub site (the stand-in) the way a shop and a gateway would. */
export const wooStandIn = {
  order: (id: number) => expectOrder(standIn(`/orders/${id}`)),
  /** Headers that hold a front-end request before it saves WooCommerce's session, until `releaseHold(name)` (a session race, played on purpose). */
  holdHeaders: (name: string) => ({ 'X-Svc-Test-Hold': name, 'X-Svc-Test-Token': token() }),
  /** "held" while a request waits under that name; read in the database, never through php -S (tests/README.md, Decisions). */
  holdState: async (name: string) =>
    ((await queryStack('SELECT option_value FROM {prefix}options WHERE option_name = ?', [`svc_test_hold_${name}`]))[0]?.option_value ??
      'none') as string,
  releaseHold: (name: string) => standIn(`/holds/${name}`, { method: 'POST' }),
  /** `wc_create_order` + `add_product` + meta + `calculate_totals` + `save`. */
  createOrder: (productId: number, meta: Record<string, string> = {}) =>
    expectOrder(standIn('/orders', json({ product_id: productId, meta }))),
  /** `$order->payment_complete( $transaction_id )`; with a buyer, its customer id and billing email saved first (the order-pay form). */
  pay: (id: number, buyer: { customer_id?: number; billing_email?: string } = {}) =>
    expectOrder(standIn(`/orders/${id}/pay`, json({ transaction_id: `txn_${id}`, ...buyer }))),
  /** `$order->update_status( $status )`. */
  setStatus: (id: number, status: string) => expectOrder(standIn(`/orders/${id}/status`, json({ status }))),
  /** The session's cart through the classic or the block checkout; `cookie` is the visitor's session. */
  checkout: (cookie: string, flow: 'classic' | 'blocks') =>
    expectOrder(standIn('/checkout', { ...json({ flow }), headers: { 'Content-Type': 'application/json', Cookie: cookie } })),
  /** `wc_create_refund()` of what remains (or `amount`). */
  refund: (id: number, amount?: string) => expectOrder(standIn(`/orders/${id}/refund`, json({ amount, reason: 'Customer request' }))),
  /** The order paid through a gateway (bacs, cheque, cod, svc_test_card), as the order-pay page does. */
  processPayment: (id: number, paymentMethod: string) =>
    expectOrder(standIn(`/orders/${id}/process-payment`, json({ payment_method: paymentMethod }))),
  /** The order as WooCommerce's REST v3 and its webhooks show it. */
  restOrder: async (id: number) => (await standIn(`/orders/${id}/rest`)).body as Record<string, any>,
  /** An active webhook; its deliveries are queued in Action Scheduler. */
  createWebhook: async (options: { deliveryUrl: string; secret: string; topic?: string }) => {
    const answer = await standIn('/webhooks', json({ delivery_url: options.deliveryUrl, secret: options.secret, topic: options.topic }));
    if (answer.status !== 201) throw new Error(`stand-in answered ${answer.status}: ${answer.text.slice(0, 300)}`);
    return answer.body as { id: number; status: string; failure_count: number };
  },
  webhook: async (id: number) => (await standIn(`/webhooks/${id}`)).body as { id: number; status: string; failure_count: number },
  deleteWebhook: async (id: number) => {
    await standIn(`/webhooks/${id}`, { method: 'DELETE' });
  },
  /** Action Scheduler's webhook deliveries (group woocommerce-webhooks). */
  webhookActions: async () =>
    (await standIn('/actions')).body as {
      id: number;
      hook: string;
      args: { webhook_id: number; arg: number };
      group: string;
      status: string;
    }[],
  /** Runs Action Scheduler's queue, as WP-Cron does; returns how many actions ran. */
  runActions: async () => (await standIn('/actions/run', { method: 'POST' })).body.ran as number,
  /** A customer account (login, password). */
  createCustomer: async () => (await standIn('/customers', { method: 'POST' })).body as { id: number; login: string; password: string },
  /** The site as a store-only shop (SVC_HUB_MODE=store) or the hub (from the next request on). */
  setStoreMode: async (on: boolean) => {
    const answer = await standIn('/store-mode', json({ on }));
    if (answer.status !== 200) throw new Error(`stand-in answered ${answer.status}: ${answer.text.slice(0, 300)}`);
  },
  /** WooCommerce activated or deactivated (from the next request on). */
  setActive: async (active: boolean) => {
    const answer = await standIn('/active', json({ active }));
    if (answer.status !== 200) throw new Error(`stand-in answered ${answer.status}: ${answer.text.slice(0, 300)}`);
  },
  /** Unauthenticated call, to check the namespace is closed. */
  raw: (path: string, init: RequestInit = {}) => call('wordpress', `${BASE}${path}`, init),
};

/** Runs WP-Cron once, as a system cron job would (`GET /wp-cron.php`). */
export async function runWordPressCron(): Promise<void> {
  const response = await testFetch(`${stack().wordpressUrl}/wp-cron.php`);
  await response.text();
  if (response.status !== 200) throw new Error(`wp-cron.php answered ${response.status}`);
}
