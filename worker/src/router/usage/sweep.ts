import type { Logger } from '../../support/logger';
import { Periodic } from '../../support/periodic';
import type { UsageRecorder } from './recorder';

/** How often the sweep looks: a quarter of the threshold, at least every second, at most every minute. */
export const sweepIntervalMs = (staleAfterMs: number): number => Math.min(60_000, Math.max(1_000, Math.floor(staleAfterMs / 4)));

/**
 * Writes the usage journals of worker processes on this machine that are gone (replay.ts: rows
 * of calls they answered and had not written yet, and their budget spend), then closes usage
 * rows left open by a worker process that died and never came back (kill -9, a lost host) as
 * `interrupted` once they are older than SVC_USAGE_STALE_AFTER_MS — the restart of a worker
 * closes only its own. Safe on every worker at once: INSERT IGNORE and one UPDATE, idempotent.
 */
export function usageSweep(usage: UsageRecorder, logger: Logger, staleAfterMs: number): Periodic {
  return new Periodic({
    name: 'usage sweep',
    intervalMs: sweepIntervalMs(staleAfterMs),
    logger,
    runAtStart: false,
    run: async () => {
      const replayed = await usage.replayOrphans();
      if (replayed > 0) logger.warn('usage rows of a process that is gone written from its journal', { rows: replayed });
      const closed = await usage.closeStale(staleAfterMs);
      if (closed > 0) logger.warn('closed usage rows left open by a worker that is gone as interrupted', { rows: closed });
    },
  });
}
