// npm run bench — the figures docs/architecture.md §8 budgets, measured side by side in one run: the LLM
// provider emulator called directly, the Portkey gateway, our direct lane and our WordPress
// lane, all against the same emulator; plus WordPress's own GET /wp-json/ vs the plugin's
// health route; and the image library's list and manifest 304 (BENCH_ONLY=library: only
// those). Prints markdown on stdout (progress on stderr); with --write, also replaces
// docs/benchmarks.md. Everything it starts is stopped at the end, also on failure or Ctrl-C.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { libraryLatency } from './library.mjs';
import { libraryBudgetRow, libraryLines, spliceLibrary } from './library-report.mjs';
import { renderFigures } from './renders.mjs';
import { renderLines, spliceRenders } from './renders-report.mjs';
import { interleave, medianRun } from './measure.mjs';
import {
  blockingChat,
  chatTargets,
  interleavedChat,
  interleavedFirstToken,
  interleavedFirstToolCall,
  keepAliveAgent,
  loadChat,
  loadChatWithUpstreamLatency,
  manyOpenStreams,
  pacedStream,
  streamedChat,
} from './llm.mjs';
import { interleavedMessagesFirstToken, messagesTargets } from './messages.mjs';
import { providerEnvironment, spawnEmulator, spawnPortkey, spawnReferenceProxy } from './peers.mjs';
import { document, markdown } from './report.mjs';
import { keepScaleSection } from './scale/report.mjs';
import { keepFrontSection } from './wordpress-front-report.mjs';
import { repoRoot, rssMiB, startStack } from './stack.mjs';

const quick = process.env.BENCH_QUICK === '1';
/** BENCH_ONLY=library or renders: only the image library's or the template renders' figures (a stack, no emulator or Portkey). */
const only = process.env.BENCH_ONLY ?? '';
if (!['', 'library', 'renders'].includes(only)) throw new Error(`BENCH_ONLY must be "library", "renders" or unset, got "${only}"`);
const number = (name, fallback) => (process.env[name] ? Number(process.env[name]) : fallback);
/** Renders measured one at a time per case (cold, cached). */
const renderSamples = number('BENCH_RENDER_SAMPLES', quick ? 20 : 100);
/** All 50 renders asked at once queue (docs/configuration.md SVC_RENDER_QUEUE): the RSS figure is the bound's, not the refusals'. */
const RENDER_ENV = { SVC_RENDER_QUEUE: '64' };
const settings = {
  quick,
  samples: number('BENCH_SAMPLES', quick ? 60 : 300),
  warmupRounds: quick ? 10 : 30,
  /** Blocking chats each target answers (10 in flight) before the concurrency-1 samples: a long-running gateway's steady state, not its first calls' JIT. */
  jitWarmup: number('BENCH_JIT_WARMUP', quick ? 200 : 2000),
  firstTokenSamples: number('BENCH_TTFT_SAMPLES', quick ? 20 : 100),
  concurrency: 100,
  loadRequests: number('BENCH_LOAD_REQUESTS', quick ? 300 : 2000),
  loadWarmup: quick ? 100 : 200,
  /** Saturation runs per target after one warm-up round, the targets in turn (order rotated each round); the median round is reported. */
  loadRounds: number('BENCH_LOAD_ROUNDS', quick ? 1 : 5),
  /** How long the emulator takes per answer in the second concurrency-100 run. */
  upstreamMs: number('BENCH_UPSTREAM_MS', 200),
  streams: number('BENCH_STREAMS', quick ? 100 : 500),
  streamWords: quick ? 10 : 30,
  streamIntervalMs: 200,
};
for (const [name, value] of Object.entries(settings)) {
  if (typeof value === 'number' && !(Number.isInteger(value) && value > 0))
    throw new Error(`bench setting ${name} must be a positive integer, got ${value}`);
}

const progress = (line) => process.stderr.write(`[bench] ${line}\n`);

// Everything started is stopped in reverse order — at the end, on an error, on SIGINT/SIGTERM.
const cleanups = [];
let cleaning = null;
function cleanup() {
  cleaning ??= (async () => {
    while (cleanups.length > 0) {
      const [name, stop] = cleanups.pop();
      try {
        await stop();
      } catch (error) {
        process.stderr.write(`[bench] stopping ${name} failed: ${error}\n`);
      }
    }
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    progress(`${signal}: stopping everything`);
    void cleanup().finally(() => process.exit(130));
  });
}

