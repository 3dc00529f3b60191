import { GroupCommit } from './group-commit';

/** A write whose calls are kept and settled by the test. */
function gatedWrites() {
  const calls: Array<{ items: string[]; succeed: () => void; fail: () => void }> = [];
  const write = (items: string[]) =>
    new Promise<void>((resolve, reject) => calls.push({ items, succeed: resolve, fail: () => reject(new Error('connection lost')) }));
  return { calls, write };
}

/** Whether `promise` has settled once everything already queued has run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('GroupCommit', () => {
  it('writes a lone item at once, and resolves only when its write returned', async () => {
    const { calls, write } = gatedWrites();
    const group = new GroupCommit(write, 60_000);
    const first = group.add('a');
    expect(calls.map((call) => call.items)).toEqual([['a']]); // no timer: sent in the same tick
    expect(await settled(first)).toBe(false);
    calls[0]!.succeed();
    expect(await settled(first)).toBe(true);
  });

  it('sends what arrived during a write as one write when it returns', async () => {
    const { calls, write } = gatedWrites();
    const group = new GroupCommit(write, 60_000);
    const first = group.add('a');
    const second = group.add('b');
    const third = group.add('c');
    expect(calls.map((call) => call.items)).toEqual([['a']]);
    calls[0]!.succeed();
    expect(await settled(first)).toBe(true);
    expect(calls.map((call) => call.items)).toEqual([['a'], ['b', 'c']]);
    expect(await settled(second)).toBe(false); // carried by the second write, still in flight
    calls[1]!.succeed();
    expect(await Promise.all([settled(second), settled(third)])).toEqual([true, true]);
  });

  it('resolves (never rejects) when a write fails, and goes on with the next batch', async () => {
    const { calls, write } = gatedWrites();
    const group = new GroupCommit(write, 60_000);
    const first = group.add('a');
    const second = group.add('b');
    calls[0]!.fail();
    await expect(first).resolves.toBeUndefined();
    expect(calls.map((call) => call.items)).toEqual([['a'], ['b']]);
    calls[1]!.succeed();
    await expect(second).resolves.toBeUndefined();
  });

  it('does not hold a caller longer than its limit when a write hangs', async () => {
    jest.useFakeTimers();
    try {
      const { calls, write } = gatedWrites();
      const group = new GroupCommit(write, 1000);
      const hung = group.add('a');
      const queued = group.add('b');
      jest.advanceTimersByTime(999);
      await Promise.resolve();
      expect(await settledNow(hung)).toBe(false);
      jest.advanceTimersByTime(1);
      expect(await settledNow(hung)).toBe(true);
      expect(await settledNow(queued)).toBe(true); // its batch's wait started when it was queued
      expect(await settledNow(group.add('c'))).toBe(true); // the wait ran out once: the next callers do not wait
      expect(calls).toHaveLength(1); // still behind the hung write
      calls[0]!.succeed();
      for (let turn = 0; turn < 10; turn += 1) await Promise.resolve();
      expect(calls.map((call) => call.items)).toEqual([['a'], ['b', 'c']]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('does not make callers wait while writes fail, and waits again once one succeeds', async () => {
    const { calls, write } = gatedWrites();
    const group = new GroupCommit(write, 60_000);
    const first = group.add('a');
    calls[0]!.fail();
    await first;
    const during = group.add('b');
    expect(calls.map((call) => call.items)).toEqual([['a'], ['b']]); // still written
    expect(await settled(during)).toBe(true); // without waiting for it
    calls[1]!.succeed();
    await group.drain();
    const after = group.add('c');
    expect(await settled(after)).toBe(false);
    calls[2]!.succeed();
    expect(await settled(after)).toBe(true);
  });

  it('drain waits for the write in flight and the batch queued behind it', async () => {
    const { calls, write } = gatedWrites();
    const group = new GroupCommit(write, 60_000);
    void group.add('a');
    void group.add('b');
    const drained = group.drain();
    calls[0]!.succeed();
    expect(await settled(drained)).toBe(false);
    calls[1]!.succeed();
    await drained;
    expect(calls.map((call) => call.items)).toEqual([['a'], ['b']]);
  });
});

/** `settled` for fake timers: microtasks only (setImmediate is faked too). */
async function settledNow(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  for (let turn = 0; turn < 10; turn += 1) await Promise.resolve();
  return done;
}
