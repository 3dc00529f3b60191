import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
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
export function spawnEmulator(timeoutMs = 15_000): Promise<EmulatorProcess> {
  const child: ChildProcess = spawn(process.execPath, [join(__dirname, 'run.js')], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, SVC_EMULATOR_EXIT_WITH_STDIN: '1' },
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => fail(new Error(`the provider emulator did not start within ${timeoutMs} ms`)), timeoutMs);
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    };
    child.once('error', fail);
    child.once('exit', (code) => fail(new Error(`the provider emulator exited (code ${code}) before it listened`)));
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => {
      output += chunk;
      const end = output.indexOf('\n');
      if (end < 0) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      child.removeAllListeners('error');
      child.stdout!.removeAllListeners('data');
      child.stdout!.resume();
      const { url, keys } = JSON.parse(output.slice(0, end)) as { url: string; keys: EmulatorKeys };
      resolve({ url, keys, pid: child.pid!, stop: () => stopChild(child) });
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
