import { ApiError } from '../../support/api-error';
import type { Eventually } from '../../support/eventually';
import { prefixedId } from '../../support/ids';
import type { Admission, BudgetGuard, CallBound, Reservation } from '../budgets/budget-guard';
import type { CatalogModel } from '../catalog/models';
import { billedAmount } from './billing';
import { recordCallMetrics } from './call-metrics';
import { costOfUsage, estimateTokens, type Price } from './cost';
import type { PriceBook } from '../catalog/prices';
import type { TokenUsage } from '../../providers/types';
import type { UsageRecorder } from './recorder';
import type { ImageUsageDetails } from './usage-row';

/** A call's cost three ways (docs/api-notes.md "Provider-reported cost"). */
interface CostFigures {
  /** The hub's price × tokens; null when the model is unpriced. */
  cost: string | null;
  /** The provider's own figure, when it reported one. */
  providerCost: string | null;
  /** What the budget settles at and the answer says: the provider's figure, else the hub's. */
  charged: string | null;
}

export interface CallIdentity {
  requestId: string;
  keyId: string;
  /** The key's team: the default when the request names none in `metadata.team`. */
  keyTeam: string;
  /** The key's site: a team is a label within it (the response cache's team scope is the site and the team). */
  siteUrl: string;
  metadata: { team: string; campaign: string; user: string };
  purpose: string | null;
  kind: 'chat' | 'stream' | 'embeddings' | 'responses' | 'messages' | 'images';
}

export interface CallOutcome {
  status: 'ok' | 'error' | 'aborted';
  model: CatalogModel | null;
  attempts: number;
  usage: TokenUsage | null;
  /** Text sent and received, to estimate tokens when the provider reported none. */
  promptText: string;
  outputText: string;
  /** The hub's cost when tokens × price do not make it (images: per image, router/images/image-cost.ts). */
  cost?: string;
  errorCode?: string;
}

/** The `router` block of every answer (docs/architecture.md §4). */
export interface RouterBlock {
  provider: string | null;
  purpose: string | null;
  attempts: number;
  latency_ms: number;
  /**
   * What the call cost (docs/api-notes.md "Provider-reported cost"): the provider's own figure when
   * it reports one, else the hub's price × tokens; null, with `priced: false`, when neither exists
   * (an unpriced model). Never the billed amount (with the site's markup).
   */
  cost: { amount: string | null; currency: string; priced?: false };
  usage_estimated: boolean;
  /** The output limit sent to the provider (docs/api-notes.md "Budgets"); null when the call had none. */
  max_output_tokens: number | null;
}

/**
 * One call's bookkeeping: opens its usage row when the call starts (the insert runs
 * concurrently with the call; `opened()` is awaited before the answer leaves), and at the end
 * prices the tokens — the provider's, or an estimate flagged as such, never zero — and
 * completes the row.
 */
export class CallRecord {
  readonly usageId = prefixedId('usg');
  private readonly startedAt = process.hrtime.bigint();
  private firstTokenAt: bigint | null = null;
  private budgets: BudgetGuard | null = null;
  private reservation: Reservation | null = null;
  /**
   * The output limit the call runs with (docs/api-notes.md "Budgets"): its own, or the one it was
   * given under a budget; null when it has none. Known once it reserved.
   */
  maxOutputTokens: number | null = null;
  /** Set by the response cache (response-cache/cached-provider.ts) when the answer came from it. */
  private cacheHit = false;
  /** An image call's n, size and quality (describeImages), recorded on its row. */
  private images: ImageUsageDetails | null = null;
  private readonly opening: Promise<void>;

  get requestId(): string {
    return this.identity.requestId;
  }

  constructor(
    private readonly recorder: UsageRecorder,
    private readonly prices: PriceBook,
    /** Who calls, for which purpose (read by the response cache for its policy and scope). */
    readonly identity: CallIdentity,
  ) {
    this.opening = recorder.open({
      id: this.usageId,
      requestId: identity.requestId,
      keyId: identity.keyId,
      team: identity.metadata.team || identity.keyTeam,
      campaign: identity.metadata.campaign,
      user: identity.metadata.user,
      purpose: identity.purpose,
      kind: identity.kind,
    });
  }

