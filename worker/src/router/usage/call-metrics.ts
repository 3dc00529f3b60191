import { observeCall } from '../../support/metrics/hub-metrics';
import { isCatalogued, KNOWN_PROVIDERS, type CatalogModel } from '../catalog/models';
import type { TokenUsage } from '../../providers/types';

/** One finished call as CallRecord.finish() knows it. */
export interface FinishedCall {
  model: CatalogModel | null;
  team: string;
  status: string;
  usage: TokenUsage;
  /** The priced cost (decimal string), null when unpriced. */
  cost: string | null;
  currency: string;
  latencyMs: number;
  firstTokenMs: number | null;
}

/**
 * A finished call's metrics (support/metrics/hub-metrics.ts): latency and first token by
 * provider; calls, tokens and USD cost by provider, model and team. Model ids outside the
 * catalog (open-model providers, admin-added models) are `other`; a call that never reached a
 * model adds nothing here (its request is counted by the http layer).
 */
export function recordCallMetrics(call: FinishedCall): void {
  if (call.model === null) return;
  const provider = KNOWN_PROVIDERS.includes(call.model.provider) ? call.model.provider : 'other';
  observeCall({
    provider,
    model: isCatalogued(call.model.id) ? call.model.id : 'other',
    team: call.team,
    status: call.status,
    seconds: call.latencyMs / 1000,
    firstTokenSeconds: call.firstTokenMs === null ? null : call.firstTokenMs / 1000,
    promptTokens: call.usage.promptTokens,
    completionTokens: call.usage.completionTokens,
    cachedTokens: call.usage.cachedTokens ?? 0,
    reasoningTokens: call.usage.reasoningTokens ?? 0,
    costUsd: call.cost !== null && call.currency === 'USD' ? Number(call.cost) : 0,
  });
}
