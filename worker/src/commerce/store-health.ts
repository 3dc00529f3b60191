import type { StoreRecord } from './stores';

/** WooCommerce sets a webhook to `disabled` after more than 5 failed deliveries in a row (docs/external/woocommerce.md). */
export const WOOCOMMERCE_DISABLES_AFTER = 6;

export type StoreHealthStatus = 'ok' | 'failing' | 'disabled' | 'silent';

/** What the admin screen says about a store: a status, what probably happened, what to do. */
export interface StoreHealth {
  status: StoreHealthStatus;
  message: string;
  action: string;
}

const WOO_SCREEN = 'WooCommerce → Settings → Advanced → Webhooks';
const FIX_SECRET = `Copy the secret shown in ${WOO_SCREEN} into this store's secret here (or rotate: set a new secret there and here)`;

/**
 * A store's health from its verification run and its unheard-of orders
 * (docs/woocommerce-webhook.md, "Store health"): `disabled` at WooCommerce's own limit,
 * `failing` from `warnFailures` failures in a row, `silent` when orders exist that no verified
 * delivery followed, else `ok`.
 */
export function storeHealth(store: StoreRecord, warnFailures: number): StoreHealth {
  const failures = store.verification.failuresInRow;
  const reconcile =
    store.restKeyLast4 === null
      ? ' Orders it paid meanwhile: add its REST credentials here to reconcile them.'
      : ' Reconcile pulls the orders it paid meanwhile.';
  if (failures >= WOOCOMMERCE_DISABLES_AFTER) {
    return {
      status: 'disabled',
      message: `The last ${failures} deliveries failed verification, so WooCommerce has most likely disabled the webhook. The secret probably changed in WooCommerce (a re-save of the webhook form trims or strips it).`,
      action: `${FIX_SECRET}, then set the webhook's status back to Active in ${WOO_SCREEN}.${reconcile}`,
    };
  }
  if (failures >= warnFailures) {
    return {
      status: 'failing',
      message: `The last ${failures} deliveries failed verification; WooCommerce disables the webhook after ${WOOCOMMERCE_DISABLES_AFTER}. The secret probably changed in WooCommerce (a re-save of the webhook form trims or strips it).`,
      action: `${FIX_SECRET}.`,
    };
  }
  if (store.unheardOrders > 0) {
    const since = store.verification.lastSuccessAt ? `since ${store.verification.lastSuccessAt.toISOString()}` : 'ever';
    return {
      status: 'silent',
      message: `No verified delivery ${since}, though ${store.unheardOrders} hub order${store.unheardOrders === 1 ? ' was' : 's were'} made for this store since. The webhook may be disabled, deleted or pointing elsewhere.`,
      action: `Check the webhook in ${WOO_SCREEN} (status Active, delivery URL this hub's).${reconcile}`,
    };
  }
  return { status: 'ok', message: '', action: '' };
}