  /**
   * Reserves the call's bound (router/budgets/estimate.ts: the most its models can bill for what
   * it sends) on the budgets of its key, team, site and customer before it runs
   * (router/budgets/budget-guard.ts), and learns its output limit (`maxOutputTokens`); `finish`
   * settles it at the real cost on every path. Refused (429 svc_budget_exceeded, 400
   * svc_unpriced_model): the usage row is completed as that error (cost 0) and the error thrown.
   * Done at once when no budget applies and the budget list is cached.
   */
  reserve(budgets: BudgetGuard, siteUrl: string, bound: CallBound): Eventually<void> {
    const model = bound.candidates[0]!;
    let reserving: Eventually<Admission>;
    try {
      reserving = budgets.reserve(this.usageId, { keyId: this.identity.keyId, team: this.identity.keyTeam, siteUrl }, bound);
    } catch (error) {
      return this.refused(error, model);
    }
    if (reserving instanceof Promise)
      return reserving.then(
        (admission) => this.reserved(budgets, admission),
        (error: unknown) => this.refused(error, model),
      );
    this.reserved(budgets, reserving);
  }

  private reserved(budgets: BudgetGuard, admission: Admission): void {
    this.reservation = admission.reservation;
    this.maxOutputTokens = admission.maxOutputTokens;
    this.budgets = budgets;
  }

  /** A reservation refused (or failed): the usage row completed as that error, the error thrown on. */
  private async refused(error: unknown, model: CatalogModel): Promise<never> {
    const errorCode = error instanceof ApiError ? error.code : 'svc_internal';
    await this.finish({ status: 'error', model, attempts: 0, usage: null, promptText: '', outputText: '', errorCode });
    throw error;
  }

  /**
   * Resolves once the call's usage row is in MySQL, so an answer sent after it is never lost
   * to a `kill -9` (issue 16). finish() awaits it, which covers every blocking answer, error
   * and refusal; a stream awaits it before its first byte. Never rejects: when the database
   * fails or hangs (usage-recorder.ts, at most 1 s) the answer goes out and the completion
   * records the row later.
   */
  opened(): Promise<void> {
    return this.opening;
  }

  /** The answer comes from the response cache: the call is recorded (and settled) at cost 0, flagged `cache_hit`. */
  /** An image call: its row records the images asked for, their size and quality (docs/api-notes.md "Images"). */
  describeImages(images: ImageUsageDetails): void {
    this.images = images;
  }

  markCacheHit(): void {
    this.cacheHit = true;
  }

  markFirstToken(): void {
    this.firstTokenAt ??= process.hrtime.bigint();
  }

  elapsedMs(since: bigint = this.startedAt): number {
    return Number(process.hrtime.bigint() - since) / 1e6;
  }

  /**
   * Prices the call and returns what its answer says of it, once its usage row is durable
   * (`opened`) and so is its final record — settled, completed, journaled (settleAndRecord), so
   * a `kill -9` after the answer left loses none of it. `usage` is the provider's TokenUsage as
   * reported — cached, cache-write and reasoning tokens included — for the answer's `usage` block.
   * Nothing here waits for MySQL; the metrics are counted after the answer.
   */
  async finish(outcome: CallOutcome): Promise<{ router: RouterBlock; usage: TokenUsage }> {
    const usage = this.tokens(outcome);
    const estimated = outcome.usage === null;
    const pricing = outcome.model ? this.prices.priceFor(outcome.model.id) : null;
    const price = pricing instanceof Promise ? await pricing : pricing;
    const figures = this.costFigures(usage, price, outcome.usage?.providerCost, outcome.cost);
    const latencyMs = this.elapsedMs();
    const markup = figures.charged === null ? null : this.recorder.markup.markupFor(this.identity.siteUrl);
    const percent = markup instanceof Promise ? await markup.catch(() => null) : markup;
    const answered = this.settleAndRecord(outcome, usage, estimated, price, figures, latencyMs, percent);
    await this.opening;
    await answered;
    return {
      usage,
      router: {
        provider: outcome.model?.provider ?? null,
        purpose: this.identity.purpose,
        attempts: outcome.attempts,
        latency_ms: Math.round(latencyMs),
        cost: {
          amount: figures.charged,
          currency: price?.currency ?? 'USD',
          ...(price || this.cacheHit ? {} : { priced: false as const }),
        },
        usage_estimated: estimated,
        max_output_tokens: this.maxOutputTokens,
      },
    };
  }

