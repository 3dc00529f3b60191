import type { RowDataPacket } from 'mysql2/promise';
import type { Database } from '../../db/connections';
import { ApiError } from '../../support/api-error';
import { readCount } from '../../support/number-input';

/** The kinds of call a usage row records (its `kind` column; `images`: docs/api-notes.md "Images"). */
export const USAGE_KINDS = ['chat', 'stream', 'embeddings', 'responses', 'messages', 'images'] as const;
export type UsageKind = (typeof USAGE_KINDS)[number];

export interface RecentCallsQuery {
  limit: number;
  /** Only calls whose provider-reported cost and the hub's differ by over 1 %. */
  costDiffers: boolean;
  /** Only calls of this kind (docs/api-notes.md "Images": `images`). */
  kind: UsageKind | null;
}

/** `?limit=1..200` (50), `?cost_differs=1|0`, `?kind=chat|…|images`. */
export function parseRecentCallsQuery(query: Record<string, unknown>): RecentCallsQuery {
  const params: Record<string, string> = {};
  let limit = 50;
  if (query.limit !== undefined && query.limit !== '') {
    const reading = readCount(query.limit, { min: 1, max: 200, strings: true });
    if (reading.problem !== undefined) params.limit = reading.problem;
    else limit = reading.value;
  }
  const differs = query.cost_differs;
  if (differs !== undefined && differs !== '' && differs !== '0' && differs !== '1') params.cost_differs = 'must be 1 or 0';
  const kind = query.kind === undefined || query.kind === '' ? null : query.kind;
  if (kind !== null && !USAGE_KINDS.includes(kind as UsageKind)) params.kind = `must be one of ${USAGE_KINDS.join(', ')}`;
  if (Object.keys(params).length > 0) throw ApiError.invalidRequest(params);
  return { limit, costDiffers: differs === '1', kind: kind as UsageKind | null };
}

/** The provider's figure and the hub's differ by over 1 % of the provider's (the one the budget settled at). */
const COSTS_DIFFER = 'provider_cost IS NOT NULL AND cost IS NOT NULL AND ABS(cost - provider_cost) * 100 > provider_cost';

const amount = (value: unknown) => (value === null || value === undefined ? null : String(value));

/**
 * The latest calls with their cost figures (docs/api-notes.md "Provider-reported cost"): the
 * hub's `cost` (null: unpriced), the provider's `provider_cost`, `billed`, and `cost_differs`.
 */
export async function recentCalls(database: Database, query: RecentCallsQuery) {
  const clauses = [...(query.costDiffers ? [COSTS_DIFFER] : []), ...(query.kind ? ['kind = ?'] : [])];
  const [rows] = await database.pool.query<RowDataPacket[]>(
    `SELECT id, started_at, key_id, team, campaign, kind, provider, model, status, prompt_tokens, completion_tokens, images, image_size,
       image_quality, cost, provider_cost, billed, (${COSTS_DIFFER}) AS cost_differs
     FROM ${database.table('usage')} ${clauses.length ? `WHERE ${clauses.join(' AND ')}` : ''} ORDER BY started_at DESC LIMIT ?`,
    [...(query.kind ? [query.kind] : []), query.limit],
  );
  return rows.map((row) => ({
    id: row.id as string,
    started_at: new Date(row.started_at as Date).toISOString(),
    key_id: row.key_id as string,
    team: row.team as string,
    campaign: row.campaign as string,
    kind: row.kind as string,
    provider: row.provider as string | null,
    model: row.model as string | null,
    status: row.status as string,
    prompt_tokens: row.prompt_tokens === null ? null : Number(row.prompt_tokens),
    completion_tokens: row.completion_tokens === null ? null : Number(row.completion_tokens),
    /** Image calls: how many images, their size and quality as asked (null on other kinds). */
    images: row.images === null ? null : Number(row.images),
    image_size: row.image_size as string | null,
    image_quality: row.image_quality as string | null,
    cost: amount(row.cost),
    provider_cost: amount(row.provider_cost),
    billed: amount(row.billed),
    cost_differs: Number(row.cost_differs) === 1,
    currency: 'USD',
  }));
}
