import type { RowDataPacket } from 'mysql2/promise';
import type { Database } from '../../db/connections';
import { ApiError } from '../../support/api-error';
import type { Eventually } from '../../support/eventually';
import { TtlCache } from '../../support/ttl-cache';
import { findModel, type Capability } from './models';

export interface Purpose {
  purpose: string;
  description: string;
  models: string[];
  /** True while the shipped default is in force (never edited). */
  shipped: boolean;
}

/** The shipped purposes: first model primary, the rest fallbacks, across providers. */
export const DEFAULT_PURPOSES: Array<Omit<Purpose, 'shipped'>> = [
  { purpose: 'customer-care', description: 'Support answers: fast, friendly, inexpensive.', models: ['anthropic/claude-3-5-haiku-latest', 'openai/gpt-4o-mini', 'google/gemini-2.0-flash'] },
  { purpose: 'sales', description: 'Persuasive, accurate product conversations.', models: ['openai/gpt-4o', 'anthropic/claude-sonnet-4-5', 'openai/gpt-4o-mini'] },
  { purpose: 'internal-advisory', description: 'Careful reasoning for internal questions.', models: ['anthropic/claude-sonnet-4-5', 'openai/gpt-4.1', 'google/gemini-2.5-pro'] },
  { purpose: 'semantic-search', description: 'Embeddings for search and graph retrieval.', models: ['openai/text-embedding-3-small', 'mistral/mistral-embed', 'google/gemini-embedding-001'] },
  { purpose: 'fast', description: 'Lowest latency and cost.', models: ['google/gemini-2.0-flash', 'openai/gpt-4o-mini', 'mistral/mistral-small-latest'] },
  { purpose: 'quality', description: 'Best answers, cost second.', models: ['anthropic/claude-sonnet-4-5', 'openai/gpt-4.1', 'google/gemini-2.5-pro'] },
];

export const PURPOSE_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;

export function capabilityOf(models: string[]): Capability {
  return findModel(models[0] ?? '')?.capabilities[0] ?? 'chat';
}

/** Checks a purpose edit: a known name shape, 1–10 known models, all of one capability. */
export function validatePurpose(purpose: unknown, models: unknown, description: unknown): { purpose: string; models: string[]; description?: string } {
  const params: Record<string, string> = {};
  if (typeof purpose !== 'string' || !PURPOSE_PATTERN.test(purpose)) params.purpose = 'must be lower-case letters, digits and -';
  const list = Array.isArray(models) ? models : [];
  if (list.length === 0 || list.length > 10 || list.some((model) => typeof model !== 'string')) {
    params.models = 'must be a list of 1 to 10 model ids';
  } else {
    const unknown = (list as string[]).filter((model) => !findModel(model));
    if (unknown.length > 0) params.models = `unknown model(s): ${unknown.join(', ')}`;
    else if (new Set((list as string[]).map((model) => findModel(model)!.capabilities[0])).size > 1) {
      params.models = 'must all be chat models or all embedding models';
    }
  }
  if (description !== undefined && (typeof description !== 'string' || description.length > 500)) params.description = 'must be a string of at most 500 characters';
  if (Object.keys(params).length > 0) throw ApiError.invalidRequest(params);
  return { purpose: purpose as string, models: [...new Set(list as string[])], description: description as string | undefined };
}

/** Purposes: the shipped defaults, overlaid by the admin's edits (svc_purposes). */
export class PurposeBook {
  private readonly cache: TtlCache<Purpose[]>;

  constructor(private readonly database: Database, refreshMs = 3000) {
    this.cache = new TtlCache(refreshMs, 1, Date.now, 5000);
  }

  list(): Eventually<Purpose[]> {
    return this.cache.get('all', async () => {
      const [rows] = await this.database.pool.query<RowDataPacket[]>(`SELECT * FROM ${this.database.table('purposes')} ORDER BY purpose`);
      const edited = new Map(rows.map((row) => [row.purpose as string, row]));
      const shipped = DEFAULT_PURPOSES.map((item) => {
        const row = edited.get(item.purpose);
        return row
          ? { purpose: item.purpose, description: row.description || item.description, models: JSON.parse(row.models) as string[], shipped: false }
          : { ...item, shipped: true };
      });
      const custom = rows
        .filter((row) => !DEFAULT_PURPOSES.some((item) => item.purpose === row.purpose))
        .map((row) => ({ purpose: row.purpose as string, description: row.description as string, models: JSON.parse(row.models) as string[], shipped: false }));
      return [...shipped, ...custom];
    });
  }

  async find(purpose: string): Promise<Purpose | null> {
    return (await this.list()).find((item) => item.purpose === purpose) ?? null;
  }

  async set(purpose: string, models: string[], description?: string): Promise<void> {
    await this.database.pool.execute(
      `INSERT INTO ${this.database.table('purposes')} (purpose, description, models, updated_at) VALUES (?, ?, ?, UTC_TIMESTAMP(3))
       ON DUPLICATE KEY UPDATE description = IF(VALUES(description) = '', description, VALUES(description)),
         models = VALUES(models), updated_at = VALUES(updated_at)`,
      [purpose, description ?? '', JSON.stringify(models)],
    );
    this.cache.clear();
  }
}