  /**
   * The hub's cost (price × tokens; null when the model is unpriced), the provider's reported
   * one, and the figure the call is charged at: the provider's when it reported one (its bill),
   * else the hub's. A response-cache hit costs 0 whatever the cached answer's figures were.
   */
  private costFigures(usage: TokenUsage, price: Price | null, providerCost: string | undefined, ownCost?: string): CostFigures {
    if (this.cacheHit) return { cost: '0.00000000', providerCost: null, charged: '0.00000000' };
    const cost = ownCost ?? (price ? costOfUsage(usage, price) : null);
    return { cost, providerCost: providerCost ?? null, charged: providerCost ?? cost };
  }

  /**
   * Before the answer leaves: the reservation settled at the charged cost (in memory), the usage
   * row completed with the billed amount — the final record journaled with the call's share of each
   * budget, so a `kill -9` right after the answer keeps what it said (recorder.ts); the promise
   * resolves once it is — and the call counted in the metrics after the answer.
   */
  private settleAndRecord(
    outcome: CallOutcome,
    usage: TokenUsage,
    estimated: boolean,
    price: Price | null,
    { cost, providerCost, charged }: CostFigures,
    latencyMs: number,
    markup: string | null,
  ): Promise<void> {
    const reservation = this.reservation;
    this.reservation = null;
    const settled = reservation ? this.budgets!.settle(reservation, charged ?? '0.00000000') : [];
    const reported = (count: number | undefined) => (outcome.model ? (count ?? 0) : null);
    const firstTokenMs = this.firstTokenAt === null ? null : Number(this.firstTokenAt - this.startedAt) / 1e6;
    const answered = this.recorder.complete(
      this.usageId,
      {
        status: outcome.status,
        provider: outcome.model?.provider ?? null,
        model: outcome.model?.id ?? null,
        attempts: outcome.attempts,
        promptTokens: outcome.model ? usage.promptTokens : null,
        completionTokens: outcome.model ? usage.completionTokens : null,
        cachedTokens: reported(usage.cachedTokens),
        cacheWriteTokens: reported(usage.cacheWriteTokens),
        reasoningTokens: reported(usage.reasoningTokens),
        usageEstimated: estimated,
        priceInputPerMtok: price?.inputPerMtok ?? null,
        priceOutputPerMtok: price?.outputPerMtok ?? null,
        priceCacheReadPerMtok: price?.cacheReadPerMtok ?? null,
        priceCacheWritePerMtok: price?.cacheWritePerMtok ?? null,
        cost,
        providerCost,
        billed: charged === null ? null : billedAmount(charged, markup),
        currency: price?.currency ?? 'USD',
        latencyMs,
        firstTokenMs,
        errorCode: outcome.errorCode ?? null,
        cacheHit: this.cacheHit,
        images: this.images,
      },
      settled,
    );
    setImmediate(() =>
      recordCallMetrics({
        model: outcome.model,
        team: this.identity.metadata.team || this.identity.keyTeam,
        status: outcome.status,
        usage,
        cost: charged,
        currency: price?.currency ?? 'USD',
        latencyMs,
        firstTokenMs,
      }),
    );
    return answered;
  }

  /**
   * Reported usage when there is some; else an estimate (flagged by the caller). A call that
   * failed or was aborted before any output has nothing to estimate: 0 tokens, still flagged.
   */
  private tokens(outcome: CallOutcome): TokenUsage {
    if (outcome.usage) return outcome.usage;
    const nothingCameBack = outcome.status !== 'ok' && outcome.outputText === '';
    const promptTokens = nothingCameBack ? 0 : estimateTokens(outcome.promptText);
    const completionTokens = estimateTokens(outcome.outputText);
    return { promptTokens, completionTokens, totalTokens: promptTokens + completionTokens };
  }
}
