import type { ResultSetHeader, RowDataPacket } from 'mysql2/promise';
import type { Database } from '../../db/connections';
import type { Eventually } from '../../support/eventually';
import { TtlCache } from '../../support/ttl-cache';
import type { PriceOverride } from './price-override';

/** DECIMAL columns arrive as strings, NULL as null. */
export const decimalOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** A price row of `model_prices` or `provider_prices` as the book holds it. */
export function overrideFromRow(row: RowDataPacket): PriceOverride {
  return {
    inputPerMtok: Number(row.input_per_mtok),
    outputPerMtok: Number(row.output_per_mtok),
    cacheReadPerMtok: decimalOrNull(row.cache_read_per_mtok),
    cacheWritePerMtok: decimalOrNull(row.cache_write_per_mtok),
    currency: row.currency as string,
  };
}

/** A price as DECIMAL(12,6) text; null stays NULL. */
export const fixedPrice = (value: number | null) => (value === null ? null : value.toFixed(6));

/**
 * The admin's default price per provider (`{prefix}svc_provider_prices`, docs/api-notes.md
 * "Unpriced models"): what a model of that provider costs when neither the admin nor the
 * catalog prices it — an OpenRouter, compat or Ollama model the catalog does not list.
 */
export class ProviderPrices {
  private readonly cache: TtlCache<Map<string, PriceOverride>>;

  constructor(
    private readonly database: Database,
    refreshMs = 3000,
  ) {
    this.cache = new TtlCache(refreshMs, 1, Date.now, 5000);
  }

  all(): Eventually<Map<string, PriceOverride>> {
    return this.cache.get('all', async () => {
      const [rows] = await this.database.pool.query<RowDataPacket[]>(`SELECT * FROM ${this.database.table('provider_prices')}`);
      return new Map(rows.map((row) => [row.provider as string, overrideFromRow(row)]));
    });
  }

  async set(provider: string, price: PriceOverride): Promise<void> {
    await this.database.pool.execute(
      `INSERT INTO ${this.database.table('provider_prices')} (provider, input_per_mtok, output_per_mtok, cache_read_per_mtok, cache_write_per_mtok, currency, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, UTC_TIMESTAMP(3))
       ON DUPLICATE KEY UPDATE input_per_mtok = VALUES(input_per_mtok), output_per_mtok = VALUES(output_per_mtok),
         cache_read_per_mtok = VALUES(cache_read_per_mtok), cache_write_per_mtok = VALUES(cache_write_per_mtok),
         currency = VALUES(currency), updated_at = VALUES(updated_at)`,
      [
        provider,
        fixedPrice(price.inputPerMtok),
        fixedPrice(price.outputPerMtok),
        fixedPrice(price.cacheReadPerMtok),
        fixedPrice(price.cacheWritePerMtok),
        price.currency,
      ],
    );
    this.cache.clear();
  }

  /** Removes the provider's default price; false when there was none. */
  async clear(provider: string): Promise<boolean> {
    const [result] = await this.database.pool.execute<ResultSetHeader>(
      `DELETE FROM ${this.database.table('provider_prices')} WHERE provider = ?`,
      [provider],
    );
    this.cache.clear();
    return result.affectedRows > 0;
  }
}
