import type { Logger } from '../../support/logger';
import { Periodic } from '../../support/periodic';
import type { LeaseBook } from './lease-book';

/** How often a worker looks after its budget leases. */
export const LEASE_UPKEEP_MS = 1000;

/**
 * Every second, this worker's budget leases (router/budgets/lease-book.ts): idle ones given
 * back, live ones renewed long before they could expire, settled spend written. At stop, every
 * lease is given back once its calls have settled, so a worker that ends cleanly holds none.
 */
export function budgetLeaseUpkeep(leases: LeaseBook, logger: Logger): { start(): void; stop(): Promise<void> } {
  const periodic = new Periodic({
    name: 'budget lease upkeep',
    intervalMs: LEASE_UPKEEP_MS,
    logger,
    runAtStart: false,
    run: () => leases.upkeep(),
  });
  return {
    start: () => periodic.start(),
    stop: async () => {
      await periodic.stop();
      await leases.returnAll().catch((error: unknown) =>
        logger.warn('budget leases could not all be given back; the sweep releases them', {
          error: error instanceof Error ? error.message : String(error),
        }),
      );
    },
  };
}
