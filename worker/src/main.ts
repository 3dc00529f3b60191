import { ConfigError, loadConfig, type Config } from './config';
import { migrate } from './db/migrate';
import { waitForDatabase } from './db/connections';
import { createWorkerServer } from './http/server/server';
import { installGracefulShutdown } from './http/server/lifecycle';
import { startJobs } from './jobs';
import { createServices } from './services';
import { createLogger } from './support/logger';
import { productVersion } from './support/version';

function readConfig(): Config {
  try {
    return loadConfig(process.env, productVersion());
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\nSee docs/configuration.md.\n`);
      process.exit(78);
    }
    throw error;
  }
}

/** Worker entry: config → database (wait, migrate) → background jobs (worker/src/jobs.ts) → HTTP server → graceful shutdown. */
async function main(): Promise<void> {
  const startedAt = Date.now();
  const config = readConfig();
  const logger = createLogger(config.logLevel);
  const services = createServices(config, logger);
  await waitForDatabase(services.database, 30_000, (error) => logger.warn('waiting for the database', { error: error.message }));
  const applied = await migrate(services.database, logger);
  const starter = await services.library.loadStarter(true);
  if (starter?.changed)
    logger.info('loaded the starter image library', { items: starter.created.length + starter.updated.length, version: starter.version });
  const replayed = await services.router.usage.replayOrphans();
  if (replayed > 0) logger.warn('usage rows of a process that is gone written from its journal', { rows: replayed });
  const interrupted = await services.router.usage.closeInterrupted();
  if (interrupted > 0) logger.warn('closed usage rows left open by an earlier process as interrupted', { rows: interrupted });
  services.router.limiter.start();
  await services.pluginActivation.refresh();
  services.pluginActivation.start();
  const jobs = startJobs(config, services, logger);
  const server = createWorkerServer(services, { startedAt });
  server.listen(config.port, config.host);
  // Idle keep-alive sockets live longer than a proxy's (nginx keeps upstream ones 60 s), so the
  // worker never closes a socket the proxy or a client is about to reuse.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.on('error', (error: NodeJS.ErrnoException) => {
    logger.error(
      error.code === 'EADDRINUSE' ? `port ${config.port} on ${config.host} is already in use (SVC_WORKER_PORT)` : 'server error',
      { error: error.message },
    );
    process.exit(1);
  });
  server.on('listening', () =>
    logger.info('svc-hub worker listening', {
      url: `http://${config.host}:${config.port}`,
      version: config.version,
      migrations_applied: applied,
      mock: config.mock,
    }),
  );
  installGracefulShutdown(server, logger, async () => {
    await jobs.stop();
    await services.pluginActivation.stop();
    await services.router.limiter.stop();
    await services.pending.flush();
    await services.router.usage.close();
    await services.router.providers.close();
    await services.router.keyPools.close();
    await services.database.close();
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`svc-hub worker failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
