import type { Config } from '../../config';
import type { Database } from '../../db/connections';
import { OutboundGuard } from '../../support/outbound-guard';
import type { PaymentEvents } from '../payment-events';
import type { WebhookServices } from '../webhook/webhook-services';
import { ReconcileClaims } from './reconcile-claims';
import { RestCredentialStore } from './rest-credentials';
import { StoreReconciler } from './store-reconciler';
import { WooOrdersClient } from './woo-orders-client';

/** Pulling orders from stores whose webhooks may have missed some: credentials, claims, the pass itself. */
export interface ReconcileServices {
  credentials: RestCredentialStore;
  claims: ReconcileClaims;
  reconciler: StoreReconciler;
  intervalMs: number;
}

const REST_TIMEOUT_MS = 30_000;

export function createReconcileServices(
  config: Config,
  database: Database,
  payments: PaymentEvents,
  webhooks: Pick<WebhookServices, 'audit' | 'retention'>,
): ReconcileServices {
  const credentials = new RestCredentialStore(database, config.encryptionKey);
  const claims = new ReconcileClaims(database);
  const allow = config.outbox.outboundAllow;
  const client = new WooOrdersClient(new OutboundGuard(allow), allow, {
    timeoutMs: REST_TIMEOUT_MS,
    userAgent: `svc-hub/${config.version}`,
  });
  const reconciler = new StoreReconciler(client, credentials, claims, {
    payments,
    audit: webhooks.audit,
    verifiedDays: webhooks.retention.verifiedDays,
  });
  return { credentials, claims, reconciler, intervalMs: config.stores.reconcileIntervalMs };
}
