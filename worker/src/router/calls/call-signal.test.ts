import { CallSignal } from './call-signal';

describe('CallSignal', () => {
  it('aborts once, with the first reason, calling onabort and every listener as AbortSignal does', () => {
    const signal = new CallSignal();
    const heard: string[] = [];
    signal.onabort = () => heard.push('onabort');
    signal.addEventListener('abort', () => heard.push('once'), { once: true });
    const kept = () => heard.push('kept');
    signal.addEventListener('abort', kept);
    const removed = () => heard.push('removed');
    signal.addEventListener('abort', removed);
    signal.removeEventListener('abort', removed);
    expect(signal.aborted).toBe(false);
    expect(() => signal.throwIfAborted()).not.toThrow();
    const first = new Error('client closed the connection');
    signal.abort(first);
    signal.abort(new Error('later'));
    expect(heard).toEqual(['onabort', 'once', 'kept']);
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBe(first);
    expect(() => signal.throwIfAborted()).toThrow(first);
  });

  it('behaves as a real signal for a listener added after the end: never called (check aborted first)', () => {
    const signal = new CallSignal();
    signal.abort('gone');
    const late = jest.fn();
    signal.addEventListener('abort', late);
    expect(late).not.toHaveBeenCalled();
    const real = AbortSignal.abort('gone');
    const lateReal = jest.fn();
    real.addEventListener('abort', lateReal);
    expect(lateReal).not.toHaveBeenCalled();
  });
});
