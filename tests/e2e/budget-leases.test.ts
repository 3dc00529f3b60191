import { createKey } from '../support/hub-cli';
import { BUDGET_MODEL, CALL_BOUND, CALL_COST, priceBudgetModel, query } from '../support/budgets';
import { hubServices } from '../support/hub-services';
import type { Services } from '../../worker/src/services';
import { findModel } from '../../worker/src/router/catalog/models';
import type { Reservation } from '../../worker/src/router/budgets/budget-guard';
import { chatBound } from '../../worker/src/router/budgets/estimate';
import { ApiError } from '../../worker/src/support/api-error';

/**
 * Budget leases on the real database, driven directly: two sets of the worker's services are
 * two workers' BudgetGuards on one MariaDB (the e2e stack's), as budgets-concurrency does over HTTP.
 */
const bound = chatBound({ messages: [{ role: 'user', content: 'aaa bbb ccc' }], maxTokens: 4 }, [findModel(BUDGET_MODEL)!]); // 0.039 USD (tests/support/budgets.ts)

async function windowOf(budgetId: string) {
  const [window] = await query('SELECT spent, reserved FROM {prefix}budget_windows WHERE budget_id = ?', [budgetId]);
  const rows = await query(
    // Leases' rows, not their receipts (`<lease>#<n>`, router/budgets/lease-ledger.ts).
    "SELECT call_id, amount, expires_at FROM {prefix}budget_reservations WHERE budget_id = ? AND call_id NOT LIKE '%#%'",
    [budgetId],
  );
  return { spent: Number(window?.spent ?? 0), reserved: Number(window?.reserved ?? 0), rows };
}

