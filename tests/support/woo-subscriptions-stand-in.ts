import { createHmac } from 'node:crypto';
import { call, json, type JsonAnswer } from './lanes';
import { stack } from './stack';

/** WooCommerce Subscriptions in the stand-in (tests/wordpress/woocommerce-stand-in/class-svc-stand-in-subscription-routes.php). */
const BASE = '/wp-json/svc-hub-test-woo/v1/subscriptions';

export interface StandInSubscription {
  id: number;
  status: string;
  parent_id: number;
  /** GMT `Y-m-d H:i:s`, or 0. */
  next_payment_date: string | 0;
  end_date: string | 0;
  renewal_order_id?: number;
}

const token = () => createHmac('sha256', stack().workerEnv.SVC_HUB_SECRET!).update('svc-hub-test-woo').digest('hex');

async function subscriptionCall(path: string, init: RequestInit = {}): Promise<StandInSubscription> {
  const headers = { ...(init.headers as Record<string, string> | undefined), 'X-Svc-Test-Token': token() };
  const answer: JsonAnswer = await call('wordpress', `${BASE}${path}`, { ...init, headers });
  if (answer.status >= 300) throw new Error(`stand-in answered ${answer.status}: ${answer.text.slice(0, 300)}`);
  return answer.body;
}

/** WooCommerce's GMT MySQL date. */
export const mysqlGmt = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');

/**
 * Drives WooCommerce Subscriptions on the hub site as it runs: a subscription started by a paid
 * order; a renewal begun (pending renewal order, subscription on-hold) and then charged through
 * the order (wooStandIn.pay / setStatus 'failed'); status changes; moved dates.
 */
export const wooSubscriptions = {
  /** `wcs_create_subscription()` for the paid parent order, then `update_status( 'active' )`. */
  start: (parentOrderId: number, billingPeriod = 'month', billingInterval = 1) =>
    subscriptionCall('', json({ parent_order_id: parentOrderId, billing_period: billingPeriod, billing_interval: billingInterval })),
  read: (id: number) => subscriptionCall(`/${id}`),
  /** `wcs_create_renewal_order()`, then `update_status( 'on-hold' )`: a renewal in progress, not yet charged. */
  beginRenewal: (id: number) => subscriptionCall(`/${id}/renewal`, json({})),
  setStatus: (id: number, status: string) => subscriptionCall(`/${id}/status`, json({ status })),
  setDates: (id: number, dates: { next_payment?: string; end?: string }) => subscriptionCall(`/${id}/dates`, json(dates)),
};
