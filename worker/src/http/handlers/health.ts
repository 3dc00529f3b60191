import type { Request, Response } from 'express';
import type { Database } from '../../db/connections';
import { context } from '../server/context';

type CheckStatus = 'ok' | 'degraded' | 'down';

export interface HealthDependencies {
  database: Database;
  version: string;
  startedAt: number;
  providers: () => Promise<readonly string[]>;
}

/**
 * GET /health (public, docs/architecture.md §4): worker, database and provider checks, never a secret.
 * The database probe is shared for one second so a flood of health checks costs one query.
 */
export function healthHandler(dependencies: HealthDependencies) {
  let probe: { at: number; result: Promise<{ status: CheckStatus; latency_ms?: number; message?: string }> } | null = null;
  const probeDatabase = async () => {
    const started = process.hrtime.bigint();
    try {
      await dependencies.database.pool.query('SELECT 1');
      return { status: 'ok' as const, latency_ms: Number(process.hrtime.bigint() - started) / 1e6 };
    } catch {
      return { status: 'down' as const, message: 'The database does not answer.' };
    }
  };
  return async (_request: Request, response: Response): Promise<void> => {
    if (!probe || Date.now() - probe.at > 1000) probe = { at: Date.now(), result: probeDatabase() };
    const database = await probe.result;
    const configured = await dependencies.providers().catch(() => [] as string[]);
    const providers =
      configured.length > 0
        ? { status: 'ok' as const, configured }
        : { status: 'degraded' as const, configured, message: 'No LLM provider is configured.' };
    const status: CheckStatus = database.status === 'down' ? 'down' : providers.status === 'ok' ? 'ok' : 'degraded';
    response
      .status(status === 'down' ? 503 : 200)
      .setHeader('Cache-Control', 'no-store')
      // Which lane answered: the setup checklist's direct-lane check (docs/architecture.md "Setup checklist").
      .setHeader('X-Svc-Lane', context(response).signed ? 'wordpress' : 'direct')
      .json({
        status,
        version: dependencies.version,
        checks: {
          worker: { status: 'ok', uptime_s: Math.round((Date.now() - dependencies.startedAt) / 1000) },
          database,
          providers,
        },
      });
  };
}
