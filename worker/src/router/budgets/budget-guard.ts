import { countBudgetOverrun, countBudgetRejection } from '../../support/metrics/hub-metrics';
import type { Database } from '../../db/connections';
import { ApiError } from '../../support/api-error';
import { andThen, type Eventually } from '../../support/eventually';
import type { Logger } from '../../support/logger';
import { TtlCache } from '../../support/ttl-cache';
import type { OutboxWriter } from '../../license/outbox-writer';
import type { DeliveryTarget } from '../../license/delivery-target';
import type { PriceBook } from '../catalog/prices';
import { ALERT_QUEUE_PREFIX, queueAlert } from './budget-alerts';
import { BudgetLedger, BudgetRefusal } from './budget-ledger';
import type { BudgetRecord, BudgetRole, BudgetStore } from './budget-rows';
import { admit, priceCandidates, startingLimit, type Admitted } from './admission';
import type { CallBound } from './estimate';
import { LeaseBook, type Draw, type ThresholdAlerts } from './lease-book';
import { replaySettled, type SettledShare } from './lease-replay';
import { LeaseLedger } from './lease-ledger';
import { fromUnits, toUnits } from './lease';
import { resetsAt } from './periods';
import { appliesTo, scopeToJson, type BudgetScope, type SiteCustomers } from './budget-scope';

export type { BudgetScope } from './budget-scope';
/** A call's scope as the call record knows it; the guard adds the site's customer. */
export type CallScope = Omit<BudgetScope, 'customerId'>;

/** A call's reservation: its bound drawn from this worker's lease on every budget it draws; settled once by CallRecord.finish. */
export interface Reservation {
  callId: string;
  draws: Draw[];
}

/** A call admitted: its reservation (null when nothing was drawn) and the output limit it runs with (null: none). */
export interface Admission {
  reservation: Reservation | null;
  maxOutputTokens: number | null;
}

/** One budget's share of a settled call (announced to onSettled listeners). */
export interface SettledDraw {
  callId: string;
  budgetId: string;
  role: BudgetRole;
  source: string | null;
  /** USD, 8 places. */
  cost: string;
}

export type { CallBound } from './estimate';
export type { SettledShare } from './lease-replay';

/** How long a worker trusts its copy of the budget list (other workers' and the CLI's changes show within this and one load). */
export const BUDGET_LIST_TTL_MS = 2000;
/** Past its TTL the old list is served while one load refreshes it, for this long: a database outage does not refuse calls at once. */
const BUDGET_LIST_STALE_MS = 5000;
/** How long a lease outlives the last renewal by its worker (renewed every quarter of it): a dead worker's leases are swept after this. */
export const BUDGET_LEASE_TTL_MS = 60_000;

/**
 * The one place budgets touch a call (router/usage/call-record.ts calls it): reserve the estimate
 * before the call runs — refused with 429 svc_budget_exceeded by a hard budget it would take
 * past its amount — and settle at the real cost when it ends. Both happen in memory against this
 * worker's leases on the budgets' windows (router/budgets/lease-book.ts); the database is asked
 * when a lease runs short or low, and settled spend is written in batches within 0.1 s. No
 * budget for the call's key, team or site: nothing touches the database.
 */
export class BudgetGuard {
  private readonly budgets: TtlCache<BudgetRecord[]>;
  readonly ledger: BudgetLedger;
  readonly leases: LeaseBook;
  /** Calls this worker refused with svc_budget_exceeded since it started (for /metrics). */
  rejections = 0;
  /** Calls that cost more than they reserved since it started: a bug in the bound (estimate.ts), logged as an error each time. */
  overruns = 0;
  private readonly settledListeners: ((draw: SettledDraw) => void)[] = [];
  private readonly refusedListeners: ((budget: BudgetRecord) => void)[] = [];
  private readonly alerts: ThresholdAlerts;

  constructor(
    private readonly database: Database,
    readonly store: BudgetStore,
    private readonly prices: PriceBook,
    private readonly outbox: OutboxWriter,
    private readonly logger: Logger,
    /** The site's customer, for customer budgets (license/customers/, cached). */
    private readonly customers: SiteCustomers,
    leaseTtlMs: number = BUDGET_LEASE_TTL_MS,
  ) {
    this.budgets = new TtlCache(BUDGET_LIST_TTL_MS, 1, Date.now, BUDGET_LIST_STALE_MS);
    this.ledger = new BudgetLedger(database);
    this.leases = new LeaseBook(
      new LeaseLedger(database, this.ledger),
      (this.alerts = {
        crossed: async (connection, crossed) => {
          const budget = await this.applicableById(crossed.budgetId);
          this.logger.info('budget threshold reached', {
            budget_id: crossed.budgetId,
            threshold_percent: crossed.threshold,
            spent: crossed.spent,
            amount: crossed.amount,
          });
          return queueAlert(this.outbox, connection, budget, crossed);
        },
        committed: () => this.outbox.notifyCommitted(),
      }),
      logger,
      leaseTtlMs,
    );
  }

