// npm run bench -- scale: two workers on one MariaDB behind a round-robin balancer
// (docs/architecture.md §11, issue 16 "Two workers, proven"), measured in one run: throughput of one worker
// vs two, the per-key rate limit across both, usage rows with a worker killed (kill -9)
// mid-load, outbox delivery with a worker killed mid-delivery, and MariaDB restarted mid-load.
// Markdown on stdout, progress on stderr. Everything it starts is stopped at the end, also on
// failure or Ctrl-C, and it checks that none of it is left.
import { databaseReader } from './database.mjs';
import { databaseRestart } from './database-restart-phase.mjs';
import { chat, clientAgent } from './load.mjs';
import { hammerRateLimit, measureThroughput } from './load-phases.mjs';
import { budgetAcrossWorkers } from './budget-phase.mjs';
import { outboxWithKill, patchEntitlement } from './outbox-kill-phase.mjs';
import { usageWithKill } from './usage-kill-phase.mjs';
import { hubAsync, processAlive, spawnBalancer, spawnWorker, stopStackWorker } from './processes.mjs';
import { nginxVersion, spawnNginx } from './nginx.mjs';
import { startReceiver } from './receiver.mjs';
import { scaleReport } from './report.mjs';
import { startStack } from '../stack.mjs';

const progress = (line) => process.stderr.write(`[scale] ${line}\n`);
const number = (name, fallback) => (process.env[name] ? Number(process.env[name]) : fallback);
const settings = {
  concurrency: number('BENCH_SCALE_CONCURRENCY', 32),
  seconds: number('BENCH_SCALE_SECONDS', 3),
  rounds: 2,
  rateLimit: 300,
  sites: 6,
  changesPerSite: 5,
  receiverDelayMs: 300,
  databaseDownMs: 2000,
  /** The sweep's threshold in this run (SVC_USAGE_STALE_AFTER_MS; the default is an hour). */
  staleAfterMs: 8000,
};

