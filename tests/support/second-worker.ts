import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from './free-port';
import { stack } from './stack';

export interface SecondWorker {
  url: string;
  stop(): Promise<void>;
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/wp-json/llm/router/v1/health`)).status < 500;
  } catch {
    return false;
  }
}

/**
 * Another worker process on the e2e stack's database (the scale-out of DESIGN §11): the same
 * build and worker.env as the stack's worker, on a free port. Resolves once it answers its
 * health route; `stop()` sends SIGTERM and waits for the exit (SIGKILL after 10 s).
 */
export async function startSecondWorker(): Promise<SecondWorker> {
  const info = stack();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [join(info.repoRoot, 'worker', 'dist', 'main.js')], {
    env: { ...process.env, ...info.workerEnv, SVC_WORKER_HOST: '127.0.0.1', SVC_WORKER_PORT: String(port) },
    stdio: 'ignore',
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => {
        clearTimeout(killer);
        resolve();
      });
      child.kill('SIGTERM');
    });
  const deadline = Date.now() + 20_000;
  while (!(await answers(url))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`the second worker did not answer on ${url} (exit code ${child.exitCode})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, stop };
}
