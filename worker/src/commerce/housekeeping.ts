import type { Logger } from '../support/logger';
import { Periodic } from '../support/periodic';
import type { CommerceServices } from './commerce-services';

/** A pending order unpaid this long becomes `expired` (a late payment still counts), as Stripe's sessions do. */
export const ORDER_EXPIRY_HOURS = 24;
const INTERVAL_MS = 5 * 60_000;

/** Every 5 minutes: expire stale pending orders, forget Idempotency-Keys older than 24 h. */
export function commerceHousekeeping(commerce: Pick<CommerceServices, 'orders' | 'checkout'>, logger: Logger): Periodic {
  return new Periodic({
    name: 'commerce housekeeping',
    intervalMs: INTERVAL_MS,
    logger,
    run: async () => {
      const expired = await commerce.orders.expireStale(ORDER_EXPIRY_HOURS);
      const forgotten = await commerce.checkout.purgeIdempotencyKeys();
      if (expired > 0 || forgotten > 0)
        logger.info('commerce housekeeping', { orders_expired: expired, idempotency_keys_purged: forgotten });
    },
  });
}
