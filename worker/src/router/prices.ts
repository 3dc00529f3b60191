import type { RowDataPacket } from 'mysql2/promise';
import type { Database } from '../db/pool';
import { TtlCache } from '../support/ttl-cache';
import { findModel } from './catalog';
import type { Price } from './cost';

/** Model prices: the shipped catalog, overridden per model by the admin (svc_model_prices). */
export class PriceBook {
  private readonly overrides: TtlCache<Map<string, Price>>;

  constructor(private readonly database: Database, refreshMs = 3000) {
    this.overrides = new TtlCache(refreshMs, 1, Date.now, 5000);
  }

  async priceFor(modelId: string): Promise<Price> {
    const override = (await this.all()).get(modelId);
    if (override) return override;
    const model = findModel(modelId);
    return { inputPerMtok: model?.inputPerMtok ?? 0, outputPerMtok: model?.outputPerMtok ?? 0, currency: 'USD' };
  }

  all(): Promise<Map<string, Price>> {
    return this.overrides.get('all', async () => {
      const [rows] = await this.database.pool.query<RowDataPacket[]>(`SELECT * FROM ${this.database.table('model_prices')}`);
      return new Map(rows.map((row) => [row.model as string, {
        inputPerMtok: Number(row.input_per_mtok),
        outputPerMtok: Number(row.output_per_mtok),
        currency: row.currency as string,
      }]));
    });
  }

  async set(modelId: string, price: Price): Promise<void> {
    await this.database.pool.execute(
      `INSERT INTO ${this.database.table('model_prices')} (model, input_per_mtok, output_per_mtok, currency, updated_at)
       VALUES (?, ?, ?, ?, UTC_TIMESTAMP(3))
       ON DUPLICATE KEY UPDATE input_per_mtok = VALUES(input_per_mtok), output_per_mtok = VALUES(output_per_mtok),
         currency = VALUES(currency), updated_at = VALUES(updated_at)`,
      [modelId, price.inputPerMtok.toFixed(6), price.outputPerMtok.toFixed(6), price.currency],
    );
    this.overrides.clear();
  }
}
