import type { ResultSetHeader, RowDataPacket } from 'mysql2/promise';
import type { Database } from '../../db/connections';
import { generateWebhookSecret } from '../../license/api-key-format';
import { decrypt, encrypt } from '../../support/encryption';
import { prefixedId } from '../../support/ids';
import type { BudgetFields } from './budget-inputs';

/**
 * What a budget is for (docs/architecture.md §11): a `limit` an admin set; an `allowance` a package
 * paid for; `credits`, a prepaid balance drawn when the allowance of its scope has no room (hard,
 * period total).
 */
export type BudgetRole = 'limit' | 'allowance' | 'credits';
export const BUDGET_ROLES: readonly BudgetRole[] = ['limit', 'allowance', 'credits'];

/** Where a budget came from: its role, and its source (an entitlement id, `credits:<order>`; null for an admin's limit). */
export interface BudgetOrigin {
  role: BudgetRole;
  source: string | null;
}

/** A stored budget; its alert secret stays encrypted until a delivery needs it. */
export interface BudgetRecord extends BudgetFields, BudgetOrigin {
  id: string;
  createdAt: Date;
  updatedAt: Date;
}

export const BUDGET_ID_PATTERN = /^bgt_[0-9A-Z]{26}$/;

const COLUMNS = 'id, scope_kind, scope_value, scope_site, period, amount, hard, role, source, alert_url, created_at, updated_at';

function toRecord(row: RowDataPacket): BudgetRecord {
  return {
    id: row.id,
    scopeKind: row.scope_kind,
    scopeValue: row.scope_value,
    scopeSite: row.scope_site ?? null,
    period: row.period,
    amount: String(row.amount),
    hard: Boolean(row.hard),
    role: row.role,
    source: row.source ?? null,
    alertUrl: row.alert_url ?? null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The budgets table: create (with a fresh alert signing secret), list, find, update, remove. */
export class BudgetStore {
  constructor(
    private readonly database: Database,
    private readonly encryptionKey: Buffer,
  ) {}

  private get table(): string {
    return this.database.table('budgets');
  }

  /** Creates the budget (an admin's limit unless `origin` says otherwise); the alert secret (`whsec_…`) is returned this once. */
  async create(
    fields: BudgetFields,
    origin: BudgetOrigin = { role: 'limit', source: null },
  ): Promise<{ record: BudgetRecord; alertSecret: string }> {
    const id = prefixedId('bgt');
    const alertSecret = generateWebhookSecret();
    await this.database.pool.execute(
      `INSERT INTO ${this.table} (id, scope_kind, scope_value, scope_site, period, amount, hard, role, source, alert_url, alert_secret, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, UTC_TIMESTAMP(3), UTC_TIMESTAMP(3))`,
      [
        id,
        fields.scopeKind,
        fields.scopeValue,
        fields.scopeSite,
        fields.period,
        fields.amount,
        fields.hard ? 1 : 0,
        origin.role,
        origin.source,
        fields.alertUrl,
        encrypt(alertSecret, this.encryptionKey),
      ],
    );
    return { record: (await this.find(id))!, alertSecret };
  }

  async list(): Promise<BudgetRecord[]> {
    const [rows] = await this.database.pool.query<RowDataPacket[]>(`SELECT ${COLUMNS} FROM ${this.table} ORDER BY created_at, id`);
    return rows.map(toRecord);
  }

  async find(id: string): Promise<BudgetRecord | null> {
    const [rows] = await this.database.pool.execute<RowDataPacket[]>(`SELECT ${COLUMNS} FROM ${this.table} WHERE id = ?`, [id]);
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async update(id: string, fields: BudgetFields): Promise<BudgetRecord | null> {
    await this.database.pool.execute(
      `UPDATE ${this.table} SET period = ?, amount = ?, hard = ?, alert_url = ?, updated_at = UTC_TIMESTAMP(3) WHERE id = ?`,
      [fields.period, fields.amount, fields.hard ? 1 : 0, fields.alertUrl, id],
    );
    return this.find(id);
  }

  /** Removes the budget, its windows and its reservations; false when there was none. */
  async remove(id: string): Promise<boolean> {
    const [result] = await this.database.pool.execute<ResultSetHeader>(`DELETE FROM ${this.table} WHERE id = ?`, [id]);
    await this.database.pool.execute(`DELETE FROM ${this.database.table('budget_windows')} WHERE budget_id = ?`, [id]);
    await this.database.pool.execute(`DELETE FROM ${this.database.table('budget_reservations')} WHERE budget_id = ?`, [id]);
    // Its alerts not yet delivered go with it (their queue is `budget:<id>`, budget-alerts.ts).
    await this.database.pool.execute(`DELETE FROM ${this.database.table('outbox')} WHERE site_url = ? AND status = 'pending'`, [
      `budget:${id}`,
    ]);
    return result.affectedRows > 0;
  }

  /** The alert URL and decrypted signing secret, for a delivery; null when the budget or its URL is gone. */
  async alertTarget(id: string): Promise<{ url: string; secret: string } | null> {
    const [rows] = await this.database.pool.execute<RowDataPacket[]>(`SELECT alert_url, alert_secret FROM ${this.table} WHERE id = ?`, [
      id,
    ]);
    const row = rows[0];
    if (!row?.alert_url || !row.alert_secret) return null;
    return { url: row.alert_url, secret: decrypt(row.alert_secret, this.encryptionKey) };
  }
}
