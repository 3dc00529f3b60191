// The processes of `npm run bench -- scale` beside the private stack: workers (started the way
// tests/support/extra-worker.ts starts one: the stack's worker.env, another port), the
// balancer, and the stack's MariaDB stopped and started again (scripts/lib.sh db_start).
import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, repoRoot } from '../stack.mjs';

const pause = (ms) => new Promise((done) => setTimeout(done, ms));
const alive = (pid) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
};
export const processAlive = alive;

/** Waits for `child` to exit: TERM, then KILL after `graceMs`. */
export function stopChild(child, graceMs = 10_000) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(killer);
      done();
    });
    child.kill('SIGTERM');
  });
}

function keepTail(stream, limit = 4000) {
  const kept = { text: '' };
  stream.setEncoding('utf8').on('data', (chunk) => (kept.text = (kept.text + chunk).slice(-limit)));
  return kept;
}

/** A worker on the stack's database: its worker.env plus `overrides`, on `port` (a free one by default); resolves once healthy. */
export async function spawnWorker(stack, name, overrides = {}, port = null) {
  const chosen = port ?? (await freePort());
  const child = spawn(process.execPath, [join(repoRoot, 'worker', 'dist', 'main.js')], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, ...stack.workerEnv, SVC_WORKER_PORT: String(chosen), SVC_WORKER_HOST: '127.0.0.1', ...overrides },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const log = keepTail(child.stderr);
  const url = `http://127.0.0.1:${chosen}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`worker ${name} exited (code ${child.exitCode}): ${log.text}`);
    const healthy = await fetch(`${url}/wp-json/llm/router/v1/health`).then(
      (response) => response.status === 200,
      () => false,
    );
    if (healthy) break;
    if (Date.now() > deadline) {
      await stopChild(child);
      throw new Error(`worker ${name} did not answer within 30 s: ${log.text}`);
    }
    await pause(200);
  }
  return {
    name,
    url,
    port: chosen,
    pid: child.pid,
    child,
    log,
    /** kill -9: no shutdown, no flush. */
    kill: () => child.kill('SIGKILL'),
    stop: () => stopChild(child),
    running: () => child.exitCode === null && child.signalCode === null,
  };
}

/** bench/scale/balancer.mjs in front of `workers`; ready once it says it listens. */
export async function spawnBalancer(workers) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [join(repoRoot, 'bench', 'scale', 'balancer.mjs'), String(port), ...workers.map((worker) => worker.url)],
    {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const out = keepTail(child.stdout);
  const err = keepTail(child.stderr);
  const deadline = Date.now() + 10_000;
  while (!out.text.includes('listening')) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stopChild(child);
      throw new Error(`the balancer did not start: ${out.text}${err.text}`);
    }
    await pause(50);
  }
  return { url: `http://127.0.0.1:${port}`, pid: child.pid, stop: () => stopChild(child) };
}

const stackScriptEnv = (stack) => ({ ...process.env, SVC_STACK_DIR: stack.dir });
const mariadbPid = (stack) => Number(readFileSync(join(stack.dir, 'run', 'mysqld.pid'), 'utf8').replace(/\D/g, '')) || null;

/** Stops the stack's mariadbd (TERM, as scripts/stack-stop.sh does) and waits until it is gone. */
export async function stopMariadb(stack) {
  const pid = mariadbPid(stack);
  if (!pid || !alive(pid)) throw new Error(`mariadbd (${pid}) is not running`);
  process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + 60_000;
  while (alive(pid)) {
    if (Date.now() > deadline) process.kill(pid, 'SIGKILL');
    await pause(20);
  }
  return pid;
}

/** Starts it again with scripts/lib.sh db_start (the way stack-start.sh does; without blocking the load); returns the new pid. */
export async function startMariadb(stack) {
  await promisify(execFile)('bash', ['-c', `source "${join(repoRoot, 'scripts', 'lib.sh')}" && db_start`], { env: stackScriptEnv(stack) });
  return mariadbPid(stack);
}

/** The stack's own worker is not one of the two measured: stop its process group (TERM, then KILL). */
export async function stopStackWorker(stack) {
  const group = stack.processes().workerGroup;
  if (!group) return;
  try {
    process.kill(-group, 'SIGTERM');
  } catch {
    return;
  }
  const deadline = Date.now() + 15_000;
  while (alive(group)) {
    if (Date.now() > deadline) process.kill(-group, 'SIGKILL');
    await pause(50);
  }
}

/**
 * The operator CLI against the stack's database without blocking this process (stack.hub() is
 * synchronous: the receiver in this process could not answer deliveries meanwhile); stdout lines.
 */
export async function hubAsync(stack, ...args) {
  const { stdout } = await promisify(execFile)(process.execPath, [join(repoRoot, 'worker', 'dist', 'cli', 'hub.js'), ...args], {
    env: { PATH: process.env.PATH, SVC_ENV_FILE: join(stack.dir, 'worker.env') },
    encoding: 'utf8',
  });
  return stdout.trimEnd().split('\n');
}
