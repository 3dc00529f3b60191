import { silentLogger } from '../../support/logger';
import { BudgetRefusal } from './budget-ledger';
import type { BudgetRecord } from './budget-rows';
import { fromUnits, toUnits, type Lease, type PendingSettlement, type Units } from './lease';
import { FLUSH_AFTER_MS, LEASE_IDLE_MS, LeaseBook, type Draw } from './lease-book';
import type { GrantSize, LeaseLedger } from './lease-ledger';

const E = toUnits('0.007');
const NOW = new Date('2026-11-24T12:00:00Z');
const budgetOf = (id: string, amount: Units, hard = true): BudgetRecord => ({
  id,
  scopeKind: 'key',
  scopeValue: 'key_x',
  scopeSite: null,
  period: 'day',
  amount: fromUnits(amount),
  hard,
  role: 'limit',
  source: null,
  alertUrl: null,
  createdAt: NOW,
  updatedAt: NOW,
});

/**
 * budget_windows and budget_reservations in memory, one statement set at a time (as the
 * window row lock serialises them), each after a turn of the event loop so calls interleave;
 * the same rules as lease-ledger.ts. Shared by two books, it is two workers on one database.
 */
class MemoryDatabase {
  amounts = new Map<string, Units>();
  windows = new Map<string, { spent: Units; reserved: Units }>();
  rows = new Map<string, Units>();
  grants = 0;
  flushes = 0;
  failFlushes = 0;
  /** The highest spent + reserved a hard window ever had. */
  peak = new Map<string, Units>();
  private chain: Promise<unknown> = Promise.resolve();

  private locked<T>(work: () => T): Promise<T> {
    const result = this.chain.then(
      () =>
        new Promise<T>((resolve, reject) =>
          setImmediate(() => {
            try {
              resolve(work());
            } catch (error) {
              reject(error);
            }
          }),
        ),
    );
    this.chain = result.catch(() => undefined);
    return result;
  }

  window(budgetId: string) {
    if (!this.windows.has(budgetId)) this.windows.set(budgetId, { spent: 0n, reserved: 0n });
    return this.windows.get(budgetId)!;
  }

  ledger(): LeaseLedger {
    return {
      grant: (lease: Lease, size: GrantSize) =>
        this.locked(() => {
          this.grants += 1;
          // A removed budget: no row for its window to join (lease-ledger.ts).
          if (!this.amounts.has(lease.budget.id)) return { granted: 0n, window: { spent: '0', reserved: '0', amount: '0' }, gone: true };
          const window = this.window(lease.budget.id);
          const seen = {
            spent: fromUnits(window.spent),
            reserved: fromUnits(window.reserved),
            amount: fromUnits(this.amounts.get(lease.budget.id)!),
          };
          if (lease.stored && !this.rows.has(lease.id)) return { granted: 0n, window: seen, gone: true };
          const granted = size(lease.budget.hard ? this.amounts.get(lease.budget.id)! - window.spent - window.reserved : null);
          if (granted <= 0n) return { granted: 0n, window: seen, gone: false };
          this.rows.set(lease.id, (this.rows.get(lease.id) ?? 0n) + granted);
          window.reserved += granted;
          const total = window.spent + window.reserved;
          if (total > (this.peak.get(lease.budget.id) ?? 0n)) this.peak.set(lease.budget.id, total);
          return { granted, window: seen, gone: false };
        }),
      flush: (lease: Lease, pending: PendingSettlement) =>
        this.locked(() => {
          this.flushes += 1;
          if (this.failFlushes > 0) {
            this.failFlushes -= 1;
            throw new Error('connection lost');
          }
          const window = this.window(lease.budget.id);
          const present = this.rows.has(lease.id);
          if (present) this.rows.set(lease.id, this.rows.get(lease.id)! - pending.release);
          window.reserved -= present ? pending.release : 0n;
          window.spent += pending.spend;
          return present;
        }),
      renew: (lease: Lease) => this.locked(() => this.rows.has(lease.id)),
      giveBack: (lease: Lease) => this.locked(() => this.sweep(lease.id, lease.budget.id)),
    } as unknown as LeaseLedger;
  }

