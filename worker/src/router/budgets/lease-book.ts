import type { PoolConnection } from 'mysql2/promise';
import { prefixedId } from '../../support/ids';
import type { Eventually } from '../../support/eventually';
import type { Logger } from '../../support/logger';
import { BudgetRefusal, type CrossedThreshold } from './budget-ledger';
import type { BudgetRecord } from './budget-rows';
import { Lease, toUnits, type Units } from './lease';
import type { GrantSize, LeaseLedger } from './lease-ledger';
import { resetsAt, sqlDateTime, windowStart, type BudgetPeriod } from './periods';

/** One call's cover on one budget: the lease it drew from and how much. */
export interface Draw {
  lease: Lease;
  amount: Units;
}

/** Alerts for thresholds a flush crossed: queued in its transaction, announced after it commits. */
export interface ThresholdAlerts {
  crossed(connection: PoolConnection, crossed: CrossedThreshold): Promise<boolean>;
  committed(): void;
}

/** A lease is topped up to cover this many calls of the estimate at hand (less near a hard limit: half the room left)… */
export const LEASE_CALLS = 16n;
/**
 * …doubled each time calls had to wait for a lease that ran dry, or it ran low within BUSY_TOP_UP_MS
 * of its last grant (busy workers), up to this many.
 */
export const LEASE_CALLS_MAX = 256n;
/**
 * A lease that needs a top-up this soon after its last grant is drawn from fast: the next grants are
 * larger (one top-up per 8 calls cost a grant transaction every few calls at concurrency 1;
 * docs/benchmarks.md).
 */
export const BUSY_TOP_UP_MS = 1000;
/** An open lease no call drew from for this long is given back. */
export const LEASE_IDLE_MS = 2000;
/** After a background top-up found no room, the next one waits this long (calls that do not fit still ask at once). */
const DRY_PAUSE_MS = 1000;
/**
 * Settled calls are written at most this long after they settle, together: one transaction per
 * lease for all of them. Written at the next turn of the event loop instead, a worker answering
 * one call at a time ran one five-statement transaction per call, and a hard budget cost several
 * times what it costs now in worker CPU a call at saturation (docs/benchmarks.md has the
 * figures). Until it is written, settled spend stays
 * covered by the lease's reserved room, so the hard-budget bound is the same.
 */
export const FLUSH_AFTER_MS = 100;

/**
 * How much to add to a lease: up to LEASE_CALLS estimates in all, in whole estimates, never more
 * than half a hard budget's room (so other workers get the rest) and at least what the call at
 * hand lacks (the estimate less the lease's free part; one estimate for a background top-up) when
 * the room holds that — near the limit a lease is one call's estimate: per call, as before leases.
 * So a call fits when the lease's free part and the window's headroom together cover it.
 */
export function grantSize(estimate: Units, free: Units, calls: bigint = LEASE_CALLS): GrantSize {
  return (headroom) => {
    const least = estimate > free ? estimate - free : estimate;
    const wanted = estimate * calls - free > least ? estimate * calls - free : least;
    if (headroom === null) return wanted;
    if (headroom < least) return 0n;
    const bounded = wanted < headroom / 2n ? wanted : headroom / 2n;
    const whole = (bounded / estimate) * estimate;
    return whole > least ? whole : least;
  };
}

/**
 * This worker's leases, one open per budget window (router/budgets/lease.ts): admits a call by
 * drawing its estimate from the lease of every budget that applies, in memory, all or none; asks
 * the database only when a lease runs short (the call waits; a hard budget without room refuses
 * it) or runs low (in the background). Settled calls are written in batches by `flush`.
 */
export class LeaseBook {
  private readonly open = new Map<string, Lease>();
  private readonly closing = new Set<Lease>();
  /** Each budget's current window (windowOf). */
  private readonly windows = new Map<string, { period: BudgetPeriod; start: string; from: number; until: number }>();
  private flushing: Promise<void> | null = null;
  private flushAgain = false;
  private flushTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly ledger: LeaseLedger,
    private readonly alerts: ThresholdAlerts,
    private readonly logger: Logger,
    private readonly ttlMs: number,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * Draws `estimate` from a lease of every budget (all or none): at once when every lease covers
   * it (nearly every call), else once top-ups made room; rejects with BudgetRefusal naming a hard
   * budget without room.
   */
  draw(budgets: BudgetRecord[], estimate: Units, now: Date): Eventually<Draw[]> {
    const sorted = budgets.length === 1 ? budgets : [...budgets].sort((a, b) => (a.id < b.id ? -1 : 1));
    const leases = sorted.map((budget) => this.leaseFor(budget, now));
    return leases.every((lease) => lease.canDraw(estimate)) ? this.drawFrom(leases, estimate) : this.drawAfterTopUps(sorted, estimate, now);
  }