/** Process ids (and groups) this run started, to prove none is left afterwards. */
const started = [];
/** State and process group of every process, from /proc/<pid>/stat (zombies count as gone). */
function processTable() {
  const table = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      table.push({ pid: Number(entry), state, pgrp: Number(pgrp) });
    } catch {
      // exited meanwhile
    }
  }
  return table;
}
function leftovers() {
  const live = processTable().filter((entry) => entry.state !== 'Z');
  return started
    .filter(({ pid, group }) => Number.isInteger(pid) && pid > 1 && live.some((entry) => (group ? entry.pgrp === pid : entry.pid === pid)))
    .map(({ name, pid }) => `${name} (${pid})`);
}

const toolVersion = (command, ...args) => {
  try {
    return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
};

async function measureLibrary(stack) {
  progress(`image library: list and manifest 304 vs GET /wp-json/, ${settings.samples} interleaved samples per target`);
  return libraryLatency(stack, { samples: settings.samples, warmup: settings.warmupRounds });
}

async function measureRenders(stack) {
  progress(`template renders: ${renderSamples} cold and ${renderSamples} cached, then 50 at once`);
  return renderFigures(stack, { samples: renderSamples });
}

/** BENCH_ONLY=library (or renders): a private stack and the library's (or the renders') figures only. */
async function mainLibraryOnly() {
  const machine = { startedAt: new Date().toISOString() };
  progress('starting a private stack (MariaDB, worker, WordPress on php -S)');
  const stack = await startStack({ env: { SVC_LOG_LEVEL: 'warn', ...RENDER_ENV } });
  cleanups.push(['the stack', () => stack.stop()]);
  const groups = stack.processes();
  started.push(
    { name: 'worker group', pid: groups.workerGroup, group: true },
    { name: 'php -S group', pid: groups.phpGroup, group: true },
    { name: 'mariadbd', pid: groups.mariadb },
  );
  const library = only === 'library' ? await measureLibrary(stack) : null;
  const renders = only === 'renders' ? await measureRenders(stack) : null;
  const mariadb = /Ver\s+(\S+)/.exec(toolVersion('mariadbd', '--version'))?.[1] ?? 'unknown';
  Object.assign(machine, { php: toolVersion('php', '-r', 'echo PHP_VERSION;'), mariadb, phpWorkers: stack.phpWorkers });
  return { settings, machine, library, renders };
}

/** The machine's CPU counters (/proc/stat, first line): all time, and the time the host took ("steal"). */
function cpuCounters() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
    return { total: fields.reduce((sum, value) => sum + value, 0), steal: fields[7] ?? 0 };
  } catch {
    return null;
  }
}