const cleanups = [];
const started = [];
/** Every worker started, for their log lines (warnings and errors) after the run. */
const workerLogs = [];
async function cleanup() {
  while (cleanups.length > 0) {
    const [name, stop] = cleanups.pop();
    try {
      await stop();
    } catch (error) {
      progress(`stopping ${name} failed: ${error}`);
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void cleanup().finally(() => process.exit(130)));
const track = (name, thing) => {
  cleanups.push([name, () => thing.stop()]);
  if (thing.pid) started.push({ name, pid: thing.pid });
  return thing;
};

async function main() {
  const startedAt = new Date().toISOString();
  const receiver = track('the receiver', await startReceiver({ delayMs: settings.receiverDelayMs }));
  progress('starting a private stack (MariaDB, worker, WordPress on php -S)');
  const stack = await startStack({ env: { SVC_LOG_LEVEL: 'warn' } });
  cleanups.push(['the stack', () => stack.stop()]);
  const groups = stack.processes();
  started.push({ name: 'mariadbd', pid: groups.mariadb }, { name: 'php -S', pid: groups.phpGroup });
  await stopStackWorker(stack); // the two measured workers are started below, with the bench's settings
  const workerSettings = {
    SVC_LOG_LEVEL: 'warn',
    SVC_OUTBOUND_ALLOW: receiver.origin,
    SVC_OUTBOX_POLL_MS: '200',
    SVC_OUTBOX_TIMEOUT_MS: '2000',
    SVC_STREAM_MAX_MS: '5000',
    SVC_USAGE_STALE_AFTER_MS: String(settings.staleAfterMs),
  };
  const startWorker = async (name, port = null) => {
    const worker = track(`worker ${name}`, await spawnWorker(stack, name, workerSettings, port));
    workerLogs.push(worker);
    progress(`worker ${name}: ${worker.url} (pid ${worker.pid})`);
    return worker;
  };
  let a = await startWorker('A');
  let b = await startWorker('B');
  // nginx from Debian when installed (BENCH_SCALE_BALANCER=node: bench/scale/balancer.mjs instead).
  const nginx = process.env.BENCH_SCALE_BALANCER === 'node' ? null : nginxVersion();
  settings.balancer = nginx
    ? `nginx ${nginx} (1 worker process, upstream keep-alive)`
    : 'bench/scale/balancer.mjs (node:http in, a keep-alive undici pool per worker out)';
  const balance = (workers) => (nginx ? spawnNginx(workers) : spawnBalancer(workers));
  const lbOne = track('balancer (A)', await balance([a]));
  const lbTwo = track('balancer (A+B)', await balance([a, b]));
  progress(`balancer: ${settings.balancer}`);
  const agent = clientAgent(settings.concurrency * 2);
  cleanups.push(['the client agent', () => agent.close()]);
  const database = databaseReader(stack);

  const site = 'https://scale.example';
  stack.hub('entitlement', 'grant', '--site', site, '--features', 'llm.chat');
  const newKey = (name, rateLimit) => stack.clientKey({ site, team: 'scale', name, rateLimit });
  const bulk = newKey('scale-bulk', 100000);

  const only = process.env.BENCH_SCALE_DEBUG === '1' ? 'outbox' : null;
  const throughput = only
    ? []
    : await measureThroughput({
        agent,
        key: bulk.key,
        concurrency: settings.concurrency,
        seconds: settings.seconds,
        rounds: settings.rounds,
        progress,
        targets: [
          { id: 'direct', name: 'one worker, called directly', url: a.url },
          { id: 'one', name: 'one worker behind the balancer', url: lbOne.url },
          { id: 'two', name: 'two workers behind the balancer', url: lbTwo.url },
        ],
      });

  const rate = {};
  for (const [id, url, name] of only
    ? []
    : [
        ['one', a.url, 'one worker'],
        ['two', lbTwo.url, 'two workers behind the balancer'],
      ]) {
    const limited = newKey(`scale-rate-${id}`, settings.rateLimit);
    progress(`rate limit ${settings.rateLimit}/min, ${name}: ${settings.concurrency} callers for 4 s`);
    rate[id] = {
      name,
      ...(await hammerRateLimit({
        agent,
        url,
        key: limited.key,
        keyId: limited.id,
        limit: settings.rateLimit,
        concurrency: settings.concurrency,
        seconds: 4,
        database,
        prefix: `rate-${id}`,
        progress,
      })),
    };
  }

  const budget = only
    ? null
    : await budgetAcrossWorkers({
        agent,
        stack,
        url: lbTwo.url,
        newKey,
        workers: [a, b],
        database,
        concurrency: settings.concurrency,
        seconds: settings.seconds,
        progress,
      });

  progress(`usage rows: ${settings.concurrency} callers through the balancer for ${settings.seconds * 2} s, kill -9 worker B half-way`);
  const usage = only
    ? null
    : await usageWithKill({
        agent,
        balancer: lbTwo,
        key: bulk.key,
        victim: b,
        database,
        concurrency: settings.concurrency,
        seconds: settings.seconds * 2,
        closeWithinMs: settings.staleAfterMs * 2 + 5000,
        progress,
      });
  if (!only) b = await startWorker('B again', b.port);

  progress(
    `outbox: ${settings.sites} sites × ${settings.changesPerSite} changes, the receiver answering after ${settings.receiverDelayMs} ms`,
  );
  const siteUrls = Array.from({ length: settings.sites }, (_, index) => `${receiver.url}/site-${index + 1}`);
  // Asynchronous CLI calls: the receiver lives in this process and must answer the grants' deliveries meanwhile.
  for (const siteUrl of siteUrls) {
    await hubAsync(stack, 'key', 'create', '--site', siteUrl, '--team', 'scale', '--scope', 'client', '--name', 'receiver');
    await hubAsync(stack, 'entitlement', 'grant', '--site', siteUrl, '--features', 'llm.chat');
  }
  const admin = await hubAsync(
    stack,
    'key',
    'create',
    '--site',
    'https://admin.example',
    '--team',
    'scale',
    '--scope',
    'admin',
    '--name',
    'scale-admin',
  );
  const outbox = await outboxWithKill({
    agent,
    balancer: lbTwo,
    adminKey: admin[admin.length - 1],
    siteUrls,
    receiver,
    victim: a,
    database,
    changesPerSite: settings.changesPerSite,
    settleMs: 40_000,
    progress,
  });
  if (only) return { only: outbox };
  a = await startWorker('A again', a.port);

  progress(`MariaDB restart: ${settings.concurrency / 2} callers through the balancer, MariaDB down for ${settings.databaseDownMs} ms`);
  const unusedLines = await hubAsync(
    stack,
    'key',
    'create',
    '--site',
    site,
    '--team',
    'scale',
    '--scope',
    'client',
    '--name',
    'scale-unused',
  );
  const unused = { key: unusedLines[unusedLines.length - 1] }; // never used, so no worker has it cached
  const probe = async () => [
    { call: 'chat with a key no worker has cached', ...(await chat(agent, lbTwo.url, unused.key, 'probe-chat')) },
    {
      call: 'PATCH /svc-license/v1/entitlement (a write)',
      ...(await patchEntitlement(agent, lbTwo.url, admin[admin.length - 1], siteUrls[0], new Date(Date.now() + 90 * 86_400_000)).then(
        () => ({ status: 200, code: null }),
        (error) => ({ status: error.status ?? 0, code: error.code ?? String(error) }),
      )),
    },
  ];
  const restart = await databaseRestart({
    agent,
    balancer: lbTwo,
    key: bulk.key,
    stack,
    workers: [a, b],
    database,
    concurrency: settings.concurrency / 2,
    downMs: settings.databaseDownMs,
    probe,
    progress,
  });
  started.push({ name: 'mariadbd (restarted)', pid: stack.processes().mariadb });

  return { startedAt, settings, throughput, rate, budget, usage, outbox, restart };
}

let results = null;
let failure = null;
try {
  results = await main();
} catch (error) {
  failure = error;
} finally {
  progress('stopping everything');
  await cleanup();
}
if (process.env.BENCH_SCALE_LOGS === '1') {
  for (const worker of workerLogs)
    progress(`log of worker ${worker.name} (pid ${worker.pid}), last lines:\n${worker.log.text.split('\n').slice(-15).join('\n')}`);
}
const left = started.filter((entry) => processAlive(entry.pid)).map((entry) => `${entry.name} (${entry.pid})`);
progress(
  left.length > 0
    ? `WARNING: still running: ${left.join(', ')}`
    : `stopped: nothing this run started is still running (${started.length} processes checked)`,
);
if (failure) {
  process.stderr.write(`[scale] failed: ${failure.stack ?? failure}\n`);
  process.exit(1);
}
process.stdout.write(results.only ? `${JSON.stringify(results.only, null, 1)}\n` : `${scaleReport(results).join('\n')}\n`);
