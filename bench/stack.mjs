// Starts a private stack (the same scripts as npm start and the tests) on free ports for a
// benchmark run, and stops it afterwards. A dev stack on the default ports is left alone.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export const freePort = () =>
  new Promise((done, fail) => {
    const server = createServer();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => done(port));
    });
  });

const readId = (file) => (existsSync(file) ? Number(readFileSync(file, 'utf8').replace(/\D/g, '')) || null : null);

/** Resident set size of a process in MiB (VmRSS of /proc/<pid>/status), or null when it is gone. */
export function rssMiB(pid) {
  try {
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/**
 * `env`: extra variables for the stack scripts (scripts/write-config.sh copies the provider
 * ones into worker.env, as the e2e setup does). PHP_WORKERS is SVC_STACK_PHP_WORKERS.
 */
export async function startStack({ env: extra = {} } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'svc-bench-'));
  const ports = { wp: await freePort(), worker: await freePort(), db: await freePort() };
  const phpWorkers = process.env.SVC_STACK_PHP_WORKERS ?? '4';
  const env = {
    ...process.env,
    SVC_MOCK: 'on',
    SVC_LOG_LEVEL: 'warn',
    // The WordPress lane is measured with one call per PHP worker, as before the shell's cap on
    // forwarded calls (docs/deploy-nginx.md, "Sizing the PHP pool"), which by default would keep
    // 2 of php -S's 4 workers for the site and let one key hold only 1.
    SVC_HUB_MAX_FORWARDED: phpWorkers,
    SVC_HUB_MAX_FORWARDED_PER_KEY: phpWorkers,
    ...extra,
    SVC_STACK_DIR: dir,
    SVC_STACK_WP_PORT: String(ports.wp),
    SVC_STACK_WORKER_PORT: String(ports.worker),
    SVC_STACK_DB_PORT: String(ports.db),
  };
  const run = (script) => execFileSync('bash', [join(repoRoot, 'scripts', script)], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      run('stack-stop.sh');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  try {
    run('stack-setup.sh');
    run('stack-start.sh');
  } catch (error) {
    stop();
    throw error;
  }
  const runDir = join(dir, 'run');
  const workerEnvFile = join(dir, 'worker.env');
  const workerEnv = Object.fromEntries(
    readFileSync(workerEnvFile, 'utf8')
      .split('\n')
      .filter((line) => line.includes('='))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
  return {
    wordpressUrl: `http://127.0.0.1:${ports.wp}`,
    workerUrl: `http://127.0.0.1:${ports.worker}`,
    workerEnv,
    phpWorkers: Number(env.SVC_STACK_PHP_WORKERS ?? 4),
    dir,
    /** The worker's pid: its process group leader is node itself (stack-start.sh execs it). */
    workerPid() {
      const pid = readId(join(runDir, 'worker.pgid'));
      const command = pid ? readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0') : [];
      if (!command[0]?.endsWith('node') || !command.some((part) => part.endsWith('main.js'))) {
        throw new Error(`run/worker.pgid (${pid}) is not the worker's node process: ${command.join(' ')}`);
      }
      return pid;
    },
    /** What this stack runs (process groups and the mariadbd pid), to check nothing is left after stop(). */
    processes() {
      return {
        workerGroup: readId(join(runDir, 'worker.pgid')),
        phpGroup: readId(join(runDir, 'php.pgid')),
        mariadb: readId(join(runDir, 'mysqld.pid')),
      };
    },
    /** The operator CLI against this stack's database; returns its stdout lines. */
    hub(...args) {
      const output = execFileSync('node', [join(repoRoot, 'worker', 'dist', 'cli', 'hub.js'), ...args], {
        env: { PATH: process.env.PATH, SVC_ENV_FILE: workerEnvFile },
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      return output.trimEnd().split('\n');
    },
    /**
     * A client key for `site` (`hub key create`; the site's entitlements are granted apart):
     * its id and its secret. The rate limit defaults to the CLI's largest, calls in flight to 10,000.
     */
    clientKey({ site, team, name, rateLimit = 100000 }) {
      const lines = this.hub(
        'key',
        'create',
        '--site',
        site,
        '--team',
        team,
        '--scope',
        'client',
        '--name',
        name,
        '--rate-limit',
        String(rateLimit),
        '--concurrency',
        '10000',
      );
      return { id: /^Created (key_[0-9A-Z]+) /.exec(lines[0])[1], key: lines[lines.length - 1] };
    },
    stop,
  };
}
