import type { Logger } from '../../support/logger';
import { Periodic } from '../../support/periodic';
import type { ShellNonceStore } from '../../db/shell-nonce-claims';

const INTERVAL_MS = 60_000;

/** Every minute: forget shell nonces whose signatures are stale on every worker. */
export function shellNoncePurge(nonces: ShellNonceStore, logger: Logger, intervalMs = INTERVAL_MS): Periodic {
  return new Periodic({
    name: 'shell nonce purge',
    intervalMs,
    logger,
    run: async () => {
      const purged = await nonces.purgeExpired(Math.floor(Date.now() / 1000));
      if (purged > 0) logger.debug('shell nonces purged', { nonces: purged });
    },
  });
}
