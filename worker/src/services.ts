import type { Config } from './config';
import { createDatabase, type Database } from './db/pool';
import { CachedKeyLookup } from './license/api-key-cache';
import { ApiKeyStore } from './license/api-keys';
import { EntitlementStore } from './license/entitlements';
import { EntitlementGate } from './license/gate';
import type { Logger } from './support/logger';
import { PendingWrites } from './support/pending-writes';
import { createRouterServices, type RouterServices } from './router/router-services';

/** Everything a request or a CLI command may need, built once from the configuration. */
export interface Services {
  config: Config;
  logger: Logger;
  database: Database;
  pending: PendingWrites;
  keys: ApiKeyStore;
  keyLookup: CachedKeyLookup;
  entitlements: EntitlementStore;
  gate: EntitlementGate;
  router: RouterServices;
}

export function createServices(config: Config, logger: Logger, database: Database = createDatabase(config.database)): Services {
  const pending = new PendingWrites();
  const keys = new ApiKeyStore(database, config.encryptionKey);
  const entitlements = new EntitlementStore(database);
  return {
    config,
    logger,
    database,
    pending,
    keys,
    keyLookup: new CachedKeyLookup(keys, pending, logger),
    entitlements,
    gate: new EntitlementGate(entitlements),
    router: createRouterServices(config, database, pending, logger),
  };
}
