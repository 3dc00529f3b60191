import type { ResultSetHeader, RowDataPacket } from 'mysql2/promise';
import type { Database } from '../../db/pool';

/** A Responses API item as JSON (a message, function_call or function_call_output, with its id). */
export type ResponseItem = Record<string, unknown>;

/** One stored response (DESIGN §9): what `previous_response_id` continues and GET /responses/{id} shows. */
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

/** The `{prefix}svc_responses` table: stored responses per API key, kept `retentionDays`. */
export class ResponseStore {
  private readonly table: string;

  constructor(
    private readonly database: Database,
    private readonly retentionDays: number,
  ) {
    this.table = database.table('responses');
  }

  /** The three JSON columns, or null when together they exceed MAX_STORED_RESPONSE_BYTES. */
  static serialise(response: StoredResponse): { request: string; output: string; usage: string | null } | null {
    const request = JSON.stringify({ history: response.history, input: response.input, parameters: response.parameters });
    const output = JSON.stringify(response.output);
    const usage = response.usage === null ? null : JSON.stringify(response.usage);
    const bytes = Buffer.byteLength(request) + Buffer.byteLength(output) + (usage === null ? 0 : Buffer.byteLength(usage));
    return bytes > MAX_STORED_RESPONSE_BYTES ? null : { request, output, usage };
  }

  /** Keeps the response; false (nothing kept) when it is over MAX_STORED_RESPONSE_BYTES. */
  async save(response: StoredResponse): Promise<boolean> {
    const columns = ResponseStore.serialise(response);
    if (!columns) return false;
    const expiresAt = new Date(response.createdAt.getTime() + this.retentionDays * 86_400_000);
    await this.database.pool.query(
      `INSERT INTO ${this.table} (id, api_key_id, model, status, previous_response_id, request_json, output_json, usage_json, created_at, expires_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [response.id, response.apiKeyId, response.model, response.status, response.previousResponseId, columns.request, columns.output, columns.usage, response.createdAt, expiresAt],
    );
    return true;
  }

  /** The key's response `id` while it is kept; null for another key's, an expired or an unknown one alike. */
  async find(id: string, apiKeyId: string, now: Date = new Date()): Promise<StoredResponse | null> {
    const [rows] = await this.database.pool.query<Row[]>(
      `SELECT * FROM ${this.table} WHERE id = ? AND api_key_id = ? AND expires_at > ?`,
      [id, apiKeyId, now],
    );
    const row = rows[0];
    if (!row) return null;
    const request = JSON.parse(row.request_json) as { history: ResponseItem[]; input: ResponseItem[]; parameters: Record<string, unknown> };
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
    };
  }

  /**
   * The item `itemId` (a message, function call or output) of one of the key's stored responses
   * still kept — the newest holding it —, or null. Only rows whose JSON names the id are read.
   */
  async findItem(itemId: string, apiKeyId: string, now: Date = new Date()): Promise<ResponseItem | null> {
    const pattern = `%"id":"${itemId.replace(/[\\%_]/g, '\\$&')}"%`;
    const [rows] = await this.database.pool.query<Row[]>(
      `SELECT request_json, output_json FROM ${this.table}
       WHERE api_key_id = ? AND expires_at > ? AND (output_json LIKE ? OR request_json LIKE ?)
       ORDER BY created_at DESC LIMIT 1`,
      [apiKeyId, now, pattern, pattern],
    );
    const row = rows[0];
    if (!row) return null;
    const request = JSON.parse(row.request_json) as { history: ResponseItem[]; input: ResponseItem[] };
    const items = [...(JSON.parse(row.output_json) as ResponseItem[]), ...request.input, ...request.history];
    return items.find((item) => item.id === itemId) ?? null;
  }

  /** Deletes the key's response `id`; false when the key has no such response. */
  async delete(id: string, apiKeyId: string): Promise<boolean> {
    const [result] = await this.database.pool.query<ResultSetHeader>(`DELETE FROM ${this.table} WHERE id = ? AND api_key_id = ?`, [id, apiKeyId]);
    return result.affectedRows > 0;
  }

  /** Deletes responses past their retention, in batches; the number deleted. */
  async purgeExpired(now: Date = new Date(), batchSize = 1000): Promise<number> {
    let purged = 0;
    for (;;) {
      const [result] = await this.database.pool.query<ResultSetHeader>(`DELETE FROM ${this.table} WHERE expires_at <= ? ORDER BY expires_at LIMIT ?`, [now, batchSize]);
      purged += result.affectedRows;
      if (result.affectedRows < batchSize) return purged;
    }
  }
}
