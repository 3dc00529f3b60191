import type { PaymentEvents } from '../payment-events';
import { factsFromRestOrder, isStoredId } from '../woo-order';
import type { DeliveryResult } from './delivery-result';
import { processSubscriptionDelivery, SUBSCRIPTION_TOPICS, type SubscriptionPayments } from './subscription-delivery';

/** Topics whose body is the REST v3 order as it is now. */
const ORDER_TOPICS = new Set(['order.created', 'order.updated', 'order.restored']);
const SET_ORDER_UPDATED = 'set the webhook\'s topic to "Order updated"';

const utf8 = new TextDecoder('utf-8', { fatal: true });

type Parsed = { json: unknown } | { error: string };

/** WooCommerce sends trim(wp_json_encode($payload)): empty when encoding failed (invalid UTF-8 in the order). */
function parseBody(body: Buffer): Parsed {
  if (body.length === 0) return { error: 'the body is empty (WooCommerce could not encode the order as JSON)' };
  let text: string;
  try {
    text = utf8.decode(body);
  } catch {
    return { error: 'the body is not valid JSON: it is not UTF-8' };
  }
  try {
    return { json: JSON.parse(text) as unknown };
  } catch (error) {
    return { error: `the body is not valid JSON: ${(error as Error).message.replace(/\s+/g, ' ').slice(0, 200)}` };
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The WooCommerce order id a body names, when it names one: `id` (orders), `arg` (action topics). */
function namedOrderId(json: unknown): number | null {
  if (!isObject(json)) return null;
  const id = json.id ?? json.arg;
  return isStoredId(id) ? id : null;
}

/** Meta that marks what the hub sold: `svc_hub_order_id`, `svc_site_url` and any other `svc_` key. */
const isHubMeta = (meta: unknown) => isObject(meta) && typeof meta.key === 'string' && meta.key.startsWith('svc_');

/**
 * Whether an order may be the hub's: it carries svc meta on the order or on a line item, or it
 * is a renewal of WooCommerce Subscriptions (its subscription decides). An order with none of
 * them is a sale of the store's own (docs/commerce.md, "Store mode": audited as ignored).
 */
export function mayBeHubOrder(order: unknown): boolean {
  if (!isObject(order)) return true;
  const metaOf = (holder: unknown) => (isObject(holder) && Array.isArray(holder.meta_data) ? holder.meta_data : []);
  if (metaOf(order).some(isHubMeta)) return true;
  if (metaOf(order).some((meta) => isObject(meta) && meta.key === '_subscription_renewal')) return true;
  return Array.isArray(order.line_items) && order.line_items.some((item) => metaOf(item).some(isHubMeta));
}

const ignored = (reason: string, wooOrderId: number | null = null): DeliveryResult => ({
  outcome: 'ignored',
  reason,
  orderId: null,
  wooOrderId,
});

/**
 * A verified delivery from `store`: order topics move the hub order it pays for (through
 * PaymentEvents); every other topic, and a body that is not a usable order, is ignored —
 * answered 200 all the same, since WooCommerce never re-sends and disables a webhook after
 * repeated failures.
 */
export async function processDelivery(
  payments: Pick<PaymentEvents, 'applyWooOrder'> & SubscriptionPayments,
  store: string,
  topic: string | null,
  body: Buffer,
): Promise<DeliveryResult> {
  const parsed = parseBody(body);
  const wooOrderId = 'json' in parsed ? namedOrderId(parsed.json) : null;
  if (topic === 'action.woocommerce_payment_complete') {
    return ignored(`no order data: ${topic} carries only the WooCommerce order id; ${SET_ORDER_UPDATED}`, wooOrderId);
  }
  if (topic === 'order.deleted') return ignored('order.deleted does not change a hub order', wooOrderId);
  if (topic !== null && SUBSCRIPTION_TOPICS.has(topic))
    return 'error' in parsed ? ignored(parsed.error) : processSubscriptionDelivery(payments, store, topic, parsed.json);
  if (topic === null || !ORDER_TOPICS.has(topic))
    return ignored(`topic "${topic ?? '(none)'}" is not used; ${SET_ORDER_UPDATED}`, wooOrderId);
  if ('error' in parsed) return ignored(parsed.error);
  const facts = factsFromRestOrder(parsed.json, store);
  if ('error' in facts) {
    const legacy = isObject(parsed.json) && isObject(parsed.json.order);
    return ignored(
      legacy ? `${facts.error}: a legacy REST API payload; set the webhook's API version to "WP REST API Integration v3"` : facts.error,
      wooOrderId,
    );
  }
  if (!mayBeHubOrder(parsed.json)) return ignored('not sold by the hub: the order carries no svc_ meta', facts.wooOrderId);
  const result = await payments.applyWooOrder(facts, 'webhook');
  return { outcome: result.outcome, reason: result.reason, orderId: result.orderId, wooOrderId: facts.wooOrderId };
}
