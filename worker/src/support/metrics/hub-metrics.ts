import { LATENCY_BUCKETS_SECONDS } from './histogram';
import { LabelCap } from './label-cap';
import { ProcessMetrics } from './process-metrics';
import { MetricsRegistry } from './registry';

/**
 * Every series the worker exposes on GET /metrics (docs/api-notes.md, "Metrics"), each with the
 * one function its area calls. Labels stay bounded: routes are route patterns, models come from
 * the catalog or are `other` (the router decides), teams are the first TEAM_LIMIT seen and then
 * `other`, every other label is a fixed set of words.
 */
export const hubMetrics = new MetricsRegistry();

/** Distinct team labels one worker gives out before the rest are `other`. */
export const TEAM_LIMIT = 50;
const teams = new LabelCap(TEAM_LIMIT);

const requests = hubMetrics.counter('svc_hub_http_requests_total', 'HTTP requests answered, by route pattern, method and status.', [
  'route',
  'method',
  'status',
]);
const requestSeconds = hubMetrics.histogram(
  'svc_hub_http_request_duration_seconds',
  'Time from a request arriving to its answer ending, by route pattern and method.',
  ['route', 'method'],
  LATENCY_BUCKETS_SECONDS,
);

/** http: one answered request (`route`: its pattern, `unmatched` when none matched). */
export function observeRequest(route: string, method: string, status: string, seconds: number): void {
  requests.inc([route, method, status]);
  requestSeconds.observe([route, method], seconds);
}

const providerSeconds = hubMetrics.histogram(
  'svc_hub_provider_call_duration_seconds',
  'LLM calls from start to end (retries and fallbacks included), by provider and call status.',
  ['provider', 'status'],
);
const firstTokenSeconds = hubMetrics.histogram('svc_hub_provider_first_token_seconds', 'Time to the first streamed token, by provider.', [
  'provider',
]);
const calls = hubMetrics.counter('svc_hub_llm_calls_total', 'LLM calls that reached a model, by provider, model, team and status.', [
  'provider',
  'model',
  'team',
  'status',
]);
const tokens = hubMetrics.counter(
  'svc_hub_llm_tokens_total',
  'Tokens by provider, model, team and type (prompt, completion, cached, reasoning).',
  ['provider', 'model', 'team', 'type'],
);
const cost = hubMetrics.counter(
  'svc_hub_llm_cost_usd_total',
  'Cost of LLM calls in USD (as priced on the usage rows), by provider, model and team.',
  ['provider', 'model', 'team'],
);

/** What one finished LLM call adds (router/usage/call-metrics.ts fills it; labels already bounded but the team). */
export interface CallObservation {
  provider: string;
  model: string;
  team: string;
  status: string;
  seconds: number;
  firstTokenSeconds: number | null;
  promptTokens: number;
  completionTokens: number;
  cachedTokens: number;
  reasoningTokens: number;
  costUsd: number;
}

/** router: one finished call that reached a model. */
export function observeCall(call: CallObservation): void {
  const team = teams.label(call.team === '' ? 'none' : call.team);
  providerSeconds.observe([call.provider, call.status], call.seconds);
  if (call.firstTokenSeconds !== null) firstTokenSeconds.observe([call.provider], call.firstTokenSeconds);
  calls.inc([call.provider, call.model, team, call.status]);
  tokens.inc([call.provider, call.model, team, 'prompt'], call.promptTokens);
  tokens.inc([call.provider, call.model, team, 'completion'], call.completionTokens);
  tokens.inc([call.provider, call.model, team, 'cached'], call.cachedTokens);
  tokens.inc([call.provider, call.model, team, 'reasoning'], call.reasoningTokens);
  cost.inc([call.provider, call.model, team], call.costUsd);
}

const rateLimited = hubMetrics.counter(
  'svc_hub_rate_limit_rejections_total',
  'Calls refused 429 svc_rate_limited (requests per minute of a key).',
);
const tooManyConcurrent = hubMetrics.counter(
  'svc_hub_concurrency_rejections_total',
  'Calls refused 429 svc_too_many_concurrent (calls in flight of a key on this worker).',
);
const BUDGET_SCOPES = ['key', 'team', 'site', 'customer'] as const;
const budgetRejections = hubMetrics.counter(
  'svc_hub_budget_rejections_total',
  'Calls refused 429 svc_budget_exceeded, by budget scope.',
  ['scope'],
  BUDGET_SCOPES.map((scope) => [scope]),
);
const budgetOverruns = hubMetrics.counter(
  'svc_hub_budget_overruns_total',
  'Calls that cost more than their budget reservation (a bound that failed: docs/api-notes.md "Budgets"); always 0 when the bound holds.',
);
const cacheHits = hubMetrics.counter('svc_hub_cache_hits_total', 'Chat calls answered from the response cache.');

/** http: a key's requests per minute were used up. */
export function countRateLimitRejection(): void {
  rateLimited.inc([]);
}

/** http: a key's calls in flight were all taken. */
export function countConcurrencyRejection(): void {
  tooManyConcurrent.inc([]);
}

/** Budgets (router/budgets/budget-guard.ts): once per call a hard budget refuses. */
export function countBudgetRejection(scope: (typeof BUDGET_SCOPES)[number]): void {
  budgetRejections.inc([scope]);
}

/** Budgets (router/budgets/budget-guard.ts): once per budget a call settled above its reservation. */
export function countBudgetOverrun(): void {
  budgetOverruns.inc([]);
}

/** The response cache (router/response-cache/cached-provider.ts): once per call answered from it. */
export function countCacheHit(): void {
  cacheHits.inc([]);
}

const DELIVERY_RESULTS = ['delivered', 'failed', 'gone', 'retry'] as const;
const deliveries = hubMetrics.counter(
  'svc_hub_outbox_deliveries_total',
  'Outbox delivery attempts recorded, by result (retry: tried again later).',
  ['result'],
  DELIVERY_RESULTS.map((result) => [result]),
);
let backlogSource: (() => Promise<number>) | null = null;
hubMetrics.gauge(
  'svc_hub_outbox_backlog',
  'Outbox messages waiting to be delivered (all workers: read from the database at scrape time).',
  async () => {
    if (backlogSource === null) return [];
    return backlogSource();
  },
);

/** license: one recorded delivery attempt. */
export function countOutboxDelivery(result: (typeof DELIVERY_RESULTS)[number]): void {
  deliveries.inc([result]);
}

/** Where the backlog gauge reads from (set once the database is known). */
export function readOutboxBacklogFrom(source: () => Promise<number>): void {
  backlogSource = source;
}

const webhooks = hubMetrics.counter(
  'svc_hub_webhook_outcomes_total',
  'WooCommerce order webhook attempts, by audit outcome and signature result.',
  ['outcome', 'signature'],
);

/** commerce: one webhook attempt, as its audit row records it. */
export function countWebhookOutcome(outcome: string, signature: string): void {
  webhooks.inc([outcome, signature]);
}

/** Event-loop lag and resident memory; started by the metrics route. */
export const processMetrics = new ProcessMetrics(hubMetrics);
