import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from './free-port';
import { stack } from './stack';
import { testFetch } from './test-fetch';

export interface ExtraWorker {
  url: string;
  stop(): Promise<void>;
  /** kill -9: no shutdown, nothing flushed (a crash); resolves once the process is gone. */
  kill(): Promise<void>;
}

/**
 * Another worker process on the e2e stack's database (the scale-out path, docs/architecture.md §11), with
 * the stack worker's environment plus `overrides`, on a free port; resolves once its health
 * route answers. `stop()` sends SIGTERM and waits for the exit (SIGKILL after 10 s).
 */
export async function startExtraWorker(overrides: Record<string, string> = {}): Promise<ExtraWorker> {
  const info = stack();
  const port = await freePort();
  const child = spawn(process.execPath, [join(info.repoRoot, 'worker', 'dist', 'main.js')], {
    env: { PATH: process.env.PATH, ...info.workerEnv, SVC_WORKER_PORT: String(port), SVC_WORKER_HOST: '127.0.0.1', ...overrides },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    log = (log + chunk).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.kill('SIGTERM');
    await exited;
    clearTimeout(killer);
  };
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the extra worker exited (code ${child.exitCode}): ${log}`);
    const healthy = await testFetch(`${url}/wp-json/llm/router/v1/health`).then(
      (response) => response.status === 200,
      () => false,
    );
    const kill = async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    };
    if (healthy) return { url, stop, kill };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the extra worker did not answer within 30 s: ${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
