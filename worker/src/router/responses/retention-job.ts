import type { Logger } from '../../support/logger';
import { Periodic } from '../../support/periodic';
import type { ResponseStore } from './response-rows';

const INTERVAL_MS = 60 * 60_000;

/**
 * Hourly: deletes stored responses past their retention (SVC_RESPONSES_RETENTION_DAYS; each row
 * carries its own expires_at, and reads already ignore expired rows). Safe on several workers.
 */
export function responsesRetention(store: ResponseStore, logger: Logger, intervalMs = INTERVAL_MS): Periodic {
  return new Periodic({
    name: 'responses retention',
    intervalMs,
    logger,
    run: async () => {
      const purged = await store.purgeExpired();
      if (purged > 0) logger.info('stored responses past their retention deleted', { rows: purged });
    },
  });
}
