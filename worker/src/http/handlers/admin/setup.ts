import type { Request, Response } from 'express';
import type { Database } from '../../../db/connections';
import type { RouterServices } from '../../../router/router-services';
import type { ProviderStatus } from '../../../router/settings/configured-providers';
import { probeOutbound, tcpConnector, type Connector } from './setup-outbound';

/** How long the setup check waits for the database's `SELECT 1`. */
const DATABASE_TIMEOUT_MS = 2000;

export interface SetupDependencies {
  database: Database;
  version: string;
  router: Pick<RouterServices, 'providers'>;
  connector?: Connector;
}

const within = <T>(promise: Promise<T>, ms: number, what: string): Promise<T> =>
  Promise.race([
    promise,
    new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms).unref()),
  ]);

/**
 * `GET admin/setup`: the worker's half of the wp-admin setup checklist (docs/architecture.md
 * "Setup checklist"): its version, whether its database answers, the providers configured
 * (`mock` among them or not) and whether each provider's host can be reached. The shell adds
 * what only WordPress knows and caches the whole; this route reads and changes nothing else.
 */
export function setupHandlers(dependencies: SetupDependencies) {
  const connector = dependencies.connector ?? tcpConnector;
  return {
    async show(_request: Request, response: Response) {
      const database = await within(dependencies.database.pool.query('SELECT 1'), DATABASE_TIMEOUT_MS, 'the database').then(
        () => ({ status: 'ok' as const }),
        () => ({ status: 'down' as const, message: 'The database does not answer.' }),
      );
      const statuses: ProviderStatus[] | null =
        database.status === 'ok' ? await dependencies.router.providers.statuses().catch(() => null) : null;
      const configured = statuses?.filter((status) => status.configured && status.enabled).map((status) => status.name) ?? null;
      const outbound = statuses ? await probeOutbound(statuses, dependencies.router.providers.guard, connector) : null;
      response.setHeader('Cache-Control', 'no-store');
      response.json({
        version: dependencies.version,
        database,
        providers: configured === null ? { status: 'unknown' } : { status: 'ok', configured, mock_only: configured.join() === 'mock' },
        outbound: outbound === null ? { status: 'unknown' } : { status: 'ok', targets: outbound },
      });
    },
  };
}
