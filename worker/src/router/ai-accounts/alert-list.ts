import type { RowDataPacket } from 'mysql2/promise';
import type { Database } from '../../db/connections';

/** One 50/80/100 % crossing recorded in `ai_alerts` (ai-alerts.ts writes them). */
export interface RecordedAlert {
  budget_id: string;
  /** `allowance` or `credits`: which budget crossed it. */
  role: string;
  threshold: number;
  used: string;
  amount: string;
  reached_at: string;
}

/** A site's recorded AI alerts, newest first (the admin screen's AI view). */
export async function recordedAlerts(database: Database, siteUrl: string, limit = 200): Promise<RecordedAlert[]> {
  const [rows] = await database.pool.query<RowDataPacket[]>(
    `SELECT budget_id, role, threshold, used, amount, reached_at FROM ${database.table('ai_alerts')}
      WHERE site_url = ? ORDER BY reached_at DESC, budget_id, threshold DESC LIMIT ?`,
    [siteUrl, limit],
  );
  return rows.map((row) => ({
    budget_id: row.budget_id,
    role: row.role,
    threshold: Number(row.threshold),
    used: String(row.used),
    amount: String(row.amount),
    reached_at: (row.reached_at as Date).toISOString(),
  }));
}
