import type { BudgetRecord } from './budget-rows';

/** USD as whole units of 10⁻⁸ (DECIMAL(18,8)), so lease arithmetic is exact. */
export type Units = bigint;

export function toUnits(amount: string): Units {
  const [whole = '0', fraction = ''] = amount.split('.');
  return BigInt(whole) * 100_000_000n + BigInt(fraction.padEnd(8, '0').slice(0, 8));
}

export function fromUnits(units: Units): string {
  const sign = units < 0n ? '-' : '';
  const absolute = units < 0n ? -units : units;
  return `${sign}${absolute / 100_000_000n}.${String(absolute % 100_000_000n).padStart(8, '0')}`;
}

const minimum = (a: Units, b: Units) => (a < b ? a : b);

/**
 * What a lease still owes the database: settled spend to add, the part of the lease row it converts,
 * and how many of the lease's settled calls it covers (`through`, their settle numbers 1…through) —
 * the flush leaves that number in MySQL as the lease's receipt, so a dead worker's journal replay
 * adds only the calls after it (router/budgets/lease-ledger.ts).
 */
export interface PendingSettlement {
  spend: Units;
  release: Units;
  through: number;
}

/**
 * One worker's lease on one budget window (router/budgets/lease-book.ts): `held` of the
 * window's `reserved` is this worker's (a `budget_reservations` row, id `lse_…`), and calls
 * admitted here draw their estimates from it in memory. Invariant: `drawn <= held` — every call
 * in flight is covered by reserved budget, as a per-call reservation was. A settled call's real
 * cost leaves the lease (spend `pending` until the next flush writes it); its unused estimate
 * stays in the lease for the next call.
 */
export class Lease {
  /** This worker's share of the window's `reserved`, as it will be once pending settlements are written. */
  held: Units = 0n;
  /** Estimates of the calls in flight drawn from this lease. */
  drawn: Units = 0n;
  private pending: PendingSettlement = { spend: 0n, release: 0n, through: 0 };
  /** Calls settled on this lease so far: each settle's number. */
  settledCalls = 0;
  /** The `through` of the last receipt written (0: none yet). */
  receiptThrough = 0;
  /**
   * Open: calls may draw. Retired: no new draws, given back once its calls settled. Gone: its row was
   * released (the sweep, the budget removed).
   */
  state: 'open' | 'retired' | 'gone' = 'open';
  /** When the row's `expires_at` was last pushed forward, and when a call last drew (ms). */
  renewedAt: number;
  lastDrawAt: number;
  /** When the last grant landed (ms); 0 before the first. */
  grantedAt = 0;
  /** How many calls' estimates a top-up aims to cover (router/budgets/lease-book.ts doubles it for busy workers). */
  calls = 16n;
  /** No background top-up before this time (ms): the last one found no room. */
  dryUntil = 0;
  /** Its row exists (the first grant created it). */
  stored = false;
  /** A top-up in progress (at most one at a time; calls that need it wait on it). */
  topUp: Promise<void> | null = null;

  constructor(
    readonly id: string,
    readonly budget: BudgetRecord,
    /** The window's start as MySQL DATETIME text (UTC). */
    readonly windowStart: string,
    now: number,
  ) {
    this.renewedAt = now;
    this.lastDrawAt = now;
  }

  get free(): Units {
    return this.held - this.drawn;
  }

  /** The budget as this lease was taken under still holds (amount, kind and period unchanged). */
  matches(budget: BudgetRecord): boolean {
    return budget.amount === this.budget.amount && budget.hard === this.budget.hard && budget.period === this.budget.period;
  }

  canDraw(amount: Units): boolean {
    return this.state === 'open' && this.free >= amount;
  }

  draw(amount: Units, now: number): void {
    if (!this.canDraw(amount)) throw new Error(`lease ${this.id} cannot cover ${fromUnits(amount)}`);
    this.drawn += amount;
    this.lastDrawAt = now;
  }

  granted(amount: Units): void {
    this.held += amount;
  }

  /**
   * A call drawn from this lease ended at `cost`: its estimate goes back, and its cost leaves
   * the lease for `spent` — as much of it as the lease has beyond the other calls in flight
   * (a cost above the estimate takes the rest from the lease's free part, never from another
   * call's cover). Returns the call's settle number on this lease.
   */
  settle(drawn: Units, cost: Units): number {
    this.drawn -= drawn;
    const release = this.state === 'gone' ? 0n : minimum(cost, this.held - this.drawn);
    this.held -= release;
    this.settledCalls += 1;
    this.pending = { spend: this.pending.spend + cost, release: this.pending.release + release, through: this.settledCalls };
    return this.settledCalls;
  }

  hasPending(): boolean {
    return this.pending.spend > 0n || this.pending.release > 0n;
  }

  /** Hands the pending settlement to a flush; `restore` puts it back if the flush failed. */
  takePending(): PendingSettlement {
    const taken = this.pending;
    this.pending = { spend: 0n, release: 0n, through: 0 };
    return taken;
  }

  restore(taken: PendingSettlement): void {
    this.pending = {
      spend: this.pending.spend + taken.spend,
      release: this.pending.release + taken.release,
      through: Math.max(this.pending.through, taken.through),
    };
  }

  /** Its row is gone (released by the sweep or with its budget): nothing more to release, spend still counts. */
  lost(): void {
    this.state = 'gone';
    this.held = 0n;
  }

  /** Retired with no call in flight and nothing left to write: its row can be given back. */
  get returnable(): boolean {
    return this.state === 'retired' && this.drawn === 0n && !this.hasPending();
  }
}
