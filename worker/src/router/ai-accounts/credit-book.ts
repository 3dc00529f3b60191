import type { PoolConnection, ResultSetHeader, RowDataPacket } from 'mysql2/promise';
import { withTransaction } from '../../db/transaction';
import type { CreditBook, CreditMovement, CreditScope } from '../../license/ai-accounts';
import { fromUnits, toUnits, type Units } from '../budgets/lease';
import { derivedBudgetId, signedUnits, type BudgetWindows, type LockedWindow } from './budget-windows';

/** A ledger row's movement. Credits do not expire (docs/commerce.md "AI allowances and credits"): no expiry kind. */
export type CreditKind = 'order' | 'call' | 'refund' | 'adjustment';

/** One row of the credits ledger. */
export interface CreditEntry {
  id: number;
  kind: CreditKind;
  amount: string;
  reference: string | null;
  reason: string;
  actor: string;
  createdAt: Date;
}

const max = (a: Units, b: Units) => (a > b ? a : b);
const min = (a: Units, b: Units) => (a < b ? a : b);

/** The credits budget of a scope: one per site or customer, its id derived from the scope. */
export const creditsBudgetId = (scope: CreditScope) => derivedBudgetId(`credits\n${scope.kind}\n${scope.value}`);

/**
 * Prepaid credits (docs/commerce.md "AI allowances and credits"): a scope's credits are one hard
 * `total` budget of role `credits` (amount = USD credited less what refunds and adjustments took;
 * spent = what calls drew), and every movement is a `credit_ledger` row, so the balance —
 * amount − spent — is the sum of the ledger. Calls are written as batched `call` rows: the spend
 * the window settled since the last one (`catchUp`). Every change locks the window row, as a
 * lease grant does, so a refund never takes what a call in flight holds, and nothing is made
 * from nothing.
 */
export class CreditLedger implements CreditBook {
  constructor(private readonly windows: BudgetWindows) {}

  private get ledger(): string {
    return this.windows.table('credit_ledger');
  }

  async credit(connection: PoolConnection, movement: CreditMovement): Promise<boolean> {
    const budgetId = creditsBudgetId(movement.scope);
    await this.windows.ensure(connection, {
      id: budgetId,
      scopeKind: movement.scope.kind,
      scopeValue: movement.scope.value,
      amount: '0',
      role: 'credits',
      source: `credits:${movement.scope.kind}`,
    });
    const window = (await this.windows.lock(connection, budgetId))!;
    const kind: CreditKind = movement.reference === null ? 'adjustment' : 'order';
    if (!(await this.record(connection, movement, budgetId, kind, toUnits(movement.amount), null))) return false;
    await this.windows.setAmount(connection, budgetId, window.amount + toUnits(movement.amount));
    return true;
  }

  /** The scope an order's credits went to; null when the order credited none. */
  async creditedScope(connection: PoolConnection, reference: string): Promise<CreditScope | null> {
    const [rows] = await connection.execute<RowDataPacket[]>(
      `SELECT scope_kind, scope_value FROM ${this.ledger} WHERE kind = 'order' AND reference = ?`,
      [reference],
    );
    return rows[0] ? { kind: rows[0].scope_kind, value: rows[0].scope_value } : null;
  }

  async debit(connection: PoolConnection, movement: CreditMovement): Promise<string | null> {
    const budgetId = creditsBudgetId(movement.scope);
    const window = await this.windows.lock(connection, budgetId);
    // Spend settled before this movement is recorded before it: what calls spend after it is told apart (catchUp).
    if (window) await this.recordCalls(connection, movement.scope, budgetId, window);
    const kindOf: CreditKind = movement.reference === null ? 'adjustment' : 'refund';
    const asked =
      kindOf === 'refund' ? await this.refundable(connection, movement.reference!, toUnits(movement.amount)) : toUnits(movement.amount);
    // What calls spent is gone; what leases hold now is owed, taken as they give it back (catchUp).
    const claimable = window ? min(asked, max(0n, window.amount - window.spent)) : 0n;
    const taken = window ? min(claimable, max(0n, window.amount - window.spent - window.reserved)) : 0n;
    if (!(await this.record(connection, movement, budgetId, kindOf, -taken, kindOf === 'refund' ? claimable : null))) return null;
    if (window && taken > 0n) await this.windows.setAmount(connection, budgetId, window.amount - taken);
    return fromUnits(taken);
  }

  /** Of `asked`, what the order's refunds may still ask: never more in all than the order credited. */
  private async refundable(connection: PoolConnection, reference: string, asked: Units): Promise<Units> {
    const order = reference.split(':')[0]!;
    const [[row]] = await connection.execute<RowDataPacket[]>(
      `SELECT (SELECT COALESCE(SUM(amount), 0) FROM ${this.ledger} WHERE kind = 'order' AND reference = ?) AS credited,
              (SELECT COALESCE(SUM(asked), 0) FROM ${this.ledger} WHERE kind = 'refund' AND reference LIKE ?) AS asked`,
      [order, `${order}:%`],
    );
    return min(asked, max(0n, signedUnits(String(row!.credited)) - signedUnits(String(row!.asked))));
  }

  /** An admin's adjustment: `+x` adds, `-x` takes up to x of what is unspent; returns the movement made and the balance. */
  async adjust(scope: CreditScope, signed: string, reason: string, actor: string): Promise<{ moved: string; balance: string }> {
    const negative = signed.startsWith('-');
    const amount = signed.replace(/^[+-]/, '');
    const movement = { scope, amount, reference: null, reason, actor };
    const moved = await withTransaction(this.windows.database, async (connection) => {
      if (!negative) return (await this.credit(connection, movement)) ? amount : '0.00000000';
      return `-${await this.debit(connection, movement)}`;
    });
    return { moved, balance: await this.catchUp(scope) };
  }