async function main() {
  if (only !== '') return mainLibraryOnly();
  const machine = { startedAt: new Date().toISOString() };
  const countersAtStart = cpuCounters();

  progress('starting the provider emulator (node tests/emulators/run.js)');
  const emulator = await spawnEmulator();
  cleanups.push(['the emulator', () => emulator.stop()]);
  started.push({ name: 'emulator', pid: emulator.pid });
  progress(`emulator on ${emulator.url} (pid ${emulator.pid})`);

  progress('starting a private stack (MariaDB, worker, WordPress on php -S) pointed at the emulator');
  const stack = await startStack({ env: { ...providerEnvironment(emulator.url, emulator.keys), SVC_LOG_LEVEL: 'warn', ...RENDER_ENV } });
  cleanups.push(['the stack', () => stack.stop()]);
  const groups = stack.processes();
  started.push(
    { name: 'worker group', pid: groups.workerGroup, group: true },
    { name: 'php -S group', pid: groups.phpGroup, group: true },
    { name: 'mariadbd', pid: groups.mariadb },
  );
  const workerPid = stack.workerPid();
  progress(`stack in ${stack.dir}: worker ${stack.workerUrl} (pid ${workerPid}), WordPress ${stack.wordpressUrl}`);

  const site = 'https://bench.example';
  const { id: keyId, key } = stack.clientKey({ site, team: 'bench', name: 'bench' });
  stack.hub('entitlement', 'grant', '--site', site, '--features', 'llm.chat');
  progress('created a key (rate limit 100000/min, the CLI maximum) entitled to llm.chat');
  // Issue 16: the direct lane is measured with spend control on, as a site using it runs: a hard
  // budget on the key (far above the run's spend), a response-cache policy for it (the bench's
  // requests name no temperature, so the policy passes them by, as it does by default) and a
  // pool of two weighted deployments for the provider.
  stack.hub('budget', 'set', '--key', keyId, '--amount', '1000000', '--period', 'month');
  stack.hub('cache', 'set', 'key', keyId, '--ttl', '600');
  stack.hub('provider', 'pool', 'set', 'openai', 'bench-a', '--api-key', emulator.keys.openai, '--weight', '1');
  stack.hub('provider', 'pool', 'set', 'openai', 'bench-b', '--api-key', emulator.keys.openai, '--weight', '3');
  progress(
    'spend control on: a hard budget of 1,000,000 USD a month on the key, a cache policy for it, openai pooled over two deployments (weights 1 and 3)',
  );

  progress('starting the Portkey gateway (--headless)');
  const portkey = await spawnPortkey();
  cleanups.push(['Portkey', () => portkey.stop()]);
  started.push({ name: 'portkey', pid: portkey.pid });
  progress(`Portkey ${portkey.version} on ${portkey.url} (pid ${portkey.pid}, @hono/node-server ${portkey.honoServer})`);

  progress('starting the reference proxy (bench/reference-proxy.mjs)');
  const reference = await spawnReferenceProxy(emulator);
  cleanups.push(['the reference proxy', () => reference.stop()]);
  started.push({ name: 'reference proxy', pid: reference.pid });

  const rss = { idle: rssMiB(workerPid), portkeyIdle: rssMiB(portkey.pid) };
  const targets = chatTargets({ emulator, reference, portkey, stack, key });
  const streaming = targets.filter((target) => !target.blockingOnly);
  const agent = keepAliveAgent(settings.concurrency + 28);
  cleanups.push(['the client agent', () => agent.close()]);

  progress('checking every target answers a blocking chat and a stream');
  for (const target of targets) await blockingChat(agent, target);
  for (const target of streaming) await streamedChat(agent, target);

  progress(`WordPress GET /wp-json/ vs the plugin's health route: ${settings.samples} interleaved samples per target`);
  const health = await interleave(
    [
      { name: 'WordPress `GET /wp-json/` (baseline)', url: `${stack.wordpressUrl}/wp-json/` },
      { name: 'WordPress lane `GET /wp-json/llm/router/v1/health`', url: `${stack.wordpressUrl}/wp-json/llm/router/v1/health` },
      { name: 'direct lane `GET /wp-json/llm/router/v1/health`', url: `${stack.workerUrl}/wp-json/llm/router/v1/health` },
    ],
    { samples: settings.samples },
  );

  const library = await measureLibrary(stack);

  progress(`warming each target up before concurrency 1: ${settings.jitWarmup} blocking chats, 10 in flight`);
  for (const target of targets.filter((candidate) => candidate.id !== 'wordpress')) {
    const run = await loadChat(agent, target, { concurrency: 10, requests: settings.jitWarmup, warmup: 0 });
    if (run.errors > 0) throw new Error(`${target.name}: ${run.errors} of ${settings.jitWarmup} warm-up calls failed (${run.firstError})`);
  }
  progress(
    `blocking chat, concurrency 1: ${settings.warmupRounds} warm-up rounds, then ${settings.samples} interleaved samples per target`,
  );
  // The WordPress lane in its own pass (with the emulator as its baseline): each of its calls
  // leaves php -S and MariaDB busy after the answer, which would land in the next target's
  // sub-millisecond figures.
  const rounds = { warmup: settings.warmupRounds, samples: settings.samples };
  const sequential = await interleavedChat(
    agent,
    targets.filter((target) => target.id !== 'wordpress'),
    rounds,
  );
  progress(`blocking chat, concurrency 1, the WordPress lane: ${settings.samples} samples interleaved with the emulator`);
  const sequentialWordPress = await interleavedChat(
    agent,
    targets.filter((target) => target.id === 'emulator' || target.id === 'wordpress'),
    rounds,
  );

  progress(`time to first token: ${settings.firstTokenSamples} interleaved streams per target`);
  const firstToken = await interleavedFirstToken(agent, streaming, { warmup: 5, samples: settings.firstTokenSamples });
  progress(`time to the first tool-call piece (streamed tool call): ${settings.firstTokenSamples} interleaved streams per target`);
  const firstToolCall = await interleavedFirstToolCall(agent, streaming, { warmup: 5, samples: settings.firstTokenSamples });
  progress(`time to first token, the Messages API beside chat: ${settings.firstTokenSamples} interleaved streams per route and lane`);
  const beside = [...streaming.filter((target) => target.id === 'direct' || target.id === 'wordpress'), ...messagesTargets({ stack, key })];
  const messagesFirstToken = await interleavedMessagesFirstToken(agent, beside, { warmup: 5, samples: settings.firstTokenSamples });

  progress('paced stream (10 deltas, 100 ms apart) through each lane');
  const paced = {};
  for (const target of targets.filter((candidate) => candidate.id === 'direct' || candidate.id === 'wordpress')) {
    paced[target.id] = await pacedStream(agent, emulator.url, target, { words: 10, intervalMs: 100 });
  }

  // Saturation in rounds, the targets in turn: one short run per target measures whatever the
  // machine (and each process's JIT: the first saturating run of every target is far slower)
  // was doing in those seconds; after a warm-up round, the median of rotated rounds measures the
  // target. The WordPress lane (4 in flight, ~25 s a run, no budget at saturation) runs once.
  const runs = Object.fromEntries(targets.map((target) => [target.id, []]));
  const saturate = async (target, label) => {
    const concurrency = Math.min(settings.concurrency, target.inFlight ?? Infinity);
    progress(
      `blocking chat, concurrency ${concurrency}, ${label}: ${target.name}, ${settings.loadWarmup} warm-up + ${settings.loadRequests} requests`,
    );
    const run = await loadChat(agent, target, { concurrency, requests: settings.loadRequests, warmup: settings.loadWarmup });
    progress(`  ${Math.round(run.perSecond)} req/s${run.errors > 0 ? `, ${run.errors} failed, first: ${run.firstError}` : ''}`);
    return run;
  };
  const rotating = targets.filter((target) => target.id !== 'wordpress');
  const firstRound = settings.loadRounds > 1 ? 0 : 1; // round 0: the warm-up, not reported
  for (let round = firstRound; round <= settings.loadRounds; round += 1) {
    for (const target of rotating.map((_, index) => rotating[(index + round) % rotating.length])) {
      const run = await saturate(target, round === 0 ? 'warm-up round' : `round ${round} of ${settings.loadRounds}`);
      if (round > 0) runs[target.id].push(run);
    }
  }
  for (const target of targets.filter((candidate) => candidate.id === 'wordpress')) runs[target.id].push(await saturate(target, 'once'));
  const loaded = Object.fromEntries(Object.entries(runs).map(([id, list]) => [id, medianRun(list)]));
  const delayed = {};
  for (const target of targets.filter((candidate) => candidate.id !== 'wordpress')) {
    progress(
      `blocking chat, ${settings.concurrency} in flight, the emulator answering after ${settings.upstreamMs} ms: ${target.name}, ${settings.loadWarmup} warm-up + ${settings.loadRequests} requests`,
    );
    delayed[target.id] = await loadChatWithUpstreamLatency(agent, emulator.url, target, {
      concurrency: settings.concurrency,
      requests: settings.loadRequests,
      warmup: settings.loadWarmup,
      upstreamMs: settings.upstreamMs,
    });
    if (delayed[target.id].errors > 0) progress(`  ${delayed[target.id].errors} failed, first: ${delayed[target.id].firstError}`);
  }
  rss.afterLoad = rssMiB(workerPid);
  rss.portkeyAfterLoad = rssMiB(portkey.pid);

  await new Promise((done) => setTimeout(done, 1000));
  rss.beforeStreams = rssMiB(workerPid);
  const streamSeconds = ((settings.streamWords * settings.streamIntervalMs) / 1000).toFixed(1);
  progress(
    `${settings.streams} concurrent streams on the direct lane (${settings.streamWords + 1} deltas each, ${settings.streamIntervalMs} ms apart, ~${streamSeconds} s)`,
  );
  const streams = await manyOpenStreams(
    emulator.url,
    targets.find((target) => target.id === 'direct'),
    () => rssMiB(workerPid),
    {
      count: settings.streams,
      words: settings.streamWords,
      intervalMs: settings.streamIntervalMs,
      timeoutMs: 60_000 + settings.streamWords * settings.streamIntervalMs * 3,
    },
  );
  progress(
    `  ${streams.completed}/${streams.count} completed, at most ${streams.maxOpen} open at once, peak worker RSS ${streams.peakRss.toFixed(1)} MiB`,
  );
  await new Promise((done) => setTimeout(done, 2000));
  rss.afterStreams = rssMiB(workerPid);
  // Last: a render loads the engine's libraries and fonts and fills the render cache, which
  // would otherwise count in the streams' and the latency runs' RSS figures above.
  const renders = await measureRenders(stack);

  const mariadb = /Ver\s+(\S+)/.exec(toolVersion('mariadbd', '--version'))?.[1] ?? 'unknown';
  const countersAtEnd = cpuCounters();
  const stealPercent =
    countersAtStart && countersAtEnd && countersAtEnd.total > countersAtStart.total
      ? (100 * (countersAtEnd.steal - countersAtStart.steal)) / (countersAtEnd.total - countersAtStart.total)
      : null;
  Object.assign(machine, {
    php: toolVersion('php', '-r', 'echo PHP_VERSION;'),
    mariadb,
    phpWorkers: stack.phpWorkers,
    portkeyVersion: portkey.version,
    honoServer: portkey.honoServer,
    stealPercent,
  });
  return {
    settings,
    machine,
    health,
    library,
    renders,
    targets,
    sequential,
    sequentialWordPress,
    firstToken,
    firstToolCall,
    messagesFirstToken,
    paced,
    loaded,
    delayed,
    rss,
    streams,
  };
}

