/**
 * How a call is admitted against the budgets that cover it (docs/architecture.md §11): its bound
 * priced on every model it may be sent to, the budgets it draws by their roles, and its output
 * limit when it named none — the model's maximum, lowered to what the budgets' room can pay.
 */
import { ApiError } from '../../support/api-error';
import { andThen, type Eventually } from '../../support/eventually';
import type { Price } from '../usage/cost';
import { BudgetRefusal } from './budget-ledger';
import { toUnits } from './lease';
import type { BudgetRecord } from './budget-rows';
import {
  affordableLimit,
  beyondLimit,
  boundAt,
  inputBound,
  MINIMUM_OUTPUT_TOKENS,
  outputCeiling,
  type CallBound,
  type PricedCandidate,
} from './estimate';
import type { Draw, LeaseBook } from './lease-book';

/** The call's draws and the output limit it runs with (null for embeddings). */
export interface Admitted {
  draws: Draw[];
  limit: number | null;
}

/** 400 svc_unpriced_model: the model has no price and a hard budget covers the call. */
export function unpricedModel(model: string): ApiError {
  return new ApiError(
    400,
    'svc_unpriced_model',
    `The model ${model} has no price, and a hard budget covers this call: the admin must set its price (or its provider's default price) before it can run.`,
    { model },
  );
}

/**
 * Every candidate priced with its input bound; an unpriced one is refused when a hard budget
 * applies, else reserved at 0 (its usage row says it is unpriced).
 */
export function priceCandidates(
  prices: { priceFor(modelId: string): Eventually<Price | null> },
  bound: CallBound,
  hard: boolean,
): Eventually<PricedCandidate[]> {
  const priced: PricedCandidate[] = [];
  const sent = bound.measure();
  const add = (index: number): Eventually<PricedCandidate[]> => {
    if (index === bound.candidates.length) return priced;
    const model = bound.candidates[index]!;
    return andThen(prices.priceFor(model.id), (price) => {
      if (price === null && hard) throw unpricedModel(model.id);
      priced.push({
        model,
        price: price ?? { inputPerMtok: 0, outputPerMtok: 0, cacheReadPerMtok: 0, cacheWritePerMtok: 0, currency: 'USD' },
        inputTokens: inputBound(sent, model),
        beyondLimit: bound.embeddings ? 0 : beyondLimit(model, bound.reasoningEffort),
        fixed: bound.worstCost ? toUnits(bound.worstCost(model)) : 0n,
      });
      return add(index + 1);
    });
  };
  return add(0);
}

/** The output limit a call starts from: its own, else the smallest maximum among its models (0 for embeddings). */
export function startingLimit(bound: CallBound): number {
  if (bound.embeddings) return 0;
  if (bound.maxTokens !== undefined) return bound.maxTokens;
  return Math.min(...bound.candidates.map((model) => outputCeiling(model, bound.reasoningEffort)));
}

/** The call's credits budgets in the order they are drawn: the site's own before its customer's (docs/commerce.md "AI allowances and credits"). */
const creditsOf = (budgets: readonly BudgetRecord[]) =>
  budgets
    .filter((budget) => budget.role === 'credits')
    .sort((a, b) => Number(a.scopeKind === 'customer') - Number(b.scopeKind === 'customer'));

/**
 * Limits and allowances; where no allowance covers the call, its first credits budget. The
 * budgets given all cover the one call, so a site's allowance and its customer's credits are
 * one account: the credits are drawn after the allowance, never beside it.
 */
export function firstSelection(budgets: readonly BudgetRecord[]): BudgetRecord[] {
  const drawn = budgets.filter((budget) => budget.role !== 'credits');
  if (budgets.some((budget) => budget.role === 'allowance')) return drawn;
  const credits = creditsOf(budgets)[0];
  return credits ? [...drawn, credits] : drawn;
}

/** Instead of a refused allowance or credits budget: the call's next credits budget not yet tried. */
export function replacement(budgets: readonly BudgetRecord[], refused: BudgetRecord, tried: ReadonlySet<string>): BudgetRecord | null {
  if (refused.role === 'limit') return null;
  return creditsOf(budgets).find((budget) => !tried.has(budget.id)) ?? null;
}

/**
 * Draws the call's bound at `limit` from the budgets (all or none), at once when the leases cover
 * it. Refused by an allowance or credits budget: the call's next credits budget instead. Refused
 * with `adjustable` (the call named no limit): the limit lowered to what the refusing budget's
 * room pays. A refusal says what the call needed: its bound at MINIMUM_OUTPUT_TOKENS when even
 * that does not fit, else at its limit.
 */
export function admit(
  leases: LeaseBook,
  budgets: readonly BudgetRecord[],
  candidates: readonly PricedCandidate[],
  limit: number,
  adjustable: boolean,
  now: Date,
  /** Told of an allowance or credits budget refused and replaced by credits (the AI alerts: it can pay no more). */
  replaced: (refused: BudgetRecord) => void = () => undefined,
): Eventually<Admitted> {
  const selection = firstSelection(budgets);
  const amount = boundAt(candidates, limit);
  if (amount === 0n) return { draws: [], limit };
  const drawing = leases.draw(selection, amount, now);
  if (!(drawing instanceof Promise)) return { draws: drawing, limit };
  return drawing.then(
    (draws) => ({ draws, limit }),
    (error: unknown) => admitAgain(leases, budgets, candidates, { selection, limit, adjustable, now, replaced }, error),
  );
}

async function admitAgain(
  leases: LeaseBook,
  budgets: readonly BudgetRecord[],
  candidates: readonly PricedCandidate[],
  attempt: { selection: BudgetRecord[]; limit: number; adjustable: boolean; now: Date; replaced: (refused: BudgetRecord) => void },
  first: unknown,
): Promise<Admitted> {
  let { selection, limit } = attempt;
  const tried = new Set(selection.map((budget) => budget.id));
  let error = first;
  for (let round = 0; round <= budgets.length + 2; round += 1) {
    if (!(error instanceof BudgetRefusal)) throw error;
    const refused = error.budget;
    const next = replacement(budgets, refused, tried);
    if (next) {
      attempt.replaced(refused);
      tried.add(next.id);
      selection = selection.map((budget) => (budget.id === refused.id ? next : budget));
    } else {
      const fits = attempt.adjustable ? affordableLimit(candidates, error.room, limit) : limit;
      const least = attempt.adjustable ? Math.min(limit, MINIMUM_OUTPUT_TOKENS) : limit;
      if (fits < least || fits >= limit) throw error.needing(boundAt(candidates, fits < least ? least : limit));
      limit = fits;
    }
    try {
      return { draws: await leases.draw(selection, boundAt(candidates, limit), attempt.now), limit };
    } catch (again) {
      error = again;
    }
  }
  throw error;
}