  /** What the sweep does to an expired row (and giving back to one's own). */
  sweep(leaseId: string, budgetId: string): void {
    if (!this.rows.has(leaseId)) return;
    this.window(budgetId).reserved -= this.rows.get(leaseId)!;
    this.rows.delete(leaseId);
  }
}

function book(database: MemoryDatabase, clock = () => NOW.getTime()): LeaseBook {
  return new LeaseBook(database.ledger(), { crossed: async () => false, committed: () => undefined }, silentLogger, 60_000, clock);
}

async function fifty(books: LeaseBook[], budgets: BudgetRecord[]) {
  const outcomes = await Promise.allSettled(Array.from({ length: 50 }, (_, index) => books[index % books.length]!.draw(budgets, E, NOW)));
  const admitted = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  const refused = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
  return { admitted, refused };
}

describe('LeaseBook', () => {
  it('admits exactly the ten calls a hard budget of ten estimates holds when fifty arrive at once, and refuses the rest naming the budget', async () => {
    const database = new MemoryDatabase();
    const budget = budgetOf('bgt_A', 10n * E);
    database.amounts.set('bgt_A', budget.amount ? toUnits(budget.amount) : 0n);
    const { admitted, refused } = await fifty([book(database)], [budget]);
    expect(admitted).toHaveLength(10);
    expect(refused).toHaveLength(40);
    expect(refused.every((reason) => reason instanceof BudgetRefusal && reason.budget.id === 'bgt_A')).toBe(true);
    expect(database.peak.get('bgt_A')).toBeLessThanOrEqual(10n * E);
  });

  it('holds the budget across two workers on one database, settles every call and leaves nothing reserved after stop', async () => {
    const database = new MemoryDatabase();
    const budget = budgetOf('bgt_A', 10n * E);
    database.amounts.set('bgt_A', 10n * E);
    const workers = [book(database), book(database)];
    const { admitted } = await fifty(workers, [budget]);
    expect(admitted).toHaveLength(10);
    expect(database.peak.get('bgt_A')).toBeLessThanOrEqual(10n * E);
    for (const [index, draws] of admitted.entries()) workers[index % 2]!.settle(draws, E);
    for (const worker of workers) await worker.returnAll();
    expect(database.window('bgt_A')).toEqual({ spent: 10n * E, reserved: 0n });
    expect(database.rows.size).toBe(0);
  });

  it('asks the database once for calls that find the lease short together: the others wait for that top-up', async () => {
    const database = new MemoryDatabase();
    database.amounts.set('bgt_A', toUnits('100'));
    const worker = book(database);
    const admitted = await Promise.all([1, 2, 3, 4].map(() => worker.draw([budgetOf('bgt_A', toUnits('100'))], E, NOW)));
    expect(admitted).toHaveLength(4);
    expect(database.grants).toBe(1);
    expect(database.window('bgt_A').reserved).toBe(16n * E);
  });

  it('draws a call without a budget removed since the list was read (an allowance renewed), instead of asking for it forever', async () => {
    const database = new MemoryDatabase();
    database.amounts.set('bgt_A', 10n * E);
    const worker = book(database);
    const draws = await worker.draw([budgetOf('bgt_A', 10n * E), budgetOf('bgt_GONE', 10n * E)], E, NOW);
    expect(draws.map((draw) => draw.lease.budget.id)).toEqual(['bgt_A']);
    expect(database.grants).toBe(2);
  });

  it('admits a call on two budgets on both or neither', async () => {
    const database = new MemoryDatabase();
    database.amounts.set('bgt_A', 10n * E);
    database.amounts.set('bgt_B', E);
    const worker = book(database);
    const budgets = [budgetOf('bgt_A', 10n * E), budgetOf('bgt_B', E)];
    const outcomes = await Promise.allSettled([1, 2, 3].map(() => worker.draw(budgets, E, NOW)));
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'rejected']);
    expect((outcomes[1] as PromiseRejectedResult).reason.budget.id).toBe('bgt_B');
    const draws = (outcomes[0] as PromiseFulfilledResult<Draw[]>).value;
    expect(draws.map((draw) => [draw.lease.budget.id, draw.lease.drawn])).toEqual([
      ['bgt_A', E],
      ['bgt_B', E],
    ]);
  });

  it('still adds the spend of calls on a lease the sweep released, releases nothing twice, and takes a new lease for the next call', async () => {
    const database = new MemoryDatabase();
    database.amounts.set('bgt_A', toUnits('100'));
    const budget = budgetOf('bgt_A', toUnits('100'));
    const worker = book(database);
    const [draw] = await worker.draw([budget], E, NOW);
    database.sweep(draw!.lease.id, 'bgt_A'); // its worker looked dead
    worker.settle([draw!], E);
    await worker.flushed();
    expect(database.window('bgt_A')).toEqual({ spent: E, reserved: 0n });
    const [next] = await worker.draw([budget], E, NOW);
    expect(next!.lease.id).not.toBe(draw!.lease.id);
    expect(database.window('bgt_A').reserved).toBe(16n * E);
  });

  it('gives back a lease idle for LEASE_IDLE_MS, and renews a busy one before it could expire', async () => {
    const database = new MemoryDatabase();
    database.amounts.set('bgt_A', toUnits('100'));
    database.amounts.set('bgt_B', toUnits('100'));
    let now = NOW.getTime();
    const worker = book(database, () => now);
    const [idle] = await worker.draw([budgetOf('bgt_A', toUnits('100'))], E, NOW);
    const [busy] = await worker.draw([budgetOf('bgt_B', toUnits('100'))], E, NOW);
    worker.settle([idle!], E);
    now += LEASE_IDLE_MS;
    await worker.upkeep();
    expect(database.rows.has(idle!.lease.id)).toBe(false);
    expect(database.window('bgt_A')).toEqual({ spent: E, reserved: 0n });
    expect(database.rows.get(busy!.lease.id)).toBe(16n * E);
    now += 20_000; // past a quarter of the TTL: renewed
    await worker.upkeep();
    expect(busy!.lease.renewedAt).toBe(now);
  });

  it('stops drawing on a lease taken under an amount an admin changed since', async () => {
    const database = new MemoryDatabase();
    database.amounts.set('bgt_A', toUnits('100'));
    const worker = book(database);
    const [first] = await worker.draw([budgetOf('bgt_A', toUnits('100'))], E, NOW);
    database.amounts.set('bgt_A', 2n * E);
    const lowered = budgetOf('bgt_A', 2n * E);
    await expect(worker.draw([lowered], E, NOW)).rejects.toBeInstanceOf(BudgetRefusal);
    worker.settle([first!], E);
    await worker.flushed();
    // The old lease is given back once its call settled; the lowered budget then has room for one more call.
    expect(database.rows.size).toBe(0);
    expect((await worker.draw([lowered], E, NOW))[0]!.lease.id).not.toBe(first!.lease.id);
  });

  it('writes calls settled one at a time, on separate turns of the event loop, together FLUSH_AFTER_MS after the first', async () => {
    // The flush timer on a fake clock (turns of the event loop stay real): no load on the machine can fire it early.
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
    try {
      const database = new MemoryDatabase();
      database.amounts.set('bgt_A', toUnits('100'));
      const worker = book(database);
      const budget = budgetOf('bgt_A', toUnits('100'));
      for (let call = 0; call < 8; call += 1) {
        worker.settle(await worker.draw([budget], E, NOW), E);
        await new Promise((resolve) => setImmediate(resolve)); // a turn: the next call comes later, as at concurrency 1
      }
      jest.advanceTimersByTime(FLUSH_AFTER_MS - 1);
      for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
      expect(database.flushes).toBe(0);
      jest.advanceTimersByTime(1);
      while (database.window('bgt_A').spent === 0n) await new Promise((resolve) => setImmediate(resolve));
      expect(database.flushes).toBe(1);
      expect(database.window('bgt_A').spent).toBe(8n * E);
    } finally {
      jest.useRealTimers();
    }
  });

  it('keeps a lease whose calls all settled while its top-up was on the way, so the calls after them use that grant', async () => {
    const database = new MemoryDatabase();
    database.amounts.set('bgt_A', 32n * E);
    const worker = book(database);
    const budget = budgetOf('bgt_A', 32n * E);
    const first = await Promise.all(Array.from({ length: 16 }, () => worker.draw([budget], E, NOW))); // the lease's 16; a top-up leaves in the background
    for (const draws of first) worker.settle(draws, E); // all settled before it lands: the lease is empty for a moment
    const next = await Promise.allSettled(Array.from({ length: 16 }, () => worker.draw([budget], E, NOW)));
    // The budget holds 32 calls: none refused while room sits in a lease given up before its grant landed.
    expect(next.map((outcome) => outcome.status)).toEqual(Array(16).fill('fulfilled'));
    expect(database.peak.get('bgt_A')).toBeLessThanOrEqual(32n * E);
  });

  it("draws from the next day's window once the day turns, and from a month window when the budget's period changes", async () => {
    const database = new MemoryDatabase();
    database.amounts.set('bgt_A', toUnits('100'));
    const worker = book(database);
    const daily = budgetOf('bgt_A', toUnits('100'));
    const [today] = await worker.draw([daily], E, NOW);
    const [sameDay] = await worker.draw([daily], E, new Date('2026-11-24T23:59:59.999Z'));
    const [tomorrow] = await worker.draw([daily], E, new Date('2026-11-25T00:00:00Z'));
    const [monthly] = await worker.draw([{ ...daily, period: 'month' }], E, new Date('2026-11-25T00:00:00Z'));
    expect([today, sameDay, tomorrow, monthly].map((draw) => draw!.lease.windowStart)).toEqual([
      '2026-11-24 00:00:00',
      '2026-11-24 00:00:00',
      '2026-11-25 00:00:00',
      '2026-11-01 00:00:00',
    ]);
  });

  it('grows the lease of a worker drawing fast, one call at a time, so it asks the database seldom', async () => {
    const database = new MemoryDatabase();
    database.amounts.set('bgt_A', 100_000n * E);
    let now = NOW.getTime();
    const worker = book(database, () => now);
    const budget = budgetOf('bgt_A', 100_000n * E);
    const run = async (calls: number, apartMs: number) => {
      for (let call = 0; call < calls; call += 1) {
        worker.settle(await worker.draw([budget], E, NOW), E);
        now += apartMs;
        await new Promise((resolve) => setImmediate(resolve)); // a background top-up lands between calls
      }
    };
    await run(400, 1); // 1,000 calls a second: 16 → 32 → … → 256 estimates a grant
    expect(database.grants).toBeLessThanOrEqual(8);
    const slow = new LeaseBook(
      database.ledger(),
      { crossed: async () => false, committed: () => undefined },
      silentLogger,
      60_000,
      () => now,
    );
    const grantsBefore = database.grants;
    for (let call = 0; call < 40; call += 1) {
      slow.settle(await slow.draw([budgetOf('bgt_A', 100_000n * E)], E, NOW), E);
      now += 200; // 5 calls a second: a grant of 16 lasts 1.6 s, nothing grows
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(database.grants - grantsBefore).toBeGreaterThanOrEqual(4);
  });

  it('keeps spend whose write failed and writes it with the next flush', async () => {
    const database = new MemoryDatabase();
    database.amounts.set('bgt_A', toUnits('100'));
    const worker = book(database);
    const [draw] = await worker.draw([budgetOf('bgt_A', toUnits('100'))], E, NOW);
    database.failFlushes = 1;
    worker.settle([draw!], E);
    await worker.flush();
    await new Promise((resolve) => setImmediate(resolve));
    expect(database.window('bgt_A').spent).toBe(0n);
    await worker.flushed();
    expect(database.window('bgt_A')).toEqual({ spent: E, reserved: 15n * E });
  });
});
