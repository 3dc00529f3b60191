import type { ExecuteValues, RowDataPacket } from 'mysql2/promise';
import type { Database } from '../db/connections';
import { ApiError } from '../support/api-error';
import type { AiTerms } from './ai-terms';
import type { Money } from './money';
import type { Executor } from './orders';

export type PackageStatus = 'active' | 'archived';

/** A package; its AI terms (allowance, credits, overage, markup) are docs/commerce.md "AI allowances and credits". */
export interface PackageRecord extends AiTerms {
  packageId: string;
  name: string;
  description: string;
  price: Money;
  features: string[];
  durationDays: number | null;
  /** Production sites one licence of the package may activate; null: unlimited (docs/commerce.md "Licences and activations"). */
  sites: number | null;
  wooProductId: number | null;
  /** A configured WooCommerce store's source URL; null = WooCommerce on this site. */
  store: string | null;
  status: PackageStatus;
  createdAt: Date;
  updatedAt: Date;
}

export type PackageInput = Omit<PackageRecord, 'status' | 'createdAt' | 'updatedAt'>;

function toRecord(row: RowDataPacket): PackageRecord {
  return {
    packageId: row.package_id,
    name: row.name,
    description: row.description,
    price: { amount: String(row.price_amount), currency: row.currency },
    features: JSON.parse(row.features) as string[],
    durationDays: row.duration_days === null ? null : Number(row.duration_days),
    sites: row.sites === null || row.sites === undefined ? null : Number(row.sites),
    wooProductId: row.woo_product_id === null ? null : Number(row.woo_product_id),
    store: row.store,
    status: row.status,
    kind: row.kind ?? 'standard',
    creditAmount: row.credit_amount === null ? null : String(row.credit_amount),
    creditScope: row.credit_scope ?? null,
    aiAllowance: row.ai_allowance_amount === null ? null : { amount: String(row.ai_allowance_amount), period: row.ai_allowance_period },
    overage: row.overage_mode === null ? null : { mode: row.overage_mode, cap: String(row.overage_cap ?? '0.00000000') },
    markupPercent: row.markup_percent === null ? null : String(row.markup_percent),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Packages a site can buy (docs/architecture.md §5), managed by the admin routes and `hub package …`. */
export class PackageStore {
  constructor(private readonly database: Database) {}

  async create(input: PackageInput): Promise<PackageRecord> {
    try {
      await this.database.pool.execute(
        `INSERT INTO ${this.database.table('packages')}
          (package_id, name, description, price_amount, currency, features, duration_days, sites, woo_product_id, store, kind, credit_amount,
           credit_scope, ai_allowance_amount, ai_allowance_period, overage_mode, overage_cap, markup_percent, status, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'active', UTC_TIMESTAMP(3), UTC_TIMESTAMP(3))`,
        this.values(input),
      );
    } catch (error) {
      if ((error as { code?: string }).code === 'ER_DUP_ENTRY') {
        throw ApiError.conflict('svc_conflict', `A package with id "${input.packageId}" already exists.`);
      }
      throw error;
    }
    return (await this.find(input.packageId))!;
  }

  /** Replaces every field but the id and status; null when the package does not exist. */
  async update(input: PackageInput): Promise<PackageRecord | null> {
    const [, ...values] = this.values(input);
    await this.database.pool.execute(
      `UPDATE ${this.database.table('packages')} SET name = ?, description = ?, price_amount = ?, currency = ?, features = ?,
        duration_days = ?, sites = ?, woo_product_id = ?, store = ?, kind = ?, credit_amount = ?, credit_scope = ?, ai_allowance_amount = ?,
        ai_allowance_period = ?, overage_mode = ?, overage_cap = ?, markup_percent = ?, updated_at = UTC_TIMESTAMP(3) WHERE package_id = ?`,
      [...values, input.packageId],
    );
    return this.find(input.packageId);
  }

  async setStatus(packageId: string, status: PackageStatus): Promise<PackageRecord | null> {
    await this.database.pool.execute(
      `UPDATE ${this.database.table('packages')} SET status = ?, updated_at = UTC_TIMESTAMP(3) WHERE package_id = ? AND status <> ?`,
      [status, packageId, status],
    );
    return this.find(packageId);
  }

  async find(packageId: string, executor: Executor = this.database.pool as never): Promise<PackageRecord | null> {
    const [rows] = await executor.execute<RowDataPacket[]>(`SELECT * FROM ${this.database.table('packages')} WHERE package_id = ?`, [
      packageId,
    ]);
    return rows[0] ? toRecord(rows[0]) : null;
  }

  /** Every package with `status` (all when undefined), by name. */
  async list(status?: PackageStatus): Promise<PackageRecord[]> {
    const where = status ? 'WHERE status = ?' : '';
    const [rows] = await this.database.pool.execute<RowDataPacket[]>(
      `SELECT * FROM ${this.database.table('packages')} ${where} ORDER BY name, package_id`,
      status ? [status] : [],
    );
    return rows.map(toRecord);
  }

  private values(input: PackageInput): ExecuteValues[] {
    return [
      input.packageId,
      input.name,
      input.description,
      input.price.amount,
      input.price.currency,
      JSON.stringify(input.features),
      input.durationDays,
      input.sites,
      input.wooProductId,
      input.store,
      input.kind,
      input.creditAmount,
      input.creditScope,
      input.aiAllowance?.amount ?? null,
      input.aiAllowance?.period ?? null,
      input.overage?.mode ?? null,
      input.overage?.cap ?? null,
      input.markupPercent,
    ];
  }
}
