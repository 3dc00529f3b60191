import type { RowDataPacket } from 'mysql2/promise';
import type { Database } from '../../db/connections';
import { describeProvider } from '../../providers/registry';
import { andThen, type Eventually } from '../../support/eventually';
import { TtlCache } from '../../support/ttl-cache';
import { findModel, isCatalogued, splitModelId } from './models';
import type { PriceOverride } from './price-override';
import { fixedPrice, overrideFromRow, ProviderPrices } from './provider-prices';
import type { Price } from '../usage/cost';

export type { PriceOverride } from './price-override';

/** Who set a model's price: `admin`, or the id of the provider whose price list a sync loaded it from (router/settings/price-sync.ts). */
export type PriceSource = string;

/** A model price as stored, with where it came from. */
export type StoredPrice = PriceOverride & { source: PriceSource };

const FREE: Price = { inputPerMtok: 0, outputPerMtok: 0, cacheReadPerMtok: 0, cacheWritePerMtok: 0, currency: 'USD' };

/** The shipped list price of a model the catalog lists (0 for the mock models is a price); null for any other. */
export function shippedPrice(modelId: string): Price | null {
  if (!isCatalogued(modelId)) return null;
  const model = findModel(modelId)!;
  return {
    inputPerMtok: model.inputPerMtok,
    outputPerMtok: model.outputPerMtok,
    cacheReadPerMtok: model.cacheReadPerMtok,
    cacheWritePerMtok: model.cacheWritePerMtok,
    currency: 'USD',
  };
}

/**
 * An admin's price in force: a cache price left out is the shipped one, or — for a model the
 * catalog does not list — the input price: no discount assumed, so cached tokens are never free.
 */
function withCachePrices(override: PriceOverride, shipped: Price | null): Price {
  return {
    inputPerMtok: override.inputPerMtok,
    outputPerMtok: override.outputPerMtok,
    cacheReadPerMtok: override.cacheReadPerMtok ?? shipped?.cacheReadPerMtok ?? override.inputPerMtok,
    cacheWritePerMtok: override.cacheWritePerMtok ?? shipped?.cacheWritePerMtok ?? override.inputPerMtok,
    currency: override.currency,
  };
}

/**
 * Model prices (docs/api-notes.md "Unpriced models"): the admin's per model (svc_model_prices),
 * else the shipped catalog's, else the admin's default for the model's provider
 * (svc_provider_prices), else free for a provider whose models run on the admin's own machine
 * (descriptor `unlistedFree`), else none — the model is unpriced.
 */
export class PriceBook {
  private readonly overrides: TtlCache<Map<string, StoredPrice>>;
  /** The admin's default price per provider. */
  readonly providers: ProviderPrices;

  constructor(
    private readonly database: Database,
    refreshMs = 3000,
  ) {
    this.overrides = new TtlCache(refreshMs, 1, Date.now, 5000);
    this.providers = new ProviderPrices(database, refreshMs);
  }

  /** The price in force, or null when the model is unpriced. At once when the admin's prices are cached. */
  priceFor(modelId: string): Eventually<Price | null> {
    return andThen(this.all(), (overrides) => {
      const shipped = shippedPrice(modelId);
      const override = overrides.get(modelId);
      if (override) return withCachePrices(override, shipped);
      if (shipped) return shipped;
      return this.defaultPriceFor(splitModelId(modelId)?.provider ?? '');
    });
  }

  /** What a model of this provider costs when neither the admin nor the catalog prices it; null: unpriced. */
  defaultPriceFor(provider: string): Eventually<Price | null> {
    return andThen(this.providers.all(), (defaults) => {
      const fallback = defaults.get(provider);
      if (fallback) return withCachePrices(fallback, null);
      return describeProvider(provider)?.unlistedFree ? FREE : null;
    });
  }

  /** The admin's and the synced prices per model. */
  all(): Eventually<Map<string, StoredPrice>> {
    return this.overrides.get('all', () => this.stored());
  }

  /** The stored prices as the database holds them now (a sync compares with these, not with this worker's copy). */
  async stored(): Promise<Map<string, StoredPrice>> {
    const [rows] = await this.database.pool.query<RowDataPacket[]>(`SELECT * FROM ${this.database.table('model_prices')}`);
    return new Map(
      rows.map((row) => [row.model as string, { ...overrideFromRow(row), source: (row.source as string | undefined) ?? 'admin' }]),
    );
  }

  /** Drops this worker's copy of the prices: the next call reads them again. */
  forget(): void {
    this.overrides.clear();
  }

  /** Stores the admin's price; a cache price left null keeps (or returns to) the shipped one. */
  async set(modelId: string, price: PriceOverride): Promise<void> {
    await this.setMany([[modelId, price]], 'admin');
  }

  /** Stores several prices in one statement (a sync's), each marked with its source. */
  async setMany(prices: ReadonlyArray<[modelId: string, price: PriceOverride]>, source: PriceSource): Promise<void> {
    if (prices.length === 0) return;
    const values = prices.flatMap(([modelId, price]) => [
      modelId,
      fixedPrice(price.inputPerMtok),
      fixedPrice(price.outputPerMtok),
      fixedPrice(price.cacheReadPerMtok),
      fixedPrice(price.cacheWritePerMtok),
      price.currency,
      source,
    ]);
    await this.database.pool.query(
      `INSERT INTO ${this.database.table('model_prices')} (model, input_per_mtok, output_per_mtok, cache_read_per_mtok, cache_write_per_mtok, currency, source, updated_at)
       VALUES ${prices.map(() => '(?, ?, ?, ?, ?, ?, ?, UTC_TIMESTAMP(3))').join(', ')}
       ON DUPLICATE KEY UPDATE input_per_mtok = VALUES(input_per_mtok), output_per_mtok = VALUES(output_per_mtok),
         cache_read_per_mtok = VALUES(cache_read_per_mtok), cache_write_per_mtok = VALUES(cache_write_per_mtok),
         currency = VALUES(currency), source = VALUES(source), updated_at = VALUES(updated_at)`,
      values,
    );
    this.overrides.clear();
  }
}
