import type { ResultSetHeader, RowDataPacket } from 'mysql2/promise';
import type { Database } from '../../db/connections';
import { ResponseItemIndex } from './item-index';
import type { ResponseItem } from './response-item';

/** One stored response (docs/architecture.md §9): what `previous_response_id` continues and GET /responses/{id} shows. */
export interface StoredResponse {
  id: string;
  apiKeyId: string;
  model: string;
  status: string;
  previousResponseId: string | null;
  createdAt: Date;
  /** The conversation before this request (the chain of earlier responses), then this request's own input items. */
  history: ResponseItem[];
  input: ResponseItem[];
  /** The request's parameters the response object echoes (instructions, tools, text, …). */
  parameters: Record<string, unknown>;
  output: ResponseItem[];
  usage: Record<string, unknown> | null;
  /** Why a `failed` response failed (`{code, message}`), else null. */
  error?: { code: string; message: string } | null;
  /** Why an `incomplete` response stopped (`{reason}`), else null. */
  incompleteDetails?: { reason: string } | null;
}

/** What `request_json` holds: the conversation, the parameters, and how the response ended. */
interface RequestColumn {
  history: ResponseItem[];
  input: ResponseItem[];
  parameters: Record<string, unknown>;
  error?: { code: string; message: string } | null;
  incompleteDetails?: { reason: string } | null;
}

/**
 * The most a stored response (its history, input, parameters and output as JSON) may weigh:
 * a conversation that has grown past it is answered but no longer stored (docs/api-notes.md).
 */
export const MAX_STORED_RESPONSE_BYTES = 4 * 1024 * 1024;

interface Row extends RowDataPacket {
  id: string;
  api_key_id: string;
  model: string;
  status: string;
  previous_response_id: string | null;
  request_json: string;
  output_json: string;
  usage_json: string | null;
  created_at: Date;
}

/**
 * The `{prefix}svc_responses` table: stored responses per API key, kept `retentionDays`, and
 * `{prefix}svc_response_items` (migration 018), the index of each response's own input and
 * output item ids that `item_reference` is resolved through, written and deleted with it.
 */
export class ResponseStore {
  private readonly table: string;
  private readonly items: ResponseItemIndex;

  constructor(
    private readonly database: Database,
    private readonly retentionDays: number,
  ) {
    this.table = database.table('responses');
    this.items = new ResponseItemIndex(database);
  }

  /**
   * The three JSON columns, or null when together they exceed MAX_STORED_RESPONSE_BYTES — or
   * when JSON.stringify cannot write them: it throws RangeError on a value nested a few
   * thousand levels deep, which validation already refuses past 64 (router/request/nesting.ts);
   * such a response is answered unstored, as an oversized one, never a 500.
   */
  static serialise(response: StoredResponse): { request: string; output: string; usage: string | null } | null {
    const column: RequestColumn = { history: response.history, input: response.input, parameters: response.parameters };
    if (response.error) column.error = response.error;
    if (response.incompleteDetails) column.incompleteDetails = response.incompleteDetails;
    let request: string;
    let output: string;
    let usage: string | null;
    try {
      request = JSON.stringify(column);
      output = JSON.stringify(response.output);
      usage = response.usage === null ? null : JSON.stringify(response.usage);
    } catch (error) {
      if (error instanceof RangeError) return null;
      throw error;
    }
    const bytes = Buffer.byteLength(request) + Buffer.byteLength(output) + (usage === null ? 0 : Buffer.byteLength(usage));
    return bytes > MAX_STORED_RESPONSE_BYTES ? null : { request, output, usage };
  }

