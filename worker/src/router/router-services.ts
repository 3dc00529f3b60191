import type { Config } from '../config';
import type { Database } from '../db/connections';
import type { Logger } from '../support/logger';
import type { PendingWrites } from '../support/pending-writes';
import { hostname } from 'node:os';
import { ulid } from '../support/ids';
import { OutboundGuard } from '../support/outbound-guard';
import type { OutboxWriter } from '../license/outbox-writer';
import { BudgetGuard } from './budgets/budget-guard';
import { BudgetStore } from './budgets/budget-rows';
import type { SiteCustomers } from './budgets/budget-scope';
import { ConcurrentCalls } from './limits/concurrent-calls';
import { ImageInliner } from './request/image-inline';
import { PriceBook } from './catalog/prices';
import { ProviderPool } from './settings/configured-providers';
import { ProviderStore } from './settings/provider-rows';
import { PurposeBook } from './catalog/purposes';
import { MysqlRateCounters } from './limits/rate-counters';
import { RateLimiter } from './limits/rate-limiter';
import { ResponseStore } from './responses/response-rows';
import { journalTag, UsageJournal } from './usage/journal';
import { UsageRecorder } from './usage/recorder';
import { NO_MARKUP, type MarkupSource } from './usage/billing';
import { KeyPools } from './key-pools/key-pools';
import { ResponseCache } from './response-cache/response-cache';
import { ImageFiles } from './images/image-files';

/** The router area's long-lived parts, built once per worker (or CLI run). */
export interface RouterServices {
  config: Config;
  logger: Logger;
  providerStore: ProviderStore;
  providers: ProviderPool;
  purposes: PurposeBook;
  prices: PriceBook;
  usage: UsageRecorder;
  limiter: RateLimiter;
  /** Calls in flight per key on this worker. */
  calls: ConcurrentCalls;
  /** Checks chat images and inlines URLs for providers that cannot fetch them. */
  images: ImageInliner;
  /** Stored Responses API responses (docs/architecture.md §9). */
  responses: ResponseStore;
  /** Spend budgets: reserve before a call, settle after (router/budgets/). */
  budgets: BudgetGuard;
  /** The opt-in response cache (response-cache/). */
  responseCache: ResponseCache;
  /** Provider key pools and their cool-downs (key-pools/). */
  keyPools: KeyPools;
  /** Images answered as `response_format: url`, served for an hour (images/image-files.ts). */
  imageFiles: ImageFiles;
}

export function createRouterServices(
  config: Config,
  database: Database,
  pending: PendingWrites,
  logger: Logger,
  outbox: OutboxWriter,
  customers: SiteCustomers,
  /** The sites' resale markups, for the usage rows' `billed` (router/usage/billing.ts); none unless the composition root gives one. */
  markup: MarkupSource = NO_MARKUP,
): RouterServices {
  const providerStore = new ProviderStore(database, config.encryptionKey);
  const prices = new PriceBook(database);
  const providers = new ProviderPool(config, providerStore, logger);
  // A reservation outlives the longest call (a stream's maximum) by 5 minutes, then the sweep releases it.
  const budgets = new BudgetGuard(database, new BudgetStore(database, config.encryptionKey), prices, outbox, logger, customers);
  const usage = usageRecorder(config, database, pending, logger, markup);
  usage.settlements = budgets; // a dead worker's journal replays its calls' budget spend (router/usage/replay.ts)
  return {
    config,
    logger,
    providerStore,
    providers,
    purposes: new PurposeBook(database),
    prices,
    usage,
    limiter: new RateLimiter(new MysqlRateCounters(database), logger),
    calls: new ConcurrentCalls(),
    images: new ImageInliner(new OutboundGuard(config.outbox.outboundAllow), config.outbox.outboundAllow, config.images),
    responses: new ResponseStore(database, config.responsesRetentionDays),
    budgets,
    responseCache: new ResponseCache(database, config.responseCache, logger),
    keyPools: new KeyPools(config, database, providers),
    imageFiles: new ImageFiles(config.publicUrl),
  };
}

/** The usage recorder, with its journal unless SVC_USAGE_JOURNAL_DIR is `off`. */
function usageRecorder(config: Config, database: Database, pending: PendingWrites, logger: Logger, markup: MarkupSource): UsageRecorder {
  const worker = { name: `${hostname()}:${config.port}`, boot: ulid() };
  const journal =
    config.usageJournalDir === null ? null : new UsageJournal(config.usageJournalDir, journalTag(config.database), worker.boot, logger);
  return new UsageRecorder(database, pending, logger, worker, journal, markup);
}
