import { FAILURE_OUTCOMES } from './audit-log';
import { FailureLimit } from './failure-limit';

/** An audit log holding counted attempts per address (times in ms). */
function auditWith(failures: Record<string, number[]>) {
  let queries = 0;
  return {
    get queries() {
      return queries;
    },
    async nthRecent(ip: string, since: Date, count: number, outcomes: readonly string[]) {
      queries += 1;
      expect(outcomes).toEqual(FAILURE_OUTCOMES);
      const recent = (failures[ip] ?? []).filter((time) => time > since.getTime()).sort((a, b) => b - a);
      const nth = recent[count - 1];
      return nth === undefined ? null : new Date(nth);
    },
  };
}

describe('FailureLimit', () => {
  let clock = 1_000_000;
  const now = () => clock;

  it('lets an address through while it has fewer failures than the limit in the last minute', async () => {
    const audit = auditWith({
      '203.0.113.7': [clock - 1000, clock - 2000],
      '198.51.100.1': [clock - 61_000, clock - 62_000, clock - 63_000],
    });
    const limit = new FailureLimit(audit, 3, FAILURE_OUTCOMES, now);
    expect(await limit.retryAfterSeconds('203.0.113.7')).toBe(0);
    expect(await limit.retryAfterSeconds('198.51.100.1')).toBe(0); // older than a minute
  });

  it('blocks an address at the limit until its oldest counted failure leaves the minute, without asking again', async () => {
    clock = 1_000_000;
    const audit = auditWith({ '203.0.113.7': [clock - 50_000, clock - 20_000, clock - 1000, clock - 500] });
    const limit = new FailureLimit(audit, 3, FAILURE_OUTCOMES, now);
    expect(await limit.retryAfterSeconds('203.0.113.7')).toBe(40); // the 3rd most recent, 20 s ago, leaves in 40 s
    expect(await limit.retryAfterSeconds('192.0.2.1')).toBe(0);
    const asked = audit.queries;
    clock += 39_500;
    expect(await limit.retryAfterSeconds('203.0.113.7')).toBe(1);
    expect(audit.queries).toBe(asked);
    clock += 600;
    expect(await limit.retryAfterSeconds('203.0.113.7')).toBe(0);
  });
});
