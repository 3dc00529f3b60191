import type { RowDataPacket } from 'mysql2/promise';
import type { Database } from '../../db/connections';
import { andThen, type Eventually } from '../../support/eventually';
import { TtlCache } from '../../support/ttl-cache';
import { findModel, isCatalogued } from './models';
import type { Price } from '../usage/cost';

/** An admin's price: cache prices left out (null) fall back to the shipped ones. */
export interface PriceOverride {
  inputPerMtok: number;
  outputPerMtok: number;
  cacheReadPerMtok: number | null;
  cacheWritePerMtok: number | null;
  currency: string;
}

/** The shipped list price of a model (0 for one the catalog does not price). */
export function shippedPrice(modelId: string): Price {
  const model = findModel(modelId);
  return {
    inputPerMtok: model?.inputPerMtok ?? 0,
    outputPerMtok: model?.outputPerMtok ?? 0,
    cacheReadPerMtok: model?.cacheReadPerMtok ?? 0,
    cacheWritePerMtok: model?.cacheWritePerMtok ?? 0,
    currency: 'USD',
  };
}

const decimalOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** Model prices: the shipped catalog, overridden per model by the admin (svc_model_prices). */
export class PriceBook {
  private readonly overrides: TtlCache<Map<string, PriceOverride>>;

  constructor(
    private readonly database: Database,
    refreshMs = 3000,
  ) {
    this.overrides = new TtlCache(refreshMs, 1, Date.now, 5000);
  }

  /**
   * The admin's price, else the shipped one. A cache price the admin left out is the shipped
   * one; for a model the catalog does not list (any OpenRouter, Ollama or compat model) it is
   * the admin's input price — no discount assumed, so cached tokens are never free. At once
   * when the admin's prices are cached.
   */
  priceFor(modelId: string): Eventually<Price> {
    return andThen(this.all(), (overrides) => {
      const shipped = shippedPrice(modelId);
      const override = overrides.get(modelId);
      if (!override) return shipped;
      const listed = isCatalogued(modelId);
      return {
        inputPerMtok: override.inputPerMtok,
        outputPerMtok: override.outputPerMtok,
        cacheReadPerMtok: override.cacheReadPerMtok ?? (listed ? shipped.cacheReadPerMtok : override.inputPerMtok),
        cacheWritePerMtok: override.cacheWritePerMtok ?? (listed ? shipped.cacheWritePerMtok : override.inputPerMtok),
        currency: override.currency,
      };
    });
  }

  all(): Eventually<Map<string, PriceOverride>> {
    return this.overrides.get('all', async () => {
      const [rows] = await this.database.pool.query<RowDataPacket[]>(`SELECT * FROM ${this.database.table('model_prices')}`);
      return new Map(
        rows.map((row) => [
          row.model as string,
          {
            inputPerMtok: Number(row.input_per_mtok),
            outputPerMtok: Number(row.output_per_mtok),
            cacheReadPerMtok: decimalOrNull(row.cache_read_per_mtok),
            cacheWritePerMtok: decimalOrNull(row.cache_write_per_mtok),
            currency: row.currency as string,
          },
        ]),
      );
    });
  }

  /** Stores the admin's price; a cache price left null keeps (or returns to) the shipped one. */
  async set(modelId: string, price: PriceOverride): Promise<void> {
    const fixed = (value: number | null) => (value === null ? null : value.toFixed(6));
    await this.database.pool.execute(
      `INSERT INTO ${this.database.table('model_prices')} (model, input_per_mtok, output_per_mtok, cache_read_per_mtok, cache_write_per_mtok, currency, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, UTC_TIMESTAMP(3))
       ON DUPLICATE KEY UPDATE input_per_mtok = VALUES(input_per_mtok), output_per_mtok = VALUES(output_per_mtok),
         cache_read_per_mtok = VALUES(cache_read_per_mtok), cache_write_per_mtok = VALUES(cache_write_per_mtok),
         currency = VALUES(currency), updated_at = VALUES(updated_at)`,
      [
        modelId,
        price.inputPerMtok.toFixed(6),
        price.outputPerMtok.toFixed(6),
        fixed(price.cacheReadPerMtok),
        fixed(price.cacheWritePerMtok),
        price.currency,
      ],
    );
    this.overrides.clear();
  }
}
