import { ConcurrentCalls } from './concurrent-calls';

describe('ConcurrentCalls', () => {
  it('admits up to the limit per key, then refuses until a slot is released', () => {
    const calls = new ConcurrentCalls();
    const first = calls.take('key_a', 2);
    const second = calls.take('key_a', 2);
    expect(first).not.toBeNull();
    expect(second).not.toBeNull();
    expect(calls.take('key_a', 2)).toBeNull();
    expect(calls.take('key_b', 2)).not.toBeNull();
    first!();
    expect(calls.take('key_a', 2)).not.toBeNull();
  });

  it('counts a release once, however often it is called', () => {
    const calls = new ConcurrentCalls();
    const release = calls.take('key_a', 1)!;
    calls.take('key_b', 1);
    release();
    release();
    expect(calls.count('key_a')).toBe(0);
    const again = calls.take('key_a', 1);
    expect(again).not.toBeNull();
    release();
    expect(calls.count('key_a')).toBe(1);
    expect(calls.take('key_a', 1)).toBeNull();
  });

  it('takes a lowered limit into account at the next call', () => {
    const calls = new ConcurrentCalls();
    calls.take('key_a', 5);
    calls.take('key_a', 5);
    expect(calls.take('key_a', 2)).toBeNull();
  });
});
