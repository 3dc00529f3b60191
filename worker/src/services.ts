import { createCommerceServices, type CommerceServices } from './commerce/commerce-services';
import type { Config } from './config';
import { createDatabase, type Database } from './db/connections';
import { CachedKeyLookup } from './license/api-key-cache';
import { ApiKeyStore } from './license/api-keys';
import { EntitlementStore } from './license/entitlements';
import { EntitlementGate } from './license/gate';
import { ShellNonceStore } from './db/shell-nonce-claims';
import { readPluginActive } from './db/wordpress-plugin-state';
import { PluginActivation } from './db/plugin-activation';
import { OutboxWriter } from './license/outbox-writer';
import { CustomerDirectory } from './license/customers/customer-directory';
import { CustomerStore } from './license/customers/customer-rows';
import { createLicenceServices, type LicenceServices } from './license/licences/licence-services';
import { createReleaseServices, type ReleaseServices } from './license/releases/release-services';
import { Library, renderOptions, STARTER_DIR } from './library/library';
import type { Logger } from './support/logger';
import { PendingWrites } from './support/pending-writes';
import { createAiAccounts, type AiAccounts } from './router/ai-accounts/ai-accounts';
import { createRouterServices, type RouterServices } from './router/router-services';

/** Everything a request or a CLI command may need, built once from the configuration. */
export interface Services {
  config: Config;
  logger: Logger;
  database: Database;
  pending: PendingWrites;
  keys: ApiKeyStore;
  keyLookup: CachedKeyLookup;
  outbox: OutboxWriter;
  entitlements: EntitlementStore;
  gate: EntitlementGate;
  /** Which customer owns which site (license/customers/). */
  customers: CustomerDirectory;
  router: RouterServices;
  /** AI allowances and credits sold through WooCommerce, as budgets (router/ai-accounts/). */
  ai: AiAccounts;
  commerce: CommerceServices;
  /** Licences, activations and signed licence documents (license/licences/). */
  licences: LicenceServices;
  /** Releases of packages' plugins and themes, update checks, signed downloads (license/releases/). */
  releases: ReleaseServices;
  library: Library;
  /** Shell-signature nonces, claimed across workers (db/shell-nonce-claims.ts). */
  shellNonces: ShellNonceStore;
  /** Whether the svc-hub plugin is active in WordPress (db/plugin-activation.ts). */
  pluginActivation: PluginActivation;
}

export function createServices(config: Config, logger: Logger, database: Database = createDatabase(config.database)): Services {
  const pending = new PendingWrites();
  const keys = new ApiKeyStore(database, config.encryptionKey);
  const outbox = new OutboxWriter(database);
  const entitlements = new EntitlementStore(database, outbox);
  const gate = new EntitlementGate(entitlements);
  const customers = new CustomerDirectory(new CustomerStore(database));
  const ai = createAiAccounts(database, outbox, config.encryptionKey);
  const licences = createLicenceServices(
    database,
    config.encryptionKey,
    entitlements,
    keys,
    customers,
    config.activationLimits,
    config.licenceGraceDays,
  );
  const router = createRouterServices(config, database, pending, logger, outbox, customers, ai.markups);
  // A payment or refund moved allowance or credits budgets, or a package's markup (their entitlement's outbox message commits with them).
  router.budgets.onRefused((budget) => ai.alerts.refused(budget));
  outbox.onCommitted(() => {
    router.budgets.changed();
    ai.markups.changed();
  });
  return {
    config,
    logger,
    database,
    pending,
    keys,
    keyLookup: new CachedKeyLookup(keys, pending, logger),
    outbox,
    entitlements,
    gate,
    customers,
    router,
    ai,
    commerce: createCommerceServices(config, database, entitlements, gate, logger, customers, ai, licences.licences),
    licences,
    releases: createReleaseServices(database, config),
    library: new Library(
      database,
      { publicUrl: config.publicUrl, pluginUrl: config.pluginUrl },
      logger,
      STARTER_DIR,
      renderOptions(config.renders, config.images, config.outbox.outboundAllow),
    ),
    shellNonces: new ShellNonceStore(database),
    pluginActivation: new PluginActivation(() => readPluginActive(database.pool, config.database.prefix), logger),
  };
}
