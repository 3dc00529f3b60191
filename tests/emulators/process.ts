import { join } from 'node:path';
import { spawnChildService } from '../support/child-service';
import type { EmulatorKeys } from './flow';

/** The global under which the e2e global setup leaves the process for the global teardown. */
export const EMULATOR_HANDLE = '__svcHubProviderEmulator';

export interface EmulatorProcess {
  url: string;
  keys: EmulatorKeys;
  pid: number;
  stop(): Promise<void>;
}

/**
 * Runs the emulator in a child process, so it keeps answering while the test process is
 * blocked (the e2e suite runs the stack scripts and the operator CLI synchronously).
 */
export async function spawnEmulator(timeoutMs = 15_000): Promise<EmulatorProcess> {
  const service = await spawnChildService<{ url: string; keys: EmulatorKeys }>(join(__dirname, 'run.js'), 'provider emulator', {
    env: { ...process.env, SVC_EMULATOR_EXIT_WITH_STDIN: '1' },
    timeoutMs,
  });
  return { url: service.hello.url, keys: service.hello.keys, pid: service.pid, stop: service.stop };
}
