/**
 * A value a cache can give at once, or a promise of it while it loads. The direct lane's
 * look-ups (key, entitlement, providers, prices, budgets) answer from memory on nearly every
 * call; returning the value itself then, rather than a promise, spares each call the async
 * frames and promises of some twenty awaits (docs/benchmarks.md). A function that returns one
 * may also throw at once: callers are async functions or chain with `andThen`.
 */
export type Eventually<T> = T | Promise<T>;

/** `next` applied to the value: at once when it is there, when it arrives when it is a promise. */
export function andThen<T, U>(value: Eventually<T>, next: (value: T) => Eventually<U>): Eventually<U> {
  return value instanceof Promise ? value.then(next) : next(value);
}
