import { sqlNumber, sqlText } from './sql-values';

/** The columns of a usage row and their SQL literals, shared by the recorder and the journal replay (docs/api-notes.md "Usage rows"). */

export type UsageStatus = 'open' | 'ok' | 'error' | 'aborted' | 'interrupted';

export interface UsageCompletion {
  status: Exclude<UsageStatus, 'open' | 'interrupted'>;
  provider: string | null;
  model: string | null;
  attempts: number;
  promptTokens: number | null;
  completionTokens: number | null;
  /** Of promptTokens: read from and written to the provider's cache; of completionTokens: reasoning. */
  cachedTokens: number | null;
  cacheWriteTokens: number | null;
  reasoningTokens: number | null;
  usageEstimated: boolean;
  priceInputPerMtok: number | null;
  priceOutputPerMtok: number | null;
  priceCacheReadPerMtok: number | null;
  priceCacheWritePerMtok: number | null;
  cost: string | null;
  /** What the provider reported the call cost (OpenRouter `usage.cost`), null when it reported nothing. */
  providerCost: string | null;
  /** What the site is charged: the call's cost (the provider's figure when reported) with the site's markup; null when unpriced. */
  billed: string | null;
  currency: string;
  latencyMs: number;
  firstTokenMs: number | null;
  errorCode: string | null;
  /** Answered from the response cache (cost 0; response-cache/). */
  cacheHit?: boolean;
  /** An image call's n, size and quality as asked (kind `images`); absent on every other kind. */
  images?: ImageUsageDetails | null;
}

/** What an image call asked for (docs/api-notes.md "Images"): the usage row's `images`, `image_size`, `image_quality`. */
export interface ImageUsageDetails {
  count: number;
  size: string | null;
  quality: string | null;
}

export const OPEN_COLUMNS = 'id, request_id, key_id, team, campaign, end_user, purpose, kind, worker, boot, started_at';
export const OPEN_COLUMN_COUNT = OPEN_COLUMNS.split(',').length;
export const COMPLETION_COLUMNS = [
  'status',
  'provider',
  'model',
  'attempts',
  'prompt_tokens',
  'completion_tokens',
  'total_tokens',
  'cached_tokens',
  'cache_write_tokens',
  'reasoning_tokens',
  'usage_estimated',
  'price_input_per_mtok',
  'price_output_per_mtok',
  'price_cache_read_per_mtok',
  'price_cache_write_per_mtok',
  'cost',
  'provider_cost',
  'billed',
  'currency',
  'latency_ms',
  'first_token_ms',
  'error_code',
  'completed_at',
  'cache_hit',
  'images',
  'image_size',
  'image_quality',
];
/** The completion columns' values as SQL literals, in COMPLETION_COLUMNS' order. */
export function completionTuple(row: UsageCompletion, completedAt: string): string {
  const total = row.promptTokens === null || row.completionTokens === null ? null : row.promptTokens + row.completionTokens;
  return (
    `${sqlText(row.status)}, ${sqlText(row.provider)}, ${sqlText(row.model)}, ${sqlNumber(row.attempts)}, ` +
    `${sqlNumber(row.promptTokens)}, ${sqlNumber(row.completionTokens)}, ${sqlNumber(total)}, ` +
    `${sqlNumber(row.cachedTokens)}, ${sqlNumber(row.cacheWriteTokens)}, ${sqlNumber(row.reasoningTokens)}, ${row.usageEstimated ? 1 : 0}, ` +
    `${sqlNumber(row.priceInputPerMtok)}, ${sqlNumber(row.priceOutputPerMtok)}, ${sqlNumber(row.priceCacheReadPerMtok)}, ${sqlNumber(row.priceCacheWritePerMtok)}, ` +
    `${sqlText(row.cost)}, ${sqlText(row.providerCost)}, ${sqlText(row.billed)}, ${sqlText(row.currency)}, ${sqlNumber(Math.round(row.latencyMs))}, ` +
    `${sqlNumber(row.firstTokenMs === null ? null : Math.round(row.firstTokenMs))}, ${sqlText(row.errorCode)}, ${completedAt}, ${row.cacheHit ? 1 : 0}, ` +
    `${sqlNumber(row.images?.count ?? null)}, ${sqlText(row.images?.size ?? null)}, ${sqlText(row.images?.quality ?? null)}`
  );
}
