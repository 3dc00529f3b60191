import type { PoolConnection, ResultSetHeader } from 'mysql2/promise';
import type { Database } from '../db/connections';
import { prefixedId } from '../support/ids';
import { messageBody } from './outbox-payload';

export interface OutboxMessage {
  siteUrl: string;
  /** Standard Webhooks event type, e.g. `entitlement.updated`. */
  type: string;
  data: Record<string, unknown>;
}

/**
 * Queues a message for a client site inside the caller's transaction, so the change and its
 * propagation commit together (a crash loses neither). Delivery is license/outbox-delivery.ts.
 * The body is the Standard Webhooks envelope `{ type, timestamp, sequence, data }`
 * (outbox-payload.ts): the row is inserted first, for its sequence, then given its body.
 */
export class OutboxWriter {
  private readonly listeners = new Set<() => void>();

  constructor(private readonly database: Database) {}

  async enqueue(connection: PoolConnection, message: OutboxMessage): Promise<string> {
    const id = prefixedId('msg');
    const table = this.database.table('outbox');
    const [inserted] = await connection.execute<ResultSetHeader>(
      `INSERT INTO ${table}
        (id, site_url, event_type, payload, status, attempts, next_attempt_at, created_at)
       VALUES (?, ?, ?, '', 'pending', 0, UTC_TIMESTAMP(3), UTC_TIMESTAMP(3))`,
      [id, message.siteUrl, message.type],
    );
    // Uncommitted until the caller's transaction ends: no claim sees the row before its body.
    const payload = messageBody(message.type, String(inserted.insertId), message.data);
    await connection.execute(`UPDATE ${table} SET payload = ? WHERE id = ?`, [payload, id]);
    return id;
  }

  /** Called after a transaction with queued messages commits: a delivery loop may start at once. */
  notifyCommitted(): void {
    for (const listener of this.listeners) listener();
  }

  onCommitted(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