  /** After an admin change on this worker: read the list again at once. */
  changed(): void {
    this.budgets.clear();
  }

  /** The budgets of a call's key, team (within its site), site and the site's customer (at once when the list is cached). */
  applicable(scope: BudgetScope): Eventually<BudgetRecord[]> {
    return andThen(
      this.budgets.get('all', () => this.store.list()),
      (all) => all.filter((budget) => appliesTo(budget, scope)),
    );
  }

  /**
   * Admits a call (admission.ts): its bound — the most any of its models can bill for what it
   * sends, at its output limit — drawn on the budgets that cover it (budget-scope.ts, with the
   * site's customer) by their roles; a call that named no limit is given one (its models' maximum,
   * lowered to what the budgets' room pays). Refused with 429 svc_budget_exceeded saying what
   * remains, or 400 svc_unpriced_model under a hard budget. At once when nothing applies (or the
   * leases cover it) and the list and the customer map are cached.
   */
  reserve(callId: string, call: CallScope, bound: CallBound): Eventually<Admission> {
    const none: Admission = { reservation: null, maxOutputTokens: bound.embeddings ? null : (bound.maxTokens ?? null) };
    return andThen(
      this.budgets.get('all', () => this.store.list()),
      (all) => {
        if (all.length === 0) return none;
        // The site's customer is looked up only while some budget is a customer's.
        const customerOf = all.some((budget) => budget.scopeKind === 'customer') ? this.customers.customerOf(call.siteUrl) : null;
        return andThen(customerOf, (customerId) => {
          const budgets = all.filter((budget) => appliesTo(budget, { ...call, customerId }));
          return budgets.length === 0 ? none : this.admit(callId, budgets, bound);
        });
      },
    );
  }

  private admit(callId: string, budgets: BudgetRecord[], bound: CallBound): Eventually<Admission> {
    const hard = budgets.some((budget) => budget.hard);
    return andThen(priceCandidates(this.prices, bound, hard), (candidates) => {
      const now = new Date();
      const admitted = (done: Admitted): Admission => ({
        reservation: done.draws.length === 0 ? null : { callId, draws: done.draws },
        maxOutputTokens: bound.embeddings ? null : done.limit,
      });
      const refused = (error: unknown): never => {
        if (!(error instanceof BudgetRefusal)) throw error;
        this.rejections += 1;
        countBudgetRejection(error.budget.scopeKind);
        this.notifyRefused(error.budget);
        throw budgetExceeded(error, now);
      };
      const adjustable = !bound.embeddings && bound.maxTokens === undefined;
      let admitting: Eventually<Admitted>;
      try {
        admitting = admit(this.leases, budgets, candidates, startingLimit(bound), adjustable, now, this.notifyRefused);
      } catch (error) {
        return refused(error);
      }
      return admitting instanceof Promise ? admitting.then(admitted, refused) : admitted(admitting);
    });
  }

  /**
   * Called with each budget that refused a call — the last one when the call is refused, an
   * allowance or credits budget its credits replaced (the AI alerts: it can pay no more); must not throw.
   */
  onRefused(listener: (budget: BudgetRecord) => void): void {
    this.refusedListeners.push(listener);
  }

  private readonly notifyRefused = (budget: BudgetRecord): void => {
    for (const listener of this.refusedListeners) listener(budget);
  };

  /** Called with each budget's share of every settled call (the credits ledger, router/ai-accounts/); a listener that throws is logged. */
  onSettled(listener: (draw: SettledDraw) => void): void {
    this.settledListeners.push(listener);
  }

