// Starts a private stack (the same scripts as npm start and the tests) on free ports for a
// benchmark run, and stops it afterwards. A dev stack on the default ports is left alone.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const freePort = () =>
  new Promise((done, fail) => {
    const server = createServer();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });

export async function startStack() {
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-'));
  const ports = { wp: await freePort(), worker: await freePort(), db: await freePort() };
  const env = {
    ...process.env,
    SVC_STACK_DIR: dir,
    SVC_STACK_WP_PORT: String(ports.wp),
    SVC_STACK_WORKER_PORT: String(ports.worker),
    SVC_STACK_DB_PORT: String(ports.db),
    SVC_MOCK: 'on',
    SVC_LOG_LEVEL: 'warn',
  };
  const run = (script) => execFileSync('bash', [join(repoRoot, 'scripts', script)], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  run('stack-setup.sh');
  run('stack-start.sh');
  const workerEnv = Object.fromEntries(
    readFileSync(join(dir, 'worker.env'), 'utf8').split('\n').filter((line) => line.includes('=')).map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
  return {
    wordpressUrl: `http://127.0.0.1:${ports.wp}`,
    workerUrl: `http://127.0.0.1:${ports.worker}`,
    workerEnv,
    dir,
    stop() {
      run('stack-stop.sh');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
