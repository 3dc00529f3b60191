import type { RowDataPacket } from 'mysql2/promise';
import type { Database } from '../../db/connections';
import { withTransaction } from '../../db/transaction';
import { fromUnits, toUnits } from '../budgets/lease';

/** One closed allowance period whose overage a renewal order bills. */
export interface OverageLine {
  period_id: string;
  period: string;
  starts_at: string;
  ends_at: string;
  /** USD past the allowance, 8 places. */
  overage: string;
  /** The renewal order that billed it (`woocommerce:<order id>`), null while unbilled. */
  billed_reference: string | null;
}

/** The allowance periods of one site's package: what a subscription renews. */
export interface BilledPackage {
  siteUrl: string;
  packageId: string;
}

/** What marking did, period by period. */
export interface MarkResult {
  /** Marked billed now. */
  billed: string[];
  /** Already billed by this same reference: a retried hook. */
  already: string[];
  /** Not this package's, still open, not `bill`, without overage, or billed by another reference. */
  refused: string[];
}

const line = (row: RowDataPacket): OverageLine => ({
  period_id: row.id,
  period: row.period,
  starts_at: (row.starts_at as Date).toISOString(),
  ends_at: (row.closed_at as Date).toISOString(),
  overage: String(row.overage),
  billed_reference: row.billed_reference,
});

const billable = (row: RowDataPacket) => row.closed_at !== null && row.overage_mode === 'bill' && toUnits(String(row.overage ?? '0')) > 0n;

/**
 * Overage of `bill` packages billed on the subscription's next renewal order (docs/commerce.md
 * "Subscriptions", its AI overage paragraph). A period's overage is final once it is closed (a renewal paid, a
 * month or year rolled over, the entitlement ended): only closed periods are billed; the running
 * one goes on the next renewal order. A period is billed once: `billed_at` and
 * `billed_reference` are set in one locked update, and the same reference asking again is told
 * what it already billed (a retried hook adds nothing twice).
 */
export class OverageBilling {
  constructor(private readonly database: Database) {}

  private get periods(): string {
    return this.database.table('ai_periods');
  }

  /** The package's closed `bill` periods with overage not yet billed, plus those `reference` billed. */
  async unbilled(target: BilledPackage, reference: string): Promise<OverageLine[]> {
    const [rows] = await this.database.pool.execute<RowDataPacket[]>(
      `SELECT * FROM ${this.periods}
        WHERE site_url = ? AND package_id = ? AND closed_at IS NOT NULL AND overage_mode = 'bill' AND overage > 0
          AND (billed_at IS NULL OR billed_reference = ?)
        ORDER BY starts_at, id LIMIT 500`,
      [target.siteUrl, target.packageId, reference],
    );
    return rows.map(line);
  }

  /** Sum of the lines' overage, 8 places. */
  static total(lines: OverageLine[]): string {
    return fromUnits(lines.reduce((sum, entry) => sum + toUnits(entry.overage), 0n));
  }

  /** Marks the periods billed by `reference`, each at most once, all in one transaction. */
  async markBilled(target: BilledPackage, reference: string, periodIds: string[]): Promise<MarkResult> {
    return withTransaction(this.database, async (connection) => {
      const result: MarkResult = { billed: [], already: [], refused: [] };
      const [rows] = await connection.query<RowDataPacket[]>(`SELECT * FROM ${this.periods} WHERE id IN (?) ORDER BY id FOR UPDATE`, [
        periodIds,
      ]);
      const found = new Map(rows.map((row) => [row.id as string, row]));
      const now = new Date();
      for (const id of periodIds) {
        const row = found.get(id);
        if (!row || row.site_url !== target.siteUrl || row.package_id !== target.packageId || !billable(row)) result.refused.push(id);
        else if (row.billed_at !== null) (row.billed_reference === reference ? result.already : result.refused).push(id);
        else {
          await connection.execute(`UPDATE ${this.periods} SET billed_at = ?, billed_reference = ? WHERE id = ? AND billed_at IS NULL`, [
            now,
            reference,
            id,
          ]);
          result.billed.push(id);
        }
      }
      return result;
    });
  }
}
