import { testFetch } from './test-fetch';
import { groupAlive, waitForGroupExit } from './worker-process';

/** SIGTERM to the whole process group, SIGKILL after `graceSeconds`; resolves once it is gone. */
export async function stopProcessGroup(group: number, graceSeconds: number): Promise<void> {
  if (!groupAlive(group)) return;
  process.kill(-group, 'SIGTERM');
  if (await waitForGroupExit(group, graceSeconds)) return;
  process.kill(-group, 'SIGKILL');
  if (!(await waitForGroupExit(group, 5))) throw new Error(`process group ${group} survived SIGKILL`);
}

/**
 * Waits until `url` answers (any HTTP status) and returns the answer; fails at once when the
 * process group serving it has exited, else after `seconds`.
 */
export async function waitForHttp(url: string, group: number, seconds = 30): Promise<Response> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    try {
      return await testFetch(url, { signal: AbortSignal.timeout(5000) });
    } catch (error) {
      if (!groupAlive(group)) throw new Error(`the process serving ${url} exited`);
      if (Date.now() > deadline) throw new Error(`${url} did not answer within ${seconds} s: ${String(error)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