  /**
   * Brings the ledger up to the window: a `call` row for spend settled since the last, and what
   * refunds still owe (their share that leases held then) taken as it comes free. Calls that
   * spent that held share after the refund spent it for good: the owed part shrinks by what they
   * spent (a zero row whose `asked` is negative), so it is never taken from a later credit.
   * Returns the balance.
   */
  async catchUp(scope: CreditScope): Promise<string> {
    const budgetId = creditsBudgetId(scope);
    return withTransaction(this.windows.database, async (connection) => {
      const window = await this.windows.lock(connection, budgetId);
      if (!window) return '0.00000000';
      const spentSince = await this.recordCalls(connection, scope, budgetId, window);
      const [[sums]] = await connection.execute<RowDataPacket[]>(
        `SELECT COALESCE(SUM(COALESCE(asked, 0) + amount), 0) AS owed FROM ${this.ledger} WHERE budget_id = ? AND kind = 'refund'`,
        [budgetId],
      );
      const base = { scope, reference: null, actor: 'system:calls', amount: '0' };
      let owed = signedUnits(String(sums!.owed));
      const spentOfOwed = owed > 0n && spentSince > 0n ? min(owed, spentSince) : 0n;
      if (spentOfOwed > 0n) {
        await this.record(connection, { ...base, reason: 'refund: calls spent the part they held' }, budgetId, 'refund', 0n, -spentOfOwed);
        owed -= spentOfOwed;
      }
      const taken = owed > 0n ? min(owed, max(0n, window.amount - window.spent - window.reserved)) : 0n;
      if (taken > 0n) {
        await this.record(connection, { ...base, reason: 'refund: the part calls held' }, budgetId, 'refund', -taken, 0n);
        await this.windows.setAmount(connection, budgetId, window.amount - taken);
      }
      return fromUnits(window.amount - taken - window.spent);
    });
  }

  /** The scopes whose refunds are still owed a part (the job catches them up every pass, as leases give back). */
  async catchUpOwing(): Promise<number> {
    const [rows] = await this.windows.database.pool.query<RowDataPacket[]>(
      `SELECT scope_kind, scope_value FROM ${this.ledger} WHERE kind = 'refund'
        GROUP BY budget_id, scope_kind, scope_value HAVING SUM(COALESCE(asked, 0) + amount) > 0 LIMIT 100`,
    );
    for (const row of rows) await this.catchUp({ kind: row.scope_kind, value: row.scope_value });
    return rows.length;
  }

  /** A `call` row for the window's spend not yet in the ledger; returns that spend. */
  private async recordCalls(connection: PoolConnection, scope: CreditScope, budgetId: string, window: LockedWindow): Promise<Units> {
    const [[sums]] = await connection.execute<RowDataPacket[]>(
      `SELECT COALESCE(SUM(-amount), 0) AS calls FROM ${this.ledger} WHERE budget_id = ? AND kind = 'call'`,
      [budgetId],
    );
    const unrecorded = window.spent - signedUnits(String(sums!.calls));
    if (unrecorded !== 0n)
      await this.record(
        connection,
        { scope, reference: null, actor: 'system:calls', amount: '0', reason: 'calls settled' },
        budgetId,
        'call',
        -unrecorded,
        null,
      );
    return unrecorded;
  }

  /** The scope's ledger, oldest first, and its sum (the balance). */
  async entries(scope: CreditScope, limit = 500): Promise<{ entries: CreditEntry[]; balance: string }> {
    const budgetId = creditsBudgetId(scope);
    const [rows] = await this.windows.database.pool.query<RowDataPacket[]>(
      `SELECT id, kind, amount, reference, reason, actor, created_at FROM ${this.ledger} WHERE budget_id = ? ORDER BY id DESC LIMIT ?`,
      [budgetId, limit],
    );
    const [[sum]] = await this.windows.database.pool.query<RowDataPacket[]>(
      `SELECT COALESCE(SUM(amount), 0) AS balance FROM ${this.ledger} WHERE budget_id = ?`,
      [budgetId],
    );
    const entries = rows.reverse().map((row) => ({
      id: Number(row.id),
      kind: row.kind,
      amount: String(row.amount),
      reference: row.reference ?? null,
      reason: row.reason,
      actor: row.actor,
      createdAt: row.created_at,
    }));
    return { entries, balance: fromUnits(signedUnits(String(sum!.balance))) };
  }

  /** One ledger row; false when (kind, reference) is already there. */
  private async record(
    connection: PoolConnection,
    movement: CreditMovement,
    budgetId: string,
    kind: CreditKind,
    amount: Units,
    asked: Units | null,
  ): Promise<boolean> {
    const [result] = await connection.execute<ResultSetHeader>(
      `INSERT IGNORE INTO ${this.ledger} (scope_kind, scope_value, budget_id, kind, amount, asked, reference, reason, actor, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, UTC_TIMESTAMP(3))`,
      [
        movement.scope.kind,
        movement.scope.value,
        budgetId,
        kind,
        fromUnits(amount),
        asked === null ? null : fromUnits(asked),
        movement.reference,
        movement.reason.slice(0, 500),
        movement.actor.slice(0, 190),
      ],
    );
    return result.affectedRows === 1;
  }
}