  /**
   * Settles at the real cost (0 for a call that cost nothing), in memory; the spend is written by the
   * next flush, within 0.1 s (lease-book.ts). A cost above the reservation would mean the bound is
   * wrong: logged as an error and counted (`overruns`), and settled all the same. Never throws.
   * Returns each budget's share, for the usage journal (a dead worker's spend replayed: lease-replay.ts).
   */
  settle(reservation: Reservation, cost: string): SettledShare[] {
    const units = toUnits(cost);
    for (const draw of reservation.draws) {
      if (units <= draw.amount) continue;
      this.overruns += 1;
      countBudgetOverrun();
      this.logger.error('budget bound exceeded: a call cost more than its reservation (router/budgets/estimate.ts)', {
        call_id: reservation.callId,
        budget_id: draw.lease.budget.id,
        reserved: fromUnits(draw.amount),
        cost,
      });
    }
    const numbers = this.leases.settle(reservation.draws, units);
    for (const draw of reservation.draws)
      for (const listener of this.settledListeners) {
        const { id, role, source } = draw.lease.budget;
        try {
          listener({ callId: reservation.callId, budgetId: id, role, source, cost });
        } catch (error) {
          this.logger.error('budget settle listener failed', {
            call_id: reservation.callId,
            error: error instanceof Error ? error.message : String(error),
          });
        }
      }
    return reservation.draws.map(({ lease }, index) => ({
      leaseId: lease.id,
      budgetId: lease.budget.id,
      windowStart: lease.windowStart,
      number: numbers[index]!,
      cost,
    }));
  }

  /** The settled calls of a worker that is gone, from its usage journal: their spend added once, its leases given back (lease-replay.ts). */
  async replaySettled(shares: readonly SettledShare[]): Promise<void> {
    let alerted = false;
    const { skipped } = await replaySettled(this.database, this.ledger, shares, async (connection, crossed) => {
      alerted = (await this.alerts.crossed(connection, crossed)) || alerted;
    });
    if (alerted) this.alerts.committed();
    if (skipped > 0)
      this.logger.warn('budget spend in a usage journal too old to tell whether it was written: not added', { shares: skipped });
  }

  private async applicableById(id: string): Promise<BudgetRecord | undefined> {
    return (
      (await this.budgets.get('all', () => this.store.list())).find((budget) => budget.id === id) ??
      (await this.store.find(id)) ??
      undefined
    );
  }

  /** The outbox delivery's target for a budget alert queue (`budget:<id>`); null for any other queue. */
  async alertTarget(queue: string): Promise<DeliveryTarget | null> {
    if (!queue.startsWith(ALERT_QUEUE_PREFIX)) return null;
    const target = await this.store.alertTarget(queue.slice(ALERT_QUEUE_PREFIX.length));
    // Its URL cleared: no secret, so the delivery records a failed attempt and retries on the schedule.
    return target ? { endpoint: target.url, secrets: [target.secret] } : { endpoint: 'about:blank', secrets: [] };
  }
}

/**
 * 429 svc_budget_exceeded naming the budget, its spend, what remains of it for this call and what
 * the call needed at least (docs/api-notes.md "Budgets"), and when its period resets. Never worth
 * retrying before then: `x-should-retry: false` tells the OpenAI SDKs so (they would otherwise
 * retry a 429 whose Retry-After is past their cap, with their own backoff).
 */
export function budgetExceeded(refusal: BudgetRefusal, now: Date): ApiError {
  const { budget } = refusal;
  const reset = resetsAt(budget.period, now);
  // What this call could still have drawn here: the window's headroom and this worker's unused lease.
  const remaining = fromUnits(refusal.room);
  const headers: Record<string, string> = { 'x-should-retry': 'false' };
  if (reset) headers['Retry-After'] = String(Math.max(1, Math.ceil((reset.getTime() - now.getTime()) / 1000)));
  // An allowance or credits budget is named as what the site bought (docs/commerce.md "AI allowances and credits").
  const named =
    budget.role === 'allowance'
      ? `AI allowance of ${budget.amount} USD for this ${budget.scopeKind} has`
      : budget.role === 'credits'
        ? `AI credits of this ${budget.scopeKind} have`
        : `${budget.period === 'total' ? 'total' : `${budget.period}ly`.replace('dayly', 'daily')} budget of ${budget.amount} USD for this ${budget.scopeKind} has`;
  return new ApiError(
    429,
    'svc_budget_exceeded',
    `The ${named} ${remaining} USD left` + (refusal.needed === null ? '.' : `; this call needs at least ${fromUnits(refusal.needed)} USD.`),
    {
      budget: {
        id: budget.id,
        role: budget.role,
        scope: scopeToJson(budget),
        period: budget.period,
        amount: { amount: budget.amount, currency: 'USD' },
        spent: { amount: refusal.spent, currency: 'USD' },
        reserved: { amount: refusal.reserved, currency: 'USD' },
        remaining: { amount: remaining, currency: 'USD' },
      },
      needed: refusal.needed === null ? null : { amount: fromUnits(refusal.needed), currency: 'USD' },
      resets_at: reset ? reset.toISOString() : null,
    },
    headers,
  );
}
