import { ExpiringSet } from './expiring-set';

describe('ExpiringSet', () => {
  it('holds a member for the TTL only', () => {
    let time = 0;
    const set = new ExpiringSet(2000, 10, () => time);
    set.add('a');
    time = 1999;
    expect(set.has('a')).toBe(true);
    time = 2000;
    expect(set.has('a')).toBe(false);
    expect(set.size).toBe(0);
  });

  it('makes room by dropping the oldest member when full', () => {
    const set = new ExpiringSet(60_000, 3, () => 0);
    for (const member of ['a', 'b', 'c', 'd']) set.add(member);
    expect(set.size).toBe(3);
    expect(['a', 'b', 'c', 'd'].map((member) => set.has(member))).toEqual([false, true, true, true]);
  });
});
