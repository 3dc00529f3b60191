import type { Logger } from '../support/logger';
import { Periodic } from '../support/periodic';
import type { EntitlementStore } from './entitlements';
import type { EntitlementGate } from './gate';

const BATCH_SIZE = 100;
const BATCHES_PER_PASS = 20;

/**
 * Every `intervalMs` (SVC_EXPIRY_INTERVAL_MS, default a minute): entitlements past their
 * expiry become "expired" (each change is a history row and an outbox message, so client
 * sites hear of it) and this worker's gate forgets the sites touched. Several workers may run
 * it: each row is re-checked under a lock, so it expires once.
 */
export function expiryJob(entitlements: EntitlementStore, gate: EntitlementGate, logger: Logger, intervalMs: number): Periodic {
  return new Periodic({
    name: 'entitlement expiry',
    intervalMs,
    logger,
    run: async () => {
      const sites: string[] = [];
      for (let batch = 0; batch < BATCHES_PER_PASS; batch += 1) {
        const expired = await entitlements.expireDue(new Date(), BATCH_SIZE);
        sites.push(...expired);
        if (expired.length < BATCH_SIZE) break;
      }
      for (const site of new Set(sites)) gate.forget(site);
      if (sites.length > 0) logger.info('entitlements expired', { entitlements: sites.length, sites: new Set(sites).size });
    },
  });
}
