import { prefixedId, ulid } from './ids';

describe('ulid', () => {
  it('is 26 Crockford base32 characters, the first 10 the time', () => {
    const id = ulid(Date.UTC(2026, 10, 22));
    expect(id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(id.slice(0, 10)).toBe(ulid(Date.UTC(2026, 10, 22)).slice(0, 10));
    expect(ulid(Date.UTC(2026, 10, 23)) > id).toBe(true);
  });

  it('never repeats, also across refills of the random pool (256 ids per refill)', () => {
    const now = Date.now();
    const ids = new Set(Array.from({ length: 5000 }, () => ulid(now)));
    expect(ids.size).toBe(5000);
  });

  it('prefixes ids', () => {
    expect(prefixedId('usg')).toMatch(/^usg_[0-9A-Z]{26}$/);
  });
});
