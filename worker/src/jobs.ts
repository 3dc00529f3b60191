import { commerceHousekeeping } from './commerce/housekeeping';
import { ReconcileJob } from './commerce/reconcile/reconcile-job';
import { renewalGraceJob } from './commerce/renewal-grace-job';
import { webhookAuditRetention } from './commerce/webhook/audit-retention';
import type { Config } from './config';
import { shellNoncePurge } from './http/shell/shell-nonce-purge';
import { expiryJob } from './license/expiry-job';
import { OutboxDelivery } from './license/outbox-delivery';
import { aiAccountsJob } from './router/ai-accounts/ai-accounts';
import { budgetLeaseUpkeep } from './router/budgets/lease-upkeep-job';
import { budgetSweep } from './router/budgets/sweep-job';
import { responsesRetention } from './router/responses/retention-job';
import { usageSweep } from './router/usage/sweep';
import { responseCachePurge } from './router/response-cache/purge-job';
import type { Services } from './services';
import type { Logger } from './support/logger';

export interface RunningJobs {
  /** Ends every job; resolves when passes in progress have finished (deliveries get 2 s). */
  stop(): Promise<void>;
}

/**
 * The worker's background work, all of it safe with several workers on one database:
 * propagation to client sites (outbox), entitlement expiry, webhook audit retention,
 * commerce housekeeping (stale pending orders, old Idempotency-Keys), stale shell nonces,
 * store reconcile, stored Responses API responses past their retention, usage rows
 * left open by a worker that died, response cache entries expired
 * or beyond the cache's bounds.
 */
export function startJobs(config: Config, services: Services, logger: Logger): RunningJobs {
  const delivery = new OutboxDelivery({
    database: services.database,
    keys: services.keys,
    outbox: services.outbox,
    logger,
    config: config.outbox,
    userAgent: `svc-hub/${config.version}`,
    otherTargets: async (queue) => (await services.router.budgets.alertTarget(queue)) ?? services.ai.settings.alertTarget(queue),
    signBody: (body) => services.licences.documents.signedBody(body),
  });
  const periodic = [
    expiryJob(services.entitlements, services.gate, logger, config.expiryIntervalMs),
    webhookAuditRetention(services.commerce.webhooks.audit, logger),
    commerceHousekeeping(services.commerce, logger),
    shellNoncePurge(services.shellNonces, logger),
    new ReconcileJob(services.commerce.reconcile, logger),
    renewalGraceJob(services.commerce.subscriptions, logger, config.expiryIntervalMs),
    responsesRetention(services.router.responses, logger),
    usageSweep(services.router.usage, logger, config.usageStaleAfterMs),
    budgetSweep(services.router.budgets.ledger, logger, config.budgetSweepMs),
    budgetLeaseUpkeep(services.router.budgets.leases, logger),
    aiAccountsJob(services.ai, logger),
    responseCachePurge(services.router.responseCache, logger),
  ];
  delivery.start();
  for (const job of periodic) job.start();
  return {
    stop: async () => {
      await Promise.all([delivery.stop(), ...periodic.map((job) => job.stop())]);
    },
  };
}
