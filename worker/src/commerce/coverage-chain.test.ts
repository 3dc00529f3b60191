import { chainPaidPeriods, coversNow, type PaidPeriod } from './coverage-chain';

const DAY_MS = 86_400_000;
const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * DAY_MS);
/** An order paid on day `paid` that covered `days` days (null: for ever) from `from`. */
const order = (orderId: string, paid: number, days: number | null, from = paid): PaidPeriod => ({
  orderId,
  firstPaidAt: day(paid),
  coversFrom: day(from),
  coversUntil: days === null ? null : day(from + days),
});

describe('chainPaidPeriods', () => {
  it('chains renewals paid early back to back, and drops a refunded one’s period from the chain', () => {
    const renewals = [order('ord_a', 0, 30), order('ord_b', 1, 30, 30), order('ord_c', 2, 30, 60), order('ord_d', 3, 30, 90)];
    expect(chainPaidPeriods(renewals)!.until).toEqual(day(120));
    const withoutSecond = chainPaidPeriods(renewals.filter((period) => period.orderId !== 'ord_b'))!;
    expect(withoutSecond.until).toEqual(day(90));
    expect(withoutSecond.periods.map((period) => [period.orderId, period.coversFrom, period.coversUntil])).toEqual([
      ['ord_a', day(0), day(30)],
      ['ord_c', day(30), day(60)],
      ['ord_d', day(60), day(90)],
    ]);
  });

  it('starts an order paid after a gap at its payment, in payment order whatever the input order', () => {
    const chain = chainPaidPeriods([order('ord_late', 100, 10), order('ord_first', 0, 30)])!;
    expect(chain.periods.map((period) => [period.orderId, period.coversFrom])).toEqual([
      ['ord_first', day(0)],
      ['ord_late', day(100)],
    ]);
    expect(chain.until).toEqual(day(110));
  });

  it('covers for ever once a lifetime order is paid; nothing paid is no coverage', () => {
    const chain = chainPaidPeriods([order('ord_a', 0, 30), order('ord_life', 5, null)]);
    expect(chain!.until).toBeNull();
    expect(coversNow(chain, day(1000))).toBe(true);
    expect(chainPaidPeriods([])).toBeNull();
    expect(coversNow(null, day(0))).toBe(false);
    expect(coversNow(chainPaidPeriods([order('ord_old', 0, 30)]), day(31))).toBe(false);
  });
});
