import type { ExecuteValues, ResultSetHeader, RowDataPacket } from 'mysql2/promise';
import type { Database } from '../../db/connections';

export const SIGNATURE_RESULTS = ['valid', 'invalid', 'missing', 'unknown_store', 'unsigned_ping', 'not_checked'] as const;
export type SignatureResult = (typeof SIGNATURE_RESULTS)[number];

/** A payment outcome (the first four), or: ignored (verified, nothing to act on), ping, rejected, rate_limited, failed (500). */
export const AUDIT_OUTCOMES = [
  'applied',
  'no_change',
  'ignored_older',
  'unmatched',
  'ignored',
  'ping',
  'rejected',
  'rate_limited',
  'failed',
] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/** One webhook attempt (table svc_webhook_audit). */
export interface AuditEntry {
  receivedAt: Date;
  clientIp: string;
  source: string;
  topic: string;
  deliveryId: string;
  webhookId: string;
  /** JSON [[name, value], …]. */
  headers: string;
  /** The first 64 KiB. */
  body: Buffer;
  bodyBytes: number;
  bodySha256: string;
  signatureResult: SignatureResult;
  reason: string;
  outcome: AuditOutcome;
  httpStatus: number;
  orderId: string | null;
  wooOrderId: number | null;
  expiresAt: Date;
}

export interface AuditRecord extends AuditEntry {
  id: number;
  /** How many attempts the row stands for: 1, or more on a row of rate-limited attempts (one per address and minute). */
  attempts: number;
  /** The newest of them (received_at is the first). */
  lastReceivedAt: Date;
  /** A row that only counts attempts past a limit (rate-limited failures, pings): no headers, no body. */
  tallied: boolean;
}

export type AuditSummary = Omit<AuditRecord, 'headers' | 'body'>;

export interface AuditQuery {
  signatureResult?: SignatureResult;
  outcome?: AuditOutcome;
  source?: string;
  clientIp?: string;
  page: number;
  perPage: number;
}

/** At most `max` characters (whole code points), as the VARCHAR column holds. */
const clip = (text: string, max: number) => (text.length <= max ? text : [...text].slice(0, max).join(''));

/**
 * What counts toward the per-IP failure limit: attempts that failed verification, and those past
 * the limit (docs/woocommerce-webhook.md, "Failure limit"). Pings count against nobody.
 */
export const FAILURE_OUTCOMES: readonly AuditOutcome[] = ['rejected', 'rate_limited'];

const SUMMARY_COLUMNS = `id, received_at, last_received_at, attempts, client_ip, source, topic, delivery_id, webhook_id, body_bytes, body_sha256,
  signature_result, reason, outcome, http_status, order_id, woo_order_id, expires_at, tally_key IS NOT NULL AS tallied`;

function toSummary(row: RowDataPacket): AuditSummary {
  return {
    id: Number(row.id),
    receivedAt: row.received_at,
    lastReceivedAt: row.last_received_at ?? row.received_at,
    attempts: Number(row.attempts),
    tallied: row.tally_key !== undefined ? row.tally_key !== null : Number(row.tallied) === 1,
    clientIp: row.client_ip,
    source: row.source,
    topic: row.topic,
    deliveryId: row.delivery_id,
    webhookId: row.webhook_id,
    bodyBytes: Number(row.body_bytes),
    bodySha256: row.body_sha256,
    signatureResult: row.signature_result,
    reason: row.reason,
    outcome: row.outcome,
    httpStatus: Number(row.http_status),
    orderId: row.order_id,
    wooOrderId: row.woo_order_id === null ? null : Number(row.woo_order_id),
    expiresAt: row.expires_at,
  };
}

/** The minute an attempt falls in, as the tally key spells it: `2026-11-24T14:05`. */
const minuteOf = (date: Date) => date.toISOString().slice(0, 16);

/**
 * The webhook audit log: every attempt, valid or not, written before the answer; read by
 * admins; counted per client IP for the failure limit; purged when its retention ends.
 * Attempts past a limit are tallied, one row per client address, minute and outcome.
 */
export class WebhookAuditLog {
  constructor(private readonly database: Database) {}

  private get table(): string {
    return this.database.table('webhook_audit');
  }

