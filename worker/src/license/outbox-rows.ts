import type { ResultSetHeader, RowDataPacket } from 'mysql2/promise';
import type { Database } from '../db/connections';
import { withTransaction } from '../db/transaction';
import type { DeliveryOutcome } from './delivery-outcome';
import type { AttemptReport } from './outbox-sender';

/** A message a worker has leased for one attempt. */
export interface ClaimedMessage {
  id: string;
  sequence: string;
  siteUrl: string;
  eventType: string;
  payload: string;
  /** Attempts made before this one (the lease is only valid while this is unchanged). */
  attempts: number;
}

/** How many more heads a claim looks at than it takes, for those another worker locks first. */
const LOOK_AHEAD = 2;

/** Pending, due, and not leased by a worker (or its lease ran out). Times are the database's clock. */
const dueCondition = (alias: string) =>
  `${alias}.status = 'pending' AND ${alias}.next_attempt_at <= UTC_TIMESTAMP(3)
   AND (${alias}.claimed_until IS NULL OR ${alias}.claimed_until < UTC_TIMESTAMP(3))`;

/**
 * The delivery side of the outbox table. A claim is a short READ COMMITTED transaction: find
 * the due "heads" (a site's oldest pending message: a site's messages go out one at a time in
 * `sequence` order, and a site waiting for a retry holds back only its own), lock them with
 * `FOR UPDATE SKIP LOCKED` (workers never wait for each other or for writers), set their lease
 * (`claimed_until`) and commit, so no other worker takes them until the lease ends. Times are
 * the database's clock, so workers with skewed clocks agree.
 */
export class OutboxStore {
  constructor(private readonly database: Database) {}

  async claim(limit: number, leaseMs: number): Promise<ClaimedMessage[]> {
    const table = this.database.table('outbox');
    // READ COMMITTED: the locking read takes record locks only, no gap locks, so a claim never
    // blocks (or deadlocks with) a transaction queueing a new message.
    return withTransaction(
      this.database,
      async (connection) => {
        // Heads: due messages without an older pending one of their site (leased or waiting). A plain read.
        const [heads] = await connection.query<RowDataPacket[]>(
          `SELECT message.id FROM ${table} message
          WHERE ${dueCondition('message')}
            AND NOT EXISTS (SELECT 1 FROM ${table} older
              WHERE older.site_url = message.site_url AND older.status = 'pending' AND older.sequence < message.sequence)
          ORDER BY message.sequence LIMIT ?`,
          [limit * LOOK_AHEAD],
        );
        if (heads.length === 0) return [];
        // Lock them, re-checked under the lock; rows another worker holds are skipped, never waited for.
        const [chosen] = await connection.query<RowDataPacket[]>(
          `SELECT message.id, message.sequence, message.site_url, message.event_type, message.payload, message.attempts
           FROM ${table} message
          WHERE message.id IN (?) AND ${dueCondition('message')}
          ORDER BY message.sequence LIMIT ? FOR UPDATE SKIP LOCKED`,
          [heads.map((row) => row.id), limit],
        );
        if (chosen.length === 0) return [];
        await connection.query(`UPDATE ${table} SET claimed_until = DATE_ADD(UTC_TIMESTAMP(3), INTERVAL ? MICROSECOND) WHERE id IN (?)`, [
          leaseMs * 1000,
          chosen.map((row) => row.id),
        ]);
        return chosen.map((row) => ({
          id: row.id,
          sequence: String(row.sequence),
          siteUrl: row.site_url,
          eventType: row.event_type,
          payload: row.payload,
          attempts: Number(row.attempts),
        }));
      },
      { isolation: 'READ COMMITTED' },
    );
  }

  /**
   * Logs the attempt and moves the message on, in one transaction. The message is only
   * updated while this worker's lease is still its own (status pending, attempts unchanged);
   * returns false when it was not (the attempt is logged all the same).
   */
  async record(message: ClaimedMessage, endpoint: string, report: AttemptReport, outcome: DeliveryOutcome): Promise<boolean> {
    const attempt = message.attempts + 1;
    return withTransaction(this.database, async (connection) => {
      await connection.execute(
        `INSERT INTO ${this.database.table('outbox_attempts')}
          (message_id, attempt, endpoint, started_at, duration_ms, http_status, error, response_excerpt)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          message.id,
          attempt,
          endpoint.slice(0, 500),
          report.startedAt,
          report.durationMs,
          report.httpStatus,
          report.error?.slice(0, 500) ?? null,
          report.responseExcerpt?.slice(0, 1000) ?? null,
        ],
      );
      // SQL fragments chosen from constants; every value is a parameter.
      const pending = outcome.status === 'pending';
      const [result] = await connection.execute<ResultSetHeader>(
        `UPDATE ${this.database.table('outbox')}
            SET status = ?, attempts = ?, claimed_until = NULL, last_http_status = ?, last_error = ?,
                next_attempt_at = ${pending ? 'DATE_ADD(UTC_TIMESTAMP(3), INTERVAL ? MICROSECOND)' : 'next_attempt_at'},
                delivered_at = ${outcome.status === 'delivered' ? 'UTC_TIMESTAMP(3)' : 'delivered_at'}
          WHERE id = ? AND status = 'pending' AND attempts = ?`,
        [
          outcome.status,
          attempt,
          report.httpStatus,
          report.error?.slice(0, 500) ?? null,
          ...(pending ? [outcome.retryInMs * 1000] : []),
          message.id,
          message.attempts,
        ],
      );
      return result.affectedRows === 1;
    });
  }

  /** Gives a leased message back untried (the worker is stopping): another pass may take it at once. */
  async release(message: ClaimedMessage): Promise<void> {
    await this.database.pool.execute(
      `UPDATE ${this.database.table('outbox')} SET claimed_until = NULL WHERE id = ? AND status = 'pending' AND attempts = ?`,
      [message.id, message.attempts],
    );
  }
}
