/**
 * Waiting for something the system does soon — a usage row written just after the answer, a cache
 * that reloads every 2 s, a delivery retried (tests/README.md "Waiting"). Every wait for a condition
 * goes through here, with one generous deadline: a loaded 2-core CI run can be many times slower than
 * a quiet machine, and a deadline costs nothing when the condition comes quickly. Only the time a
 * test exists to check (a documented bound) is waited for with its own deadline.
 */

/** How long a condition may take to hold before the wait gives up: under the e2e test timeout (jest.config.js). */
export const WAIT_MS = 20_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Reads until `done` holds for what was read, or `timeoutMs` pass; returns the last value read, so
 * the test's own expectation says what was wrong.
 */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean | Promise<boolean>,
  timeoutMs = WAIT_MS,
  intervalMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if ((await done(value)) || Date.now() > deadline) return value;
    await pause(intervalMs);
  }
}

/** Waits until `check` answers true; throws naming `what` when it never does. */
export async function waitUntil(check: () => Promise<boolean>, what: string, timeoutMs = WAIT_MS, intervalMs = 100): Promise<void> {
  const held = await eventually(check, (value) => value, timeoutMs, intervalMs);
  if (!held) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
}
