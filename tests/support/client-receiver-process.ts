import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

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
export function spawnClientReceiver(timeoutMs = 15_000): Promise<ReceiverProcess> {
  const child: ChildProcess = spawn(process.execPath, [join(__dirname, 'client-receiver-run.js')], { stdio: ['pipe', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => fail(new Error(`the client receiver did not start within ${timeoutMs} ms`)), timeoutMs);
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    };
    child.once('error', fail);
    child.once('exit', (code) => fail(new Error(`the client receiver exited (code ${code}) before it listened`)));
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
      const { url } = JSON.parse(output.slice(0, end)) as { url: string };
      resolve({ url, pid: child.pid!, stop: () => stopChild(child) });
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
