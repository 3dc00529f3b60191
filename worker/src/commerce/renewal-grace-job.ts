import type { Logger } from '../support/logger';
import { Periodic } from '../support/periodic';
import type { SubscriptionEvents } from './subscription-events';

/**
 * As often as the expiry job (SVC_EXPIRY_INTERVAL_MS): a subscription whose renewal failed
 * more than SVC_RENEWAL_GRACE_DAYS ago, and that no renewal has paid since, gets its
 * entitlement suspended (history row, outbox message). Several workers may run it: each
 * subscription is re-checked under its row lock, so it is suspended once.
 */
export function renewalGraceJob(subscriptions: SubscriptionEvents, logger: Logger, intervalMs: number): Periodic {
  return new Periodic({
    name: 'subscription renewal grace',
    intervalMs,
    logger,
    run: async () => {
      const suspended = await subscriptions.suspendOverdue();
      if (suspended > 0) logger.info('entitlements suspended after a failed renewal', { entitlements: suspended });
    },
  });
}
