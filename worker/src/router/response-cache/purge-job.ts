import type { Logger } from '../../support/logger';
import { Periodic } from '../../support/periodic';
import type { ResponseCache } from './response-cache';

const INTERVAL_MS = 60_000;

/**
 * Every minute: deletes expired cache entries, then the oldest beyond SVC_CACHE_MAX_ENTRIES
 * (each scope is trimmed to SVC_CACHE_MAX_ENTRIES_PER_SCOPE as entries are added). Safe on
 * several workers (plain DELETEs).
 */
export function responseCachePurge(cache: ResponseCache, logger: Logger, intervalMs = INTERVAL_MS): Periodic {
  return new Periodic({
    name: 'response cache purge',
    intervalMs,
    logger,
    run: async () => {
      const purged = await cache.entries.purge();
      if (purged > 0) logger.info('response cache entries purged', { rows: purged });
    },
  });
}
