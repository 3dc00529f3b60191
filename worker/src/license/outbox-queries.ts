import type { RowDataPacket } from 'mysql2/promise';
import type { Database } from '../db/connections';

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'gone'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export interface DeliveryRecord {
  id: string;
  sequence: string;
  siteUrl: string;
  eventType: string;
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: Date;
  claimedUntil: Date | null;
  lastHttpStatus: number | null;
  lastError: string | null;
  createdAt: Date;
  deliveredAt: Date | null;
}

export interface AttemptRecord {
  attempt: number;
  endpoint: string;
  startedAt: Date;
  durationMs: number;
  httpStatus: number | null;
  error: string | null;
  responseExcerpt: string | null;
}

const COLUMNS = `id, sequence, site_url, event_type, status, attempts, next_attempt_at, claimed_until,
  last_http_status, last_error, created_at, delivered_at`;

function toRecord(row: RowDataPacket): DeliveryRecord {
  return {
    id: row.id,
    sequence: String(row.sequence),
    siteUrl: row.site_url,
    eventType: row.event_type,
    status: row.status,
    attempts: Number(row.attempts),
    nextAttemptAt: row.next_attempt_at,
    claimedUntil: row.claimed_until,
    lastHttpStatus: row.last_http_status === null ? null : Number(row.last_http_status),
    lastError: row.last_error,
    createdAt: row.created_at,
    deliveredAt: row.delivered_at,
  };
}

/** The outbox as admins see it: lists, one message with its payload and attempts, manual retry. */
export class OutboxQueries {
  constructor(private readonly database: Database) {}

  async list(
    filter: { status?: DeliveryStatus; siteUrl?: string },
    page: number,
    perPage: number,
  ): Promise<{ items: DeliveryRecord[]; total: number }> {
    const conditions: string[] = [];
    const parameters: unknown[] = [];
    if (filter.status) {
      conditions.push('status = ?');
      parameters.push(filter.status);
    }
    if (filter.siteUrl) {
      conditions.push('site_url = ?');
      parameters.push(filter.siteUrl);
    }
    const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
    const table = this.database.table('outbox');
    const [[count]] = await this.database.pool.query<RowDataPacket[]>(`SELECT COUNT(*) AS total FROM ${table} ${where}`, parameters);
    const [rows] = await this.database.pool.query<RowDataPacket[]>(
      `SELECT ${COLUMNS} FROM ${table} ${where} ORDER BY sequence DESC LIMIT ? OFFSET ?`,
      [...parameters, perPage, (page - 1) * perPage],
    );
    return { items: rows.map(toRecord), total: Number(count?.total ?? 0) };
  }

  async find(id: string): Promise<{ message: DeliveryRecord; payload: string } | null> {
    const [rows] = await this.database.pool.execute<RowDataPacket[]>(
      `SELECT ${COLUMNS}, payload FROM ${this.database.table('outbox')} WHERE id = ?`,
      [id],
    );
    return rows[0] ? { message: toRecord(rows[0]), payload: rows[0].payload } : null;
  }

  async attempts(id: string): Promise<AttemptRecord[]> {
    const [rows] = await this.database.pool.execute<RowDataPacket[]>(
      `SELECT attempt, endpoint, started_at, duration_ms, http_status, error, response_excerpt
         FROM ${this.database.table('outbox_attempts')} WHERE message_id = ? ORDER BY attempt, id`,
      [id],
    );
    return rows.map((row) => ({
      attempt: Number(row.attempt),
      endpoint: row.endpoint,
      startedAt: row.started_at,
      durationMs: Number(row.duration_ms),
      httpStatus: row.http_status === null ? null : Number(row.http_status),
      error: row.error,
      responseExcerpt: row.response_excerpt,
    }));
  }

  /**
   * Makes a pending, failed or gone message due now (pending again). A lease held by a worker
   * in the middle of an attempt is left alone, so the message is never sent twice at once.
   * Returns the message after the change (a delivered one unchanged), null when unknown.
   */
  async retry(id: string): Promise<DeliveryRecord | null> {
    await this.database.pool.execute(
      `UPDATE ${this.database.table('outbox')} SET status = 'pending', next_attempt_at = UTC_TIMESTAMP(3)
        WHERE id = ? AND status IN ('pending', 'failed', 'gone')`,
      [id],
    );
    return (await this.find(id))?.message ?? null;
  }
}
