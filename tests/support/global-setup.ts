import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { providerEnvironment } from '../emulators/environment';
import { EMULATOR_HANDLE, spawnEmulator, type EmulatorProcess } from '../emulators/process';
import { RECEIVER_HANDLE, spawnClientReceiver, type ReceiverProcess } from './client-receiver-process';
import { freePort } from './free-port';
import { STACK_FILE_VARIABLE, readWorkerEnv, type StackInfo } from './stack';

/** Short upstream timeouts and few retries, so timeout and retry tests take seconds. */
const TEST_ROUTER_SETTINGS = {
  SVC_TIMEOUT_CONNECT_MS: '2000',
  SVC_TIMEOUT_FIRST_TOKEN_MS: '3000',
  SVC_TIMEOUT_IDLE_MS: '3000',
  SVC_RETRY_MAX: '2',
  // Every test activates from 127.0.0.1: one address for the whole suite. The flood test gets the
  // production default on a worker of its own (tests/e2e/license-activations.test.ts).
  SVC_RATE_LIMIT_ACTIVATIONS_PER_ADDRESS: '100000',
};

/**
 * Propagation to client sites in seconds: the test client site (on 127.0.0.1, so named in
 * SVC_OUTBOUND_ALLOW), a short schedule without jitter (6 attempts within ~4 s), quick polls
 * and expiry runs.
 */
function propagationSettings(receiverUrl: string): Record<string, string> {
  return {
    SVC_OUTBOUND_ALLOW: new URL(receiverUrl).host,
    SVC_OUTBOX_SCHEDULE: '0,300ms,600ms,1s,1s,1s',
    SVC_OUTBOX_POLL_MS: '200',
    SVC_OUTBOX_TIMEOUT_MS: '5000',
    SVC_EXPIRY_INTERVAL_MS: '500',
  };
}

/**
 * Starts the LLM provider emulator (its own process), then one real stack (MariaDB,
 * WordPress on php -S, the worker) in a temporary folder on free ports, for the whole e2e
 * run, with every provider pointed at the emulator. A running dev stack is untouched.
 */
export default async function globalSetup(): Promise<void> {
  const repoRoot = resolve(__dirname, '..', '..');
  // The stack runs worker/dist: compile it when a source is newer (a no-op after `npm test`'s own
  // build), and write the route manifest the plugin and the test tables read (plugin/build/routes.*).
  execFileSync('bash', ['-c', 'source scripts/lib.sh && build_worker'], { cwd: repoRoot, stdio: 'inherit' });
  const dir = mkdtempSync(join(tmpdir(), 'svc-e2e-'));
  const emulator: EmulatorProcess = await spawnEmulator();
  (globalThis as Record<string, unknown>)[EMULATOR_HANDLE] = emulator;
  process.stdout.write(`\n[e2e] provider emulator on ${emulator.url} (pid ${emulator.pid})\n`);
  const receiver: ReceiverProcess = await spawnClientReceiver().catch(async (error: unknown) => {
    await emulator.stop();
    throw error;
  });
  (globalThis as Record<string, unknown>)[RECEIVER_HANDLE] = receiver;
  process.stdout.write(`[e2e] client receiver on ${receiver.url} (pid ${receiver.pid})\n`);
  const [wordpressPort, workerPort, databasePort] = [await freePort(), await freePort(), await freePort()];
  // The svc-client test site (tests/support/client-site.ts) listens here; the worker may deliver to it.
  const clientSitePort = await freePort();
  const environment = {
    ...process.env,
    ...providerEnvironment(emulator.url, emulator.keys),
    ...TEST_ROUTER_SETTINGS,
    ...propagationSettings(receiver.url),
    // The emulator too: tests save provider base URLs on it through the admin route, which the outbound guard checks.
    SVC_OUTBOUND_ALLOW: `${new URL(receiver.url).host},${new URL(emulator.url).host},127.0.0.1:${clientSitePort}`,
    SVC_STACK_DIR: dir,
    SVC_STACK_WP_PORT: String(wordpressPort),
    SVC_STACK_WORKER_PORT: String(workerPort),
    SVC_STACK_DB_PORT: String(databasePort),
    SVC_STACK_MU_PLUGINS: join(repoRoot, 'tests', 'wordpress', 'mu-plugins'),
    SVC_MOCK: 'on',
    SVC_TEST_ROUTES: 'on',
    // php -S runs 4 workers here, which would allow 2 forwarded calls at once (1 per key): the
    // suite's parallel calls through WordPress queue in php -S instead, as they did before the
    // cap; tests/e2e/forwarding-slots.test.ts sets the cap it tests (plugin/README.md).
    SVC_HUB_MAX_FORWARDED: '256',
    SVC_HUB_MAX_FORWARDED_PER_KEY: '256',
  };
  process.stdout.write(`[e2e] starting a stack in ${dir}\n`);
  try {
    for (const script of ['stack-setup.sh', 'stack-start.sh']) {
      execFileSync('bash', [join(repoRoot, 'scripts', script)], { env: environment, stdio: 'inherit' });
    }
  } catch (error) {
    execFileSync('bash', [join(repoRoot, 'scripts', 'stack-stop.sh')], { env: environment, stdio: 'inherit' });
    await emulator.stop();
    await receiver.stop();
    throw error;
  }
  const info: StackInfo = {
    dir,
    wordpressUrl: `http://127.0.0.1:${wordpressPort}`,
    workerUrl: `http://127.0.0.1:${workerPort}`,
    databasePort,
    workerEnv: readWorkerEnv(dir),
    repoRoot,
    emulatorUrl: emulator.url,
    receiverUrl: receiver.url,
    clientSitePort,
  };
  const file = join(dir, 'e2e-stack.json');
  writeFileSync(file, JSON.stringify(info), { mode: 0o600 });
  process.env[STACK_FILE_VARIABLE] = file;
}