  /**
   * Keeps the response; false (nothing kept) when it is over MAX_STORED_RESPONSE_BYTES. Its
   * items are indexed first: should the response's INSERT then fail, the index rows name no
   * response and findItem's join ignores them (the purge removes them at their expiry), so no
   * transaction is needed — two statements instead of five round trips.
   */
  async save(response: StoredResponse): Promise<boolean> {
    const columns = ResponseStore.serialise(response);
    if (!columns) return false;
    const expiresAt = new Date(response.createdAt.getTime() + this.retentionDays * 86_400_000);
    await this.items.add(response, expiresAt);
    await this.database.pool.query(
      `INSERT INTO ${this.table} (id, api_key_id, model, status, previous_response_id, request_json, output_json, usage_json, created_at, expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        response.id,
        response.apiKeyId,
        response.model,
        response.status,
        response.previousResponseId,
        columns.request,
        columns.output,
        columns.usage,
        response.createdAt,
        expiresAt,
      ],
    );
    return true;
  }

  /** The key's response `id` while it is kept; null for another key's, an expired or an unknown one alike. */
  async find(id: string, apiKeyId: string, now: Date = new Date()): Promise<StoredResponse | null> {
    const [rows] = await this.database.pool.query<Row[]>(`SELECT * FROM ${this.table} WHERE id = ? AND api_key_id = ? AND expires_at > ?`, [
      id,
      apiKeyId,
      now,
    ]);
    const row = rows[0];
    if (!row) return null;
    const { error, incompleteDetails, ...request } = JSON.parse(row.request_json) as RequestColumn;
    return {
      id: row.id,
      apiKeyId: row.api_key_id,
      model: row.model,
      status: row.status,
      previousResponseId: row.previous_response_id,
      createdAt: row.created_at,
      ...request,
      output: JSON.parse(row.output_json) as ResponseItem[],
      usage: row.usage_json === null ? null : (JSON.parse(row.usage_json) as Record<string, unknown>),
      error: error ?? null,
      incompleteDetails: incompleteDetails ?? null,
    };
  }

  /**
   * The item `itemId` (a message, function call or output) of one of the key's stored responses
   * still kept — the newest holding it among its own input and output —, or null. The index
   * names the response (primary-key lookups on both tables); only that row is read.
   */
  async findItem(itemId: string, apiKeyId: string, now: Date = new Date()): Promise<ResponseItem | null> {
    const [rows] = await this.database.pool.query<Row[]>(
      `SELECT response.request_json, response.output_json
       FROM ${this.items.table} item JOIN ${this.table} response ON response.id = item.response_id
       WHERE item.api_key_id = ? AND item.item_id = ? AND item.expires_at > ? AND response.api_key_id = item.api_key_id AND response.expires_at > ?
       ORDER BY response.created_at DESC LIMIT 1`,
      [apiKeyId, itemId, now, now],
    );
    const row = rows[0];
    if (!row) return null;
    const request = JSON.parse(row.request_json) as RequestColumn;
    const items = [...(JSON.parse(row.output_json) as ResponseItem[]), ...request.input];
    return items.find((item) => item.id === itemId) ?? null;
  }

  /** Deletes the key's response `id`; false when the key has no such response. */
  async delete(id: string, apiKeyId: string): Promise<boolean> {
    // One statement: the response and its index rows go together.
    const [result] = await this.database.pool.query<ResultSetHeader>(
      `DELETE response, item FROM ${this.table} response
       LEFT JOIN ${this.items.table} item ON item.response_id = response.id AND item.api_key_id = response.api_key_id
       WHERE response.id = ? AND response.api_key_id = ?`,
      [id, apiKeyId],
    );
    return result.affectedRows > 0;
  }

  /** Deletes responses past their retention, in batches; the number deleted. */
  async purgeExpired(now: Date = new Date(), batchSize = 1000): Promise<number> {
    let purged = 0;
    for (;;) {
      const [result] = await this.database.pool.query<ResultSetHeader>(
        `DELETE FROM ${this.table} WHERE expires_at <= ? ORDER BY expires_at LIMIT ?`,
        [now, batchSize],
      );
      purged += result.affectedRows;
      if (result.affectedRows < batchSize) break;
    }
    await this.items.purgeExpired(now, batchSize);
    return purged;
  }
}
