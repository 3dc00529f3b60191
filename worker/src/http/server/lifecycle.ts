import type { Server } from 'node:http';
import type { Logger } from '../../support/logger';

export const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Graceful stop on SIGTERM/SIGINT: stop accepting connections, let in-flight requests
 * finish for up to 10 s (idle keep-alive sockets are closed at once), then force-close the
 * rest, run `afterDrain` (flush pending writes, close the pool) and exit.
 */
export function installGracefulShutdown(server: Server, logger: Logger, afterDrain: () => Promise<void>): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal });
    const drained = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const idleSweep = setInterval(() => server.closeIdleConnections(), 250);
    const forced = new Promise<void>((resolve) =>
      setTimeout(() => {
        logger.warn('grace period over; closing open connections', { grace_ms: SHUTDOWN_GRACE_MS });
        server.closeAllConnections();
        resolve();
      }, SHUTDOWN_GRACE_MS).unref(),
    );
    await Promise.race([drained, forced]);
    clearInterval(idleSweep);
    try {
      await afterDrain();
    } catch (error) {
      logger.error('error while flushing on shutdown', { error: String(error) });
    }
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}
