import type { RowDataPacket } from 'mysql2/promise';
import type { Database } from '../../db/connections';
import { ApiError } from '../../support/api-error';
import type { Eventually } from '../../support/eventually';
import { TtlCache } from '../../support/ttl-cache';
import { findModel, type Capability } from './models';
import { PROVIDER_DESCRIPTORS } from '../../providers/registry';

export interface Purpose {
  purpose: string;
  description: string;
  models: string[];
  /** True while the shipped default is in force (never edited). */
  shipped: boolean;
}

/** The shipped purposes' names and descriptions; their models come from the provider descriptors. */
const SHIPPED_PURPOSES: ReadonlyArray<{ purpose: string; description: string }> = [
  { purpose: 'customer-care', description: 'Support answers: fast, friendly, inexpensive.' },
  { purpose: 'sales', description: 'Persuasive, accurate product conversations.' },
  { purpose: 'internal-advisory', description: 'Careful reasoning for internal questions.' },
  { purpose: 'semantic-search', description: 'Embeddings for search and graph retrieval.' },
  { purpose: 'fast', description: 'Lowest latency and cost.' },
  { purpose: 'quality', description: 'Best answers, cost second.' },
];

/** The catalog models a descriptor places in the purpose (`purposes: {name: place}`), by place: primary first. */
function shippedModels(purpose: string): string[] {
  return PROVIDER_DESCRIPTORS.flatMap((descriptor) =>
    descriptor.models.flatMap((model) =>
      model.purposes?.[purpose] === undefined ? [] : [{ id: `${descriptor.id}/${model.name}`, place: model.purposes[purpose]! }],
    ),
  )
    .sort((first, second) => first.place - second.place)
    .map((entry) => entry.id);
}

/** The shipped purposes: first model primary, the rest fallbacks, across providers. */
export const DEFAULT_PURPOSES: Array<Omit<Purpose, 'shipped'>> = SHIPPED_PURPOSES.map((item) => ({
  ...item,
  models: shippedModels(item.purpose),
}));

export const PURPOSE_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;

export function capabilityOf(models: string[]): Capability {
  return findModel(models[0] ?? '')?.capabilities[0] ?? 'chat';
}

/** Checks a purpose edit: a known name shape, 1–10 known models, all of one capability. */
export function validatePurpose(
  purpose: unknown,
  models: unknown,
  description: unknown,
): { purpose: string; models: string[]; description?: string } {
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
  if (description !== undefined && (typeof description !== 'string' || description.length > 500))
    params.description = 'must be a string of at most 500 characters';
  if (Object.keys(params).length > 0) throw ApiError.invalidRequest(params);
  return { purpose: purpose as string, models: [...new Set(list as string[])], description: description as string | undefined };
}

/** Purposes: the shipped defaults, overlaid by the admin's edits (svc_purposes). */
export class PurposeBook {
  private readonly cache: TtlCache<Purpose[]>;

  constructor(
    private readonly database: Database,
    refreshMs = 3000,
  ) {
    this.cache = new TtlCache(refreshMs, 1, Date.now, 5000);
  }

  list(): Eventually<Purpose[]> {
    return this.cache.get('all', async () => {
      const [rows] = await this.database.pool.query<RowDataPacket[]>(`SELECT * FROM ${this.database.table('purposes')} ORDER BY purpose`);
      const edited = new Map(rows.map((row) => [row.purpose as string, row]));
      const shipped = DEFAULT_PURPOSES.map((item) => {
        const row = edited.get(item.purpose);
        return row
          ? {
              purpose: item.purpose,
              description: row.description || item.description,
              models: JSON.parse(row.models) as string[],
              shipped: false,
            }
          : { ...item, shipped: true };
      });
      const custom = rows
        .filter((row) => !DEFAULT_PURPOSES.some((item) => item.purpose === row.purpose))
        .map((row) => ({
          purpose: row.purpose as string,
          description: row.description as string,
          models: JSON.parse(row.models) as string[],
          shipped: false,
        }));
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
