import { EventEmitter } from 'node:events';
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
    expect(deadline.clientGone).toBe(true);
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

  describe('watching the HTTP response instead of a signal', () => {
    const response = () => Object.assign(new EventEmitter(), { writableFinished: false });

    it('a close before the answer was written is a hang-up: AbortError, clientGone, not reached', () => {
      const client = response();
      const deadline = new CallDeadline(1000, client);
      client.emit('close');
      expect(deadline.signal.reason).toMatchObject({ name: 'AbortError', message: 'client closed the connection' });
      expect(deadline.clientGone).toBe(true);
      expect(deadline.reached).toBe(false);
      deadline.clear();
    });

    it('a close after the answer was written changes nothing', () => {
      const client = response();
      const deadline = new CallDeadline(1000, client);
      client.writableFinished = true;
      client.emit('close');
      expect(deadline.signal.aborted).toBe(false);
      expect(deadline.clientGone).toBe(false);
      deadline.clear();
    });

    it('the limit ends it first; a later hang-up is still seen as one', () => {
      const client = response();
      const deadline = new CallDeadline(10, client);
      jest.advanceTimersByTime(10);
      expect(deadline.signal.reason).toBeInstanceOf(StreamDeadlineReached);
      expect(deadline.clientGone).toBe(false);
      client.emit('close');
      expect(deadline.clientGone).toBe(true);
      expect(deadline.signal.reason).toBeInstanceOf(StreamDeadlineReached);
      deadline.clear();
    });

    it('once cleared, it no longer listens to the response', () => {
      const client = response();
      const deadline = new CallDeadline(10, client);
      deadline.clear();
      expect(client.listenerCount('close')).toBe(0);
      client.emit('close');
      expect(deadline.signal.aborted).toBe(false);
    });
  });
});