  private drawFrom(leases: Lease[], estimate: Units): Draw[] {
    const time = this.clock();
    for (const lease of leases) lease.draw(estimate, time);
    for (const lease of leases) if (lease.free < (estimate * lease.calls) / 2n) this.topUpInBackground(lease, estimate);
    return leases.map((lease) => ({ lease, amount: estimate }));
  }

  /** A lease was short: waits for its top-up (one at a time per lease) and tries again. */
  private async drawAfterTopUps(budgets: BudgetRecord[], estimate: Units, now: Date): Promise<Draw[]> {
    let sorted = budgets;
    for (;;) {
      const leases = sorted.map((budget) => this.leaseFor(budget, now));
      const short = leases.find((lease) => !lease.canDraw(estimate));
      if (!short) return this.drawFrom(leases, estimate);
      // Ran dry after its first grant: this worker is busier than the lease's size — make the next top-ups larger.
      if (short.stored && short.calls < LEASE_CALLS_MAX) short.calls *= 2n;
      const waited = short.topUp;
      if (waited) {
        await waited.catch(() => undefined);
        continue;
      }
      const fresh = !short.stored;
      const outcome = await this.topUp(short, estimate);
      // A new lease found no budget row: the budget was removed since the list was read (an allowance renewed or ended) — not drawn.
      if (outcome.gone && fresh) sorted = sorted.filter((budget) => budget.id !== short.budget.id);
      if (outcome.granted === 0n && !outcome.gone) {
        const { amount, spent, reserved } = outcome.window;
        const headroom = toUnits(amount) - toUnits(spent) - toUnits(reserved);
        throw new BudgetRefusal(short.budget, spent, reserved, short.free + (headroom > 0n ? headroom : 0n));
      }
    }
  }

  /**
   * A call ended at `cost`: its draws go back to their leases, its cost is written by the next flush
   * (within FLUSH_AFTER_MS, in the background). Returns the call's settle number on each draw's lease.
   */
  settle(draws: Draw[], cost: Units): number[] {
    const numbers = draws.map(({ lease, amount }) => {
      const number = lease.settle(amount, cost);
      if (this.empty(lease)) this.retire(lease);
      return number;
    });
    this.scheduleFlush();
    return numbers;
  }

  /**
   * Open with nothing in it and no call on it: retired (a new lease is taken for the next call).
   * Not while a top-up is on its way — its grant is for the calls to come, and on a retired
   * lease it would sit reserved, unused, until given back.
   */
  private empty(lease: Lease): boolean {
    return lease.state === 'open' && lease.held === 0n && lease.drawn === 0n && lease.topUp === null;
  }

  private leaseFor(budget: BudgetRecord, now: Date): Lease {
    const start = this.windowOf(budget, now);
    const key = `${budget.id}|${start}`;
    const current = this.open.get(key);
    const time = this.clock();
    if (current?.state === 'open' && current.matches(budget) && time - current.renewedAt < this.ttlMs / 2) return current;
    if (current) this.retire(current);
    const lease = new Lease(prefixedId('lse'), budget, start, time);
    this.open.set(key, lease);
    return lease;
  }

  /** The budget's window holding `now` as DATETIME text, worked out again only when `now` leaves the last one. */
  private windowOf(budget: BudgetRecord, now: Date): string {
    const time = now.getTime();
    const known = this.windows.get(budget.id);
    if (known && known.period === budget.period && time >= known.from && time < known.until) return known.start;
    const from = windowStart(budget.period, now);
    const window = {
      period: budget.period,
      start: sqlDateTime(from),
      from: from.getTime(),
      until: resetsAt(budget.period, now)?.getTime() ?? Infinity,
    };
    this.windows.set(budget.id, window);
    return window.start;
  }

  private retire(lease: Lease): void {
    if (lease.state === 'open') lease.state = 'retired';
    const key = `${lease.budget.id}|${lease.windowStart}`;
    if (this.open.get(key) === lease) this.open.delete(key);
    this.closing.add(lease);
    this.scheduleFlush();
  }

