import type { Migration } from './migration';
import { apiKeys } from './001-api-keys';
import { entitlements } from './002-entitlements';
import { router } from './003-router';
import { commerce } from './004-commerce';
import { library } from './005-library';
import { shellNonces } from './006-shell-nonces';
import { byteExactIdentifiers } from './007-byte-exact-identifiers';
import { webhookAuditTally } from './008-webhook-audit-tally';
import { keyConcurrency } from './009-key-concurrency';
import { storeOperations } from './012-store-operations';
import { subscriptions } from './013-subscriptions';
import { cacheUsage } from './014-cache-usage';
import { responses } from './015-responses';
import { budgets } from './016-budgets';
import { cachePools } from './017-cache-pools';
import { responseItems } from './018-response-items';
import { budgetRoles } from './019-budget-roles';
import { costFigures } from './020-cost-figures';
import { customersTenancy } from './021-customers-tenancy';
import { aiCommerce } from './022-ai-commerce';
import { orderBuyer } from './023-order-buyer';
import { orderCoverage } from './024-order-coverage';
import { renders } from './026-renders';
import { packageSeats } from './027-package-seats';
import { licences } from './028-licences';
import { releases } from './029-releases';
import { imageUsage } from './030-image-usage';
import { downloadClaims } from './031-download-claims';

/** Every migration in order. Append only: an applied migration is never edited. */
export const MIGRATIONS: Migration[] = [
  apiKeys,
  entitlements,
  router,
  commerce,
  library,
  shellNonces,
  byteExactIdentifiers,
  webhookAuditTally,
  keyConcurrency,
  storeOperations,
  subscriptions,
  cacheUsage,
  responses,
  budgets,
  cachePools,
  responseItems,
  budgetRoles,
  costFigures,
  customersTenancy,
  aiCommerce,
  orderBuyer,
  orderCoverage,
  renders,
  packageSeats,
  licences,
  releases,
  imageUsage,
  downloadClaims,
];
