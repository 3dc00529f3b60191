import { resetsAt, sqlDateTime, windowStart } from './periods';

describe('budget period windows (UTC)', () => {
  const late = new Date('2026-11-30T23:59:59.999Z');

  it('starts a day at 00:00 UTC and resets at the next midnight UTC', () => {
    expect(windowStart('day', late).toISOString()).toBe('2026-11-30T00:00:00.000Z');
    expect(resetsAt('day', late)!.toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(windowStart('day', new Date('2026-12-01T00:00:00.000Z')).toISOString()).toBe('2026-12-01T00:00:00.000Z');
  });

  it('starts a month on the 1st UTC and resets on the next 1st, across a year end', () => {
    expect(windowStart('month', late).toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(resetsAt('month', late)!.toISOString()).toBe('2026-12-01T00:00:00.000Z');
    const december = new Date('2026-12-31T12:00:00Z');
    expect(resetsAt('month', december)!.toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(resetsAt('day', december)!.toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });

  it('has one window for total, which never resets', () => {
    expect(windowStart('total', late).toISOString()).toBe('1970-01-01T00:00:00.000Z');
    expect(windowStart('total', new Date('2030-05-05T05:05:05Z'))).toEqual(windowStart('total', late));
    expect(resetsAt('total', late)).toBeNull();
  });

  it('writes MySQL DATETIME text in UTC', () => {
    expect(sqlDateTime(new Date('2026-02-28T23:00:00.500Z'))).toBe('2026-02-28 23:00:00');
  });
});
