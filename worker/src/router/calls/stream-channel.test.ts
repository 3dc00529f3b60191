import { StreamChannel } from './stream-channel';

/** The async sequence a running call feeds: order, hand-over to a waiting reader, the end, a failure. */
describe('StreamChannel', () => {
  it('hands items over in order, whether the reader waited for them or they were queued', async () => {
    const channel = new StreamChannel<number>();
    const iterator = channel[Symbol.asyncIterator]();
    const waiting = iterator.next();
    channel.push(1);
    channel.push(2);
    channel.push(3);
    channel.close();
    channel.push(4);
    expect(await waiting).toEqual({ value: 1, done: false });
    expect(await iterator.next()).toEqual({ value: 2, done: false });
    expect(await iterator.next()).toEqual({ value: 3, done: false });
    expect(await iterator.next()).toEqual({ value: undefined, done: true });
    expect(await iterator.next()).toEqual({ value: undefined, done: true });
  });

  it('throws a failure once, after the items pushed before it, to a reader already waiting or not', async () => {
    const queued = new StreamChannel<string>();
    queued.push('a');
    queued.fail(new Error('broke'));
    const iterator = queued[Symbol.asyncIterator]();
    expect(await iterator.next()).toEqual({ value: 'a', done: false });
    await expect(iterator.next()).rejects.toThrow('broke');
    expect(await iterator.next()).toEqual({ value: undefined, done: true });

    const waited = new StreamChannel<string>();
    const next = waited[Symbol.asyncIterator]().next();
    waited.fail(new Error('broke too'));
    await expect(next).rejects.toThrow('broke too');
  });

  it('run() closes the sequence when the work settles, or fails it with what the work threw', async () => {
    const items: number[] = [];
    for await (const item of StreamChannel.run<number>(async (push) => [1, 2].forEach(push))) items.push(item);
    expect(items).toEqual([1, 2]);
    const failing = StreamChannel.run<number>(async (push) => {
      push(1);
      throw new Error('work failed');
    });
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const item of failing) seen.push(item);
      })(),
    ).rejects.toThrow('work failed');
    expect(seen).toEqual([1]);
  });
});
