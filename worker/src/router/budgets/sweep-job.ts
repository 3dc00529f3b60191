import type { Logger } from '../../support/logger';
import { Periodic } from '../../support/periodic';
import type { BudgetLedger } from './budget-ledger';

/**
 * Every SVC_BUDGET_SWEEP_MS: releases budget reservations past their `expires_at` — calls whose
 * worker died before settling — so a crash holds no budget forever. Safe on several workers
 * (each reservation row is deleted, and its amount released, exactly once).
 */
export function budgetSweep(ledger: BudgetLedger, logger: Logger, intervalMs: number): Periodic {
  return new Periodic({
    name: 'budget reservation sweep',
    intervalMs,
    logger,
    run: async () => {
      const released = await ledger.releaseExpired();
      if (released > 0) logger.warn('expired budget reservations released (calls that never settled)', { reservations: released });
    },
  });
}