describe('budget leases of two workers on one database', () => {
  let workers: Services[];
  beforeAll(async () => {
    await priceBudgetModel();
    workers = [hubServices(), hubServices()];
  });
  afterAll(async () => {
    for (const services of workers ?? []) await services.database.close();
  });

  it('admit exactly what a hard budget holds from 60 calls at once, never reserve past it, and leave nothing once settled and stopped', async () => {
    const key = createKey(['llm.chat']);
    const scope = { keyId: key.id, team: 'leases', siteUrl: key.siteUrl, customerId: null };
    const { record } = await workers[0]!.router.budgets.store.create({
      scopeKind: 'key',
      scopeValue: key.id,
      scopeSite: null,
      period: 'day',
      amount: (10 * CALL_BOUND).toFixed(8),
      hard: true,
      alertUrl: null,
    });
    for (const services of workers) services.router.budgets.changed();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 60 }, (_, index) => workers[index % 2]!.router.budgets.reserve(`usg_lease${index}`, scope, bound)),
    );
    const admitted = outcomes.flatMap((outcome, index) =>
      outcome.status === 'fulfilled'
        ? [{ guard: workers[index % 2]!.router.budgets, reservation: outcome.value.reservation as Reservation }]
        : [],
    );
    const refused = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
    expect(admitted).toHaveLength(10);
    expect(refused.every((reason) => reason instanceof ApiError && reason.code === 'svc_budget_exceeded')).toBe(true);
    // All ten in flight: their estimates are reserved, in one lease row per worker at most, and not a cent more than the budget.
    const during = await windowOf(record.id);
    expect(during.reserved).toBeCloseTo(10 * CALL_BOUND, 8);
    expect(during.rows.length).toBeLessThanOrEqual(2);
    for (const row of during.rows) expect(new Date(row.expires_at).getTime()).toBeGreaterThan(Date.now());

    for (const { guard, reservation } of admitted) await guard.settle(reservation, CALL_COST.toFixed(8));
    for (const services of workers) await services.router.budgets.leases.returnAll();
    expect(await windowOf(record.id)).toEqual({ spent: 10 * CALL_COST, reserved: 0, rows: [] });
  });

  it('count the spend of a call whose lease the sweep released (its worker looked dead), release nothing twice, and take a new lease after', async () => {
    const key = createKey(['llm.chat']);
    const scope = { keyId: key.id, team: 'leases', siteUrl: key.siteUrl, customerId: null };
    const { record } = await workers[0]!.router.budgets.store.create({
      scopeKind: 'key',
      scopeValue: key.id,
      scopeSite: null,
      period: 'month',
      amount: '5',
      hard: true,
      alertUrl: null,
    });
    const guard = workers[0]!.router.budgets;
    guard.changed(); // the budget list is read again (another worker would see it within BUDGET_LIST_TTL_MS)
    const reservation = (await guard.reserve('usg_leaseswept', scope, bound)).reservation!;
    const held = await windowOf(record.id);
    expect(held.rows).toHaveLength(1);
    expect(held.reserved).toBeGreaterThanOrEqual(CALL_BOUND);

    // The other worker holds a lease on the same window, which must stay reserved throughout.
    const other = workers[1]!.router.budgets;
    other.changed();
    const otherReservation = (await other.reserve('usg_leaseother', scope, bound)).reservation!;
    const otherLease = (await windowOf(record.id)).reserved - held.reserved;
    expect(otherLease).toBeGreaterThanOrEqual(CALL_BOUND);

    await query('UPDATE {prefix}budget_reservations SET expires_at = UTC_TIMESTAMP(3) - INTERVAL 1 SECOND WHERE call_id = ?', [
      held.rows[0]!.call_id,
    ]);
    expect(await other.ledger.releaseExpired()).toBe(1);
    await guard.settle(reservation, CALL_COST.toFixed(8));
    await guard.leases.flushed();
    const swept = await windowOf(record.id);
    expect(swept.spent).toBeCloseTo(CALL_COST, 8);
    expect(swept.reserved).toBeCloseTo(otherLease, 8);
    expect(swept.rows).toHaveLength(1);
    await other.settle(otherReservation, '0.00000000');
    await other.leases.returnAll();
    expect(await windowOf(record.id)).toEqual({ spent: CALL_COST, reserved: 0, rows: [] });

    const next = (await guard.reserve('usg_leaseafter', scope, bound)).reservation!;
    const after = await windowOf(record.id);
    expect(after.rows).toHaveLength(1);
    expect(after.rows[0]!.call_id).not.toBe(held.rows[0]!.call_id);
    await guard.settle(next, '0.00000000');
    await guard.leases.returnAll();
    expect(await windowOf(record.id)).toEqual({ spent: CALL_COST, reserved: 0, rows: [] });
  });
  it('show admins one moment of a window: its reserved amount and its open leases agree while leases come and go', async () => {
    const key = createKey(['llm.chat']);
    const scope = { keyId: key.id, team: 'leases', siteUrl: key.siteUrl, customerId: null };
    const { record } = await workers[0]!.router.budgets.store.create({
      scopeKind: 'key',
      scopeValue: key.id,
      scopeSite: null,
      period: 'day',
      amount: '5',
      hard: true,
      alertUrl: null,
    });
    const guard = workers[0]!.router.budgets;
    guard.changed();
    // One worker takes a lease and gives it back, 40 times; the other reads the window as the admin API and CLI do.
    let cycling = true;
    const seen: Array<{ reserved: string; reservations: number }> = [];
    const reader = (async () => {
      while (cycling) {
        const window = (await workers[1]!.router.budgets.ledger.current([record], new Date())).get(record.id)!;
        seen.push({ reserved: window.reserved, reservations: window.reservations });
      }
    })();
    for (let round = 0; round < 40; round += 1) {
      const reservation = (await guard.reserve(`usg_moment${round}`, scope, bound)).reservation!;
      await guard.settle(reservation, '0.00000000');
      await guard.leases.returnAll();
    }
    cycling = false;
    await reader;
    expect(seen.length).toBeGreaterThan(40);
    const torn = seen.filter((window) => (window.reservations === 0) !== (Number(window.reserved) === 0));
    expect(torn).toEqual([]);
  });

  it('draw a site’s credits once its allowance has no room, tell settle listeners which budget paid, and refuse when both are spent', async () => {
    const key = createKey(['llm.chat']);
    const scope = { keyId: key.id, team: 'leases', siteUrl: key.siteUrl };
    const store = workers[0]!.router.budgets.store;
    const site = { scopeKind: 'site' as const, scopeValue: key.siteUrl, scopeSite: null, hard: true, alertUrl: null };
    const allowance = (
      await store.create({ ...site, period: 'month', amount: CALL_BOUND.toFixed(8) }, { role: 'allowance', source: 'ent_1' })
    ).record;
    const credits = (
      await store.create({ ...site, period: 'total', amount: CALL_BOUND.toFixed(8) }, { role: 'credits', source: 'credits:42' })
    ).record;
    const guard = workers[0]!.router.budgets;
    guard.changed();
    const settled: unknown[] = [];
    guard.onSettled((draw) => settled.push(draw));
    const first = (await guard.reserve('usg_allowance', scope, bound)).reservation!;
    const second = (await guard.reserve('usg_credits', scope, bound)).reservation!;
    await expect(guard.reserve('usg_nothing', scope, bound)).rejects.toMatchObject({ code: 'svc_budget_exceeded' });
    expect(first.draws.map((draw) => draw.lease.budget.id)).toEqual([allowance.id]);
    expect(second.draws.map((draw) => draw.lease.budget.id)).toEqual([credits.id]);
    await guard.settle(first, CALL_COST.toFixed(8));
    await guard.settle(second, CALL_COST.toFixed(8));
    expect(settled).toEqual([
      { callId: 'usg_allowance', budgetId: allowance.id, role: 'allowance', source: 'ent_1', cost: '0.00700000' },
      { callId: 'usg_credits', budgetId: credits.id, role: 'credits', source: 'credits:42', cost: '0.00700000' },
    ]);
    await guard.leases.returnAll();
    expect(await windowOf(credits.id)).toEqual({ spent: CALL_COST, reserved: 0, rows: [] });
  });
});
