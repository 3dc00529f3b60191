import { join } from 'node:path';
import { spawnChildService } from './child-service';

/** The global under which the e2e global setup leaves the receiver for the global teardown. */
export const RECEIVER_HANDLE = '__svcHubClientReceiver';

export interface ReceiverProcess {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * Runs the test client site in a child process (jest test files run in other processes than
 * the global setup, and the suite blocks on the stack scripts and the CLI). It exits when
 * told to, and on its own when its stdin closes.
 */
export async function spawnClientReceiver(timeoutMs = 15_000): Promise<ReceiverProcess> {
  const service = await spawnChildService<{ url: string }>(join(__dirname, 'client-receiver-run.js'), 'client receiver', { timeoutMs });
  return { url: service.hello.url, pid: service.pid, stop: service.stop };
}
