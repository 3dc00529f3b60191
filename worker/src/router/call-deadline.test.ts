import { CallDeadline } from './call-deadline';
import { StreamDeadlineReached } from './stream-deadline';

describe('CallDeadline', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('ends with the client: aborted with the hang-up reason, the limit not reached', () => {
    const client = new AbortController();
    const deadline = new CallDeadline(1000, client.signal);
    const reason = Object.assign(new Error('client closed the connection'), { name: 'AbortError' });
    client.abort(reason);
    expect(deadline.signal.aborted).toBe(true);
    expect(deadline.signal.reason).toBe(reason);
    expect(deadline.reached).toBe(false);
    deadline.clear();
  });

  it('starts aborted when the client already hung up', () => {
    const client = new AbortController();
    client.abort(new Error('gone'));
    const deadline = new CallDeadline(1000, client.signal);
    expect(deadline.signal.reason).toBe(client.signal.reason);
    deadline.clear();
  });

  it('ends at the limit: StreamDeadlineReached, reached, the client signal untouched', () => {
    const client = new AbortController();
    const deadline = new CallDeadline(1000, client.signal);
    jest.advanceTimersByTime(999);
    expect(deadline.signal.aborted).toBe(false);
    jest.advanceTimersByTime(1);
    expect(deadline.signal.reason).toBeInstanceOf(StreamDeadlineReached);
    expect(deadline.reached).toBe(true);
    expect(client.signal.aborted).toBe(false);
    deadline.clear();
  });

  it('keeps the first reason: a hang-up after the limit changes nothing but reached stays true', () => {
    const client = new AbortController();
    const deadline = new CallDeadline(10, client.signal);
    jest.advanceTimersByTime(10);
    client.abort(new Error('late'));
    expect(deadline.signal.reason).toBeInstanceOf(StreamDeadlineReached);
    expect(deadline.reached).toBe(true);
  });

  it('once cleared, neither the limit nor the client ends it', () => {
    const client = new AbortController();
    const deadline = new CallDeadline(10, client.signal);
    deadline.clear();
    jest.advanceTimersByTime(100);
    client.abort(new Error('after the call'));
    expect(deadline.signal.aborted).toBe(false);
    expect(deadline.reached).toBe(false);
  });
});
