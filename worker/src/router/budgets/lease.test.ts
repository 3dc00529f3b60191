import type { BudgetRecord } from './budget-rows';
import { fromUnits, Lease, toUnits } from './lease';
import { grantSize, LEASE_CALLS } from './lease-book';

const budget: BudgetRecord = {
  id: 'bgt_01TEST00000000000000000000',
  scopeKind: 'key',
  scopeValue: 'key_x',
  scopeSite: null,
  period: 'day',
  amount: '1.00000000',
  hard: true,
  role: 'limit',
  source: null,
  alertUrl: null,
  createdAt: new Date(0),
  updatedAt: new Date(0),
};
const E = toUnits('0.007');

describe('USD units', () => {
  it('converts DECIMAL(18,8) text both ways exactly', () => {
    expect(toUnits('0.00700000')).toBe(700_000n);
    expect(toUnits('12.5')).toBe(1_250_000_000n);
    expect(toUnits('9999999999.99999999')).toBe(999_999_999_999_999_999n);
    expect(fromUnits(700_000n)).toBe('0.00700000');
    expect(fromUnits(-1n)).toBe('-0.00000001');
    expect(fromUnits(toUnits('123.45678901'))).toBe('123.45678901');
  });
});

describe('Lease', () => {
  it('admits draws only while its free part covers them, and never when retired', () => {
    const lease = new Lease('lse_1', budget, '2026-11-24 00:00:00', 0);
    lease.granted(2n * E);
    lease.draw(E, 1);
    lease.draw(E, 2);
    expect(lease.canDraw(1n)).toBe(false);
    expect(() => lease.draw(1n, 3)).toThrow(/cannot cover/);
    lease.settle(E, 0n);
    expect(lease.canDraw(E)).toBe(true);
    lease.state = 'retired';
    expect(lease.canDraw(E)).toBe(false);
  });

  it("turns a settled call's real cost into pending spend and gives its unused estimate back", () => {
    const lease = new Lease('lse_1', budget, '2026-11-24 00:00:00', 0);
    lease.granted(3n * E);
    lease.draw(E, 1);
    lease.settle(E, E / 2n);
    expect(lease.held).toBe(3n * E - E / 2n);
    expect(lease.free).toBe(3n * E - E / 2n);
    expect(lease.takePending()).toEqual({ spend: E / 2n, release: E / 2n, through: 1 });
    expect(lease.hasPending()).toBe(false);
  });

  it('takes a cost above the estimate from its free part, never from another call in flight', () => {
    const lease = new Lease('lse_1', budget, '2026-11-24 00:00:00', 0);
    lease.granted(2n * E);
    lease.draw(E, 1);
    lease.draw(E, 2);
    expect(lease.settle(E, 5n * E)).toBe(1); // the other call still needs its E
    expect(lease.held).toBe(E);
    expect(lease.drawn).toBe(E);
    expect(lease.takePending()).toEqual({ spend: 5n * E, release: E, through: 1 });
    expect(lease.settle(E, E)).toBe(2); // each settled call numbered: the receipt a flush leaves counts them
  });

  it('releases nothing more once its row is gone, but still counts the spend', () => {
    const lease = new Lease('lse_1', budget, '2026-11-24 00:00:00', 0);
    lease.granted(2n * E);
    lease.draw(E, 1);
    lease.lost();
    lease.settle(E, E);
    expect(lease.takePending()).toEqual({ spend: E, release: 0n, through: 1 });
    expect(lease.canDraw(0n)).toBe(false);
  });

  it('puts back a pending settlement whose write failed', () => {
    const lease = new Lease('lse_1', budget, '2026-11-24 00:00:00', 0);
    lease.granted(E);
    lease.draw(E, 1);
    lease.settle(E, E);
    const taken = lease.takePending();
    lease.restore(taken);
    expect(lease.takePending()).toEqual({ spend: E, release: E, through: 1 });
  });

  it('knows whether the budget it was taken under has changed', () => {
    const lease = new Lease('lse_1', budget, '2026-11-24 00:00:00', 0);
    expect(lease.matches({ ...budget, updatedAt: new Date(5) })).toBe(true);
    expect(lease.matches({ ...budget, amount: '0.50000000' })).toBe(false);
    expect(lease.matches({ ...budget, hard: false })).toBe(false);
  });
});

describe('grantSize', () => {
  it('tops a lease up to LEASE_CALLS estimates when the room is large', () => {
    expect(grantSize(E, 0n)(toUnits('100'))).toBe(E * LEASE_CALLS);
    expect(grantSize(E, 4n * E)(toUnits('100'))).toBe(E * (LEASE_CALLS - 4n));
  });

  it('grants at most half the room, in whole estimates, and one estimate when only that is left', () => {
    expect(grantSize(E, 0n)(10n * E)).toBe(5n * E);
    expect(grantSize(E, 0n)(5n * E)).toBe(2n * E);
    expect(grantSize(E, 0n)(3n * E)).toBe(E);
    expect(grantSize(E, 0n)(E)).toBe(E);
    expect(grantSize(E, 0n)(E - 1n)).toBe(0n);
    expect(grantSize(E, 0n)(-E)).toBe(0n);
  });

  it('gives a lease short of one estimate at least the estimate, and a soft budget (no room limit) its full top-up', () => {
    expect(grantSize(E, LEASE_CALLS * E)(toUnits('100'))).toBe(E);
    expect(grantSize(E, 0n)(null)).toBe(E * LEASE_CALLS);
  });

  it('grants a lease with part of an estimate free only what the call lacks when the room holds no more', () => {
    expect(grantSize(E, E / 2n)(E / 2n)).toBe(E - E / 2n);
    expect(grantSize(E, E / 2n)(E / 2n - 1n)).toBe(0n);
  });
});