  async record(entry: AuditEntry): Promise<number> {
    const [result] = await this.database.pool.execute<ResultSetHeader>(
      `INSERT INTO ${this.table} (received_at, last_received_at, client_ip, source, topic, delivery_id, webhook_id, headers, body, body_bytes, body_sha256,
        signature_result, reason, outcome, http_status, order_id, woo_order_id, expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        entry.receivedAt,
        entry.receivedAt,
        clip(entry.clientIp, 45),
        clip(entry.source, 255),
        clip(entry.topic, 100),
        clip(entry.deliveryId, 100),
        clip(entry.webhookId, 40),
        entry.headers,
        entry.body,
        entry.bodyBytes,
        entry.bodySha256,
        entry.signatureResult,
        clip(entry.reason, 500),
        entry.outcome,
        entry.httpStatus,
        entry.orderId,
        entry.wooOrderId,
        entry.expiresAt,
      ],
    );
    return result.insertId;
  }

  /**
   * Counts an attempt past a limit (a rate-limited failure, a ping past those kept in full) on its
   * address's row for the minute and outcome (created by the first):
   * no headers, no body; `attempts`, `last_received_at` and `body_bytes` (the sum) grow, the
   * rest describes the first attempt. Concurrent workers add to the same row.
   */
  async tally(entry: AuditEntry): Promise<void> {
    const ip = clip(entry.clientIp, 45);
    await this.database.pool.execute(
      `INSERT INTO ${this.table} (received_at, last_received_at, client_ip, source, topic, delivery_id, webhook_id, headers, body, body_bytes,
        body_sha256, signature_result, reason, outcome, http_status, attempts, tally_key, order_id, woo_order_id, expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, '[]', '', ?, ?, ?, ?, ?, ?, 1, ?, NULL, NULL, ?)
       ON DUPLICATE KEY UPDATE attempts = attempts + 1, last_received_at = GREATEST(last_received_at, VALUES(last_received_at)),
         body_bytes = LEAST(body_bytes + VALUES(body_bytes), 4294967295), expires_at = GREATEST(expires_at, VALUES(expires_at))`,
      [
        entry.receivedAt,
        entry.receivedAt,
        ip,
        clip(entry.source, 255),
        clip(entry.topic, 100),
        clip(entry.deliveryId, 100),
        clip(entry.webhookId, 40),
        entry.bodyBytes,
        entry.bodySha256,
        entry.signatureResult,
        clip(entry.reason, 500),
        entry.outcome,
        entry.httpStatus,
        `${entry.outcome}|${ip}|${minuteOf(entry.receivedAt)}`,
        entry.expiresAt,
      ],
    );
  }

  /**
   * When `ip`'s `count`-th most recent attempt with one of `outcomes` since `since` was
   * received, or null when it has fewer — the question of the per-address limits, answered from
   * the table so every worker agrees. A tallied row stands for its `attempts`, all taken as
   * received at its newest (so a limit may hold a little longer, never shorter).
   */
  async nthRecent(ip: string, since: Date, count: number, outcomes: readonly AuditOutcome[]): Promise<Date | null> {
    // received_at bounds the index range: a tallied row's first attempt is at most a minute before its newest.
    const [rows] = await this.database.pool.query<RowDataPacket[]>(
      `SELECT COALESCE(last_received_at, received_at) AS newest, attempts FROM ${this.table}
        WHERE client_ip = ? AND received_at > ? AND COALESCE(last_received_at, received_at) > ? AND outcome IN (?)
        ORDER BY newest DESC LIMIT ?`,
      [clip(ip, 45), new Date(since.getTime() - 120_000), since, outcomes, count],
    );
    let counted = 0;
    for (const row of rows) {
      counted += Number(row.attempts);
      if (counted >= count) return row.newest as Date;
    }
    return null;
  }

  /** Newest first, without headers and body. */
  async list(query: AuditQuery): Promise<{ items: AuditSummary[]; total: number }> {
    const conditions: string[] = [];
    const values: ExecuteValues[] = [];
    const filter = (column: string, value: string | undefined) => {
      if (value === undefined) return;
      conditions.push(`${column} = ?`);
      values.push(value);
    };
    filter('signature_result', query.signatureResult);
    filter('outcome', query.outcome);
    filter('source', query.source);
    filter('client_ip', query.clientIp);
    const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
    const [[count]] = await this.database.pool.query<RowDataPacket[]>(`SELECT COUNT(*) AS total FROM ${this.table} ${where}`, values);
    const [rows] = await this.database.pool.query<RowDataPacket[]>(
      `SELECT ${SUMMARY_COLUMNS} FROM ${this.table} ${where} ORDER BY id DESC LIMIT ? OFFSET ?`,
      [...values, query.perPage, (query.page - 1) * query.perPage],
    );
    return { items: rows.map(toSummary), total: Number(count?.total ?? 0) };
  }

  async find(id: number): Promise<AuditRecord | null> {
    const [rows] = await this.database.pool.query<RowDataPacket[]>(`SELECT * FROM ${this.table} WHERE id = ?`, [id]);
    const row = rows[0];
    return row ? { ...toSummary(row), headers: row.headers, body: row.body as Buffer } : null;
  }

  /** Deletes rows whose retention has ended, in batches; returns how many. */
  async purgeExpired(now: Date = new Date(), batchSize = 1000): Promise<number> {
    let purged = 0;
    for (;;) {
      const [result] = await this.database.pool.query<ResultSetHeader>(
        `DELETE FROM ${this.table} WHERE expires_at <= ? ORDER BY expires_at LIMIT ?`,
        [now, batchSize],
      );
      purged += result.affectedRows;
      if (result.affectedRows < batchSize) return purged;
    }
  }
}
