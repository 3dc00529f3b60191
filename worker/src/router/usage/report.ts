import type { RowDataPacket } from 'mysql2/promise';
import type { Database } from '../../db/connections';
import { ApiError } from '../../support/api-error';

/** Group expressions are fixed here; the request only picks one by name. */
const GROUPS = {
  key: 'key_id',
  team: 'team',
  campaign: 'campaign',
  model: "COALESCE(model, '')",
  day: "DATE_FORMAT(started_at, '%Y-%m-%d')",
} as const;
export type UsageGroup = keyof typeof GROUPS;

const DAY = 86_400_000;

export interface UsageQuery {
  groupBy: UsageGroup;
  /** A second grouping inside each group (the admin chart: cost per day split by team). */
  splitBy?: UsageGroup;
  from: Date;
  to: Date;
}

export function parseUsageQuery(query: Record<string, unknown>): UsageQuery {
  const params: Record<string, string> = {};
  const groupBy = (query.group_by ?? 'day') as string;
  if (!Object.hasOwn(GROUPS, groupBy)) params.group_by = `must be one of ${Object.keys(GROUPS).join(', ')}`;
  const splitBy = query.split_by === undefined || query.split_by === '' ? undefined : (query.split_by as string);
  if (splitBy !== undefined && (!Object.hasOwn(GROUPS, splitBy) || splitBy === groupBy)) {
    params.split_by = `must be one of ${Object.keys(GROUPS).join(', ')}, other than group_by`;
  }
  const date = (name: string, fallback: Date) => {
    const value = query[name];
    if (value === undefined || value === '') return fallback;
    const parsed = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? new Date(value) : null;
    if (!parsed || Number.isNaN(parsed.getTime())) {
      params[name] = 'must be an ISO 8601 date or date-time';
      return fallback;
    }
    return parsed;
  };
  const now = new Date();
  const to = date('to', now);
  const from = date('from', new Date(to.getTime() - 30 * DAY));
  if (from > to) params.from = 'must not be after to';
  if (Object.keys(params).length > 0) throw ApiError.invalidRequest(params);
  return { groupBy: groupBy as UsageGroup, splitBy: splitBy as UsageGroup | undefined, from, to };
}

/**
 * Calls, tokens and cost grouped by key, team, campaign, model or day, optionally split by a
 * second of them (each row then has `split`; the admin chart: cost per day by team).
 */
export async function usageReport(database: Database, query: UsageQuery) {
  const split = query.splitBy ? `, ${GROUPS[query.splitBy]} AS split` : '';
  const [rows] = await database.pool.query<RowDataPacket[]>(
    `SELECT ${GROUPS[query.groupBy]} AS grp${split}, COUNT(*) AS calls, SUM(status = 'ok') AS ok, SUM(status = 'error') AS errors,
       SUM(status = 'aborted') AS aborted, SUM(status = 'interrupted') AS interrupted,
       COALESCE(SUM(prompt_tokens), 0) AS prompt_tokens, COALESCE(SUM(completion_tokens), 0) AS completion_tokens,
       COALESCE(SUM(cached_tokens), 0) AS cached_tokens, COALESCE(SUM(cache_write_tokens), 0) AS cache_write_tokens,
       COALESCE(SUM(reasoning_tokens), 0) AS reasoning_tokens,
       COALESCE(SUM(cost), 0) AS cost, SUM(usage_estimated) AS estimated
     FROM ${database.table('usage')} WHERE started_at >= ? AND started_at < ? GROUP BY grp${split ? ', split' : ''} ORDER BY grp${split ? ', split' : ''}`,
    [query.from, query.to],
  );
  return rows.map((row) => ({
    group: row.grp as string,
    ...(query.splitBy ? { split: row.split as string | null } : {}),
    calls: Number(row.calls),
    ok: Number(row.ok),
    errors: Number(row.errors),
    aborted: Number(row.aborted),
    interrupted: Number(row.interrupted),
    estimated: Number(row.estimated),
    prompt_tokens: Number(row.prompt_tokens),
    completion_tokens: Number(row.completion_tokens),
    cached_tokens: Number(row.cached_tokens),
    cache_write_tokens: Number(row.cache_write_tokens),
    reasoning_tokens: Number(row.reasoning_tokens),
    cost: { amount: Number(row.cost).toFixed(8), currency: 'USD' },
  }));
}