  private topUp(lease: Lease, estimate: Units) {
    const now = new Date(this.clock());
    const running = this.ledger
      .grant(lease, grantSize(estimate, lease.free, lease.calls), now, new Date(now.getTime() + this.ttlMs))
      .then((outcome) => {
        if (outcome.gone) {
          lease.lost();
          this.retire(lease);
        } else if (outcome.granted > 0n) {
          lease.granted(outcome.granted);
          lease.stored = true;
          lease.renewedAt = now.getTime();
          lease.grantedAt = now.getTime();
          // Retired while this grant was on its way (idle, a changed budget, stop): the grant goes back at once, for other calls.
          if (lease.state === 'retired') {
            this.retire(lease);
            void this.flush();
          }
        }
        return outcome;
      })
      .finally(() => {
        lease.topUp = null;
      });
    lease.topUp = running.then(() => undefined);
    return running;
  }

  private topUpInBackground(lease: Lease, estimate: Units): void {
    if (lease.topUp || lease.state !== 'open' || this.clock() < lease.dryUntil) return;
    if (lease.stored && lease.calls < LEASE_CALLS_MAX && this.clock() - lease.grantedAt < BUSY_TOP_UP_MS) lease.calls *= 2n;
    this.topUp(lease, estimate).then(
      (outcome) => {
        if (outcome.granted === 0n) lease.dryUntil = this.clock() + DRY_PAUSE_MS;
      },
      (error: unknown) =>
        this.logger.warn('budget lease top-up failed', { lease: lease.id, error: error instanceof Error ? error.message : String(error) }),
    );
  }

  private scheduleFlush(): void {
    if (this.flushTimer) return;
    this.flushTimer = setTimeout(() => void this.flush(), FLUSH_AFTER_MS);
    this.flushTimer.unref(); // a stop writes what is left (returnAll)
  }

  /** Writes every lease's settled calls and gives back retired leases whose calls have all settled; one pass at a time. */
  flush(): Promise<void> {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    if (this.flushing) {
      this.flushAgain = true;
      return this.flushing;
    }
    this.flushing = this.flushAll().finally(() => {
      this.flushing = null;
      if (this.flushAgain) {
        this.flushAgain = false;
        this.scheduleFlush();
      }
    });
    return this.flushing;
  }

  /** Resolves once nothing settled on this worker is left unwritten (admin views, tests, stop). */
  async flushed(): Promise<void> {
    // A few passes at most: with the database away, what is pending stays for a later flush.
    for (let pass = 0; pass < 3 && this.unwritten(); pass += 1) await this.flush();
  }

  private unwritten(): boolean {
    return (
      this.flushing !== null || this.leases().some((lease) => lease.hasPending()) || [...this.closing].some((lease) => lease.drawn === 0n)
    );
  }

  private leases(): Lease[] {
    return [...this.open.values(), ...this.closing];
  }

  private async flushAll(): Promise<void> {
    let alerted = false;
    for (const lease of this.leases()) {
      if (lease.hasPending()) {
        const pending = lease.takePending();
        try {
          const present = await this.ledger.flush(lease, pending, async (connection, crossed) => {
            alerted = (await this.alerts.crossed(connection, crossed)) || alerted;
          });
          if (!present && lease.state !== 'gone') lease.lost();
        } catch (error) {
          lease.restore(pending);
          this.logger.error('budget spend could not be written; retried with the next settlement', {
            lease: lease.id,
            error: error instanceof Error ? error.message : String(error),
          });
          continue;
        }
      }
      if (this.empty(lease) && lease.stored) this.retire(lease);
      if (this.closing.has(lease) && lease.drawn === 0n && !lease.hasPending()) {
        this.closing.delete(lease);
        if (lease.state === 'retired' && lease.stored)
          await this.ledger.giveBack(lease).catch((error: unknown) =>
            this.logger.warn('budget lease could not be given back; the sweep releases it', {
              lease: lease.id,
              error: error instanceof Error ? error.message : String(error),
            }),
          );
      }
    }
    if (alerted) this.alerts.committed();
  }

  /** The upkeep pass (every second): idle leases given back, live ones renewed before they could expire, settlements written. */
  async upkeep(): Promise<void> {
    const time = this.clock();
    for (const lease of this.open.values()) if (lease.drawn === 0n && time - lease.lastDrawAt >= LEASE_IDLE_MS) this.retire(lease);
    for (const lease of this.leases()) {
      if (!lease.stored || lease.state === 'gone' || time - lease.renewedAt < this.ttlMs / 4) continue;
      if (await this.ledger.renew(lease, new Date(time + this.ttlMs))) lease.renewedAt = time;
      else {
        lease.lost();
        this.retire(lease);
      }
    }
    await this.flushed();
  }

  /** At stop: every lease retired and, once its calls settled, given back. */
  async returnAll(): Promise<void> {
    for (const lease of [...this.open.values()]) this.retire(lease);
    await this.flushed();
  }
}
