import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from './free-port';
import { STACK_FILE_VARIABLE, readWorkerEnv, type StackInfo } from './stack';

/**
 * Starts one real stack (MariaDB, WordPress on php -S, the worker) in a temporary folder on
 * free ports, for the whole e2e run. A running dev stack on the default ports is untouched.
 */
export default async function globalSetup(): Promise<void> {
  const repoRoot = resolve(__dirname, '..', '..');
  const dir = mkdtempSync(join(tmpdir(), 'svc-e2e-'));
  const [wordpressPort, workerPort, databasePort] = [await freePort(), await freePort(), await freePort()];
  const environment = {
    ...process.env,
    SVC_STACK_DIR: dir,
    SVC_STACK_WP_PORT: String(wordpressPort),
    SVC_STACK_WORKER_PORT: String(workerPort),
    SVC_STACK_DB_PORT: String(databasePort),
    SVC_STACK_MU_PLUGINS: join(repoRoot, 'tests', 'wordpress', 'mu-plugins'),
    SVC_MOCK: 'on',
    SVC_TEST_ROUTES: 'on',
  };
  process.stdout.write(`\n[e2e] starting a stack in ${dir}\n`);
  try {
    for (const script of ['stack-setup.sh', 'stack-start.sh']) {
      execFileSync('bash', [join(repoRoot, 'scripts', script)], { env: environment, stdio: 'inherit' });
    }
  } catch (error) {
    execFileSync('bash', [join(repoRoot, 'scripts', 'stack-stop.sh')], { env: environment, stdio: 'inherit' });
    throw error;
  }
  const info: StackInfo = {
    dir,
    wordpressUrl: `http://127.0.0.1:${wordpressPort}`,
    workerUrl: `http://127.0.0.1:${workerPort}`,
    databasePort,
    workerEnv: readWorkerEnv(dir),
    repoRoot,
  };
  const file = join(dir, 'e2e-stack.json');
  writeFileSync(file, JSON.stringify(info), { mode: 0o600 });
  process.env[STACK_FILE_VARIABLE] = file;
}