let results;
let failure = null;
try {
  results = await main();
} catch (error) {
  failure = error;
} finally {
  progress('stopping the emulator, Portkey and the stack');
  await cleanup();
}
const left = leftovers();
if (left.length > 0) progress(`WARNING: still running after the stop: ${left.join(', ')}`);
else progress(`stopped: nothing this run started is still running (${started.map((entry) => entry.name).join(', ')})`);
if (failure) {
  process.stderr.write(`[bench] failed: ${failure.stack ?? failure}\n`);
  process.exit(1);
}

const target = join(repoRoot, 'docs', 'benchmarks.md');
if (only === 'library') {
  const { machine, library } = results;
  const lines = libraryLines(library, settings.samples);
  const heading = `Run ${machine.startedAt}${settings.quick ? ' (BENCH_QUICK=1)' : ''}: PHP ${machine.php}, MariaDB ${machine.mariadb}, php -S with ${machine.phpWorkers} workers, Node ${process.version}.`;
  process.stdout.write(`${heading}\n\n${lines.join('\n')}\n`);
  if (process.argv.includes('--write')) {
    const section = [...lines.slice(0, 3), `${heading} (Measured alone with \`BENCH_ONLY=library\`.)`, '', ...lines.slice(3)];
    writeFileSync(target, spliceLibrary(readFileSync(target, 'utf8'), section, libraryBudgetRow(library)));
    progress('replaced the image library section of docs/benchmarks.md');
  }
} else if (only === 'renders') {
  const { machine, renders } = results;
  const lines = renderLines(renders, renderSamples);
  const heading = `Run ${machine.startedAt}${settings.quick ? ' (BENCH_QUICK=1)' : ''}: Node ${process.version}. (Measured alone with \`BENCH_ONLY=renders\`.)`;
  process.stdout.write(`${heading}\n\n${lines.join('\n')}\n`);
  if (process.argv.includes('--write')) {
    writeFileSync(target, spliceRenders(readFileSync(target, 'utf8'), [...lines.slice(0, 3), heading, '', ...lines.slice(3)]));
    progress('replaced the template renders section of docs/benchmarks.md');
  }
} else {
  const lines = markdown(results);
  const rendered = renderLines(results.renders, renderSamples);
  process.stdout.write(`${lines.join('\n')}\n\n${rendered.join('\n')}\n`);
  if (process.argv.includes('--write')) {
    const old = readFileSync(target, 'utf8');
    writeFileSync(target, spliceRenders(keepFrontSection(old, keepScaleSection(old, document(results, lines))), rendered));
    progress('wrote docs/benchmarks.md');
  }
}
