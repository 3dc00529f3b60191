// The direct lane's CPU per blocking chat, two worker builds side by side (not part of
// `npm run bench`; used for A/B work on the hot path): the emulator, a private stack (its
// database), the reference proxy, and two workers of our own on that database — A from
// DIST_A, B from DIST_B (each a worker/dist/main.js; B defaults to this checkout's build).
// Rounds of saturating load (100 in flight, the emulator answering at once) go to the
// reference proxy, A and B in turn (the order reversed every other round); each target's CPU
// per call comes from /proc/<pid>/stat (user + system, every thread), which the load of other
// processes on a shared machine disturbs far less than wall time. The first round warms up.
// Then concurrency 1, interleaved, for the overhead over the emulator. PROFILE=A|B runs that
// worker with --cpu-prof (into PROFILE_DIR, else <tmp>/svc-hub-cpu-profiles); NODE_ARGS_A|B|C
// add node flags to that worker; DIST_C adds a third build. MIXED_ROUNDS=N adds N rounds in
// which the builds share one load request by request (the finest A/B: no drift between them).
// PORTKEY=1 puts Portkey into the concurrency-1 interleave, as `npm run bench` has it.
// TIMELINE=1 loads bench/timeline-probe.cjs into the reference proxy, the workers and Portkey and
// prints, after the interleave, the median of each step of their calls (bench/timeline.mjs).
//   DIST_A=/tmp/base/worker/dist/main.js node bench/direct-lane-cpu.mjs
// (a copy of another build's worker/dist works when node_modules resolves from where it sits).
import { spawn } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { blockingChat, interleavedChat, keepAliveAgent, loadChat } from './llm.mjs';
import { providerEnvironment, spawnEmulator, spawnPortkey, spawnReferenceProxy } from './peers.mjs';
import { freePort, repoRoot, startStack } from './stack.mjs';
import { printTimeline, timelineArgs } from './timeline.mjs';

const rounds = Number(process.env.ROUNDS ?? 5);
const perRound = Number(process.env.REQUESTS ?? 2500);
const samples = Number(process.env.SAMPLES ?? 300);
const dists = {
  A: process.env.DIST_A,
  B: process.env.DIST_B ?? join(repoRoot, 'worker', 'dist', 'main.js'),
  ...(process.env.DIST_C ? { C: process.env.DIST_C } : {}),
};
const profileDir = process.env.PROFILE_DIR ?? join(tmpdir(), 'svc-hub-cpu-profiles');
if (!dists.A) {
  process.stderr.write('usage: DIST_A=<other build>/worker/dist/main.js [DIST_B=…] node bench/direct-lane-cpu.mjs\n');
  process.exit(2);
}
const mixedRoundCount = Number(process.env.MIXED_ROUNDS ?? 0);
const probe = process.env.TIMELINE === '1' ? timelineArgs : [];
const cleanups = [];
const cpuTicks = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]); // utime + stime, in clock ticks (1/100 s)
};
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function spawnWorker(name, main, env) {
  const port = await freePort();
  const args = process.env.PROFILE === name ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
  args.push(...probe, ...(process.env[`NODE_ARGS_${name}`] ?? '').split(' ').filter(Boolean));
  const log = openSync(join(env.SVC_STACK_DIR ?? '/tmp', `worker-${name}.log`), 'w');
  const child = spawn(process.execPath, [...args, main], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env, SVC_WORKER_PORT: String(port) },
    stdio: ['ignore', log, log],
  });
  cleanups.push(
    () =>
      new Promise((done) => {
        if (child.exitCode !== null) return done();
        const killer = setTimeout(() => child.kill('SIGKILL'), 8000);
        child.once('exit', () => done(clearTimeout(killer)));
        child.kill('SIGTERM');
      }),
  );
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries += 1) {
    try {
      await (await fetch(`${url}/wp-json/llm/router/v1/health`)).text();
      return { url, pid: child.pid };
    } catch (error) {
      if (tries > 200 || child.exitCode !== null) throw new Error(`worker ${name} (${main}) did not start: ${error}`);
      await new Promise((done) => setTimeout(done, 100));
    }
  }
}

/**
 * `requests` blocking chats, `concurrency` in flight, each sent to the next build in turn: every
 * build under the same load at the same moments, so the machine's drift (±50 µs a call between
 * separate rounds on a shared VM) falls on all of them alike. Counts the answers per build.
 */
async function loadMixed(dispatcher, builds, { concurrency, requests }) {
  const counts = Object.fromEntries(builds.map((build) => [build.id, 0]));
  let issued = 0;
  const lane = async () => {
    while (issued < requests) {
      const build = builds[issued % builds.length];
      issued += 1;
      await blockingChat(dispatcher, build);
      counts[build.id] += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  return counts;
}

/** MIXED_ROUNDS rounds of loadMixed (the first a warm-up): each build's CPU per call, by round; null when MIXED_ROUNDS is 0. */
async function mixedRounds(dispatcher, builds) {
  if (mixedRoundCount === 0) return null;
  const figures = Object.fromEntries(builds.map((build) => [build.id, []]));
  for (let round = 0; round <= mixedRoundCount; round += 1) {
    const before = Object.fromEntries(builds.map((build) => [build.id, cpuTicks(build.pid)]));
    const counts = await loadMixed(dispatcher, builds, { concurrency: 100, requests: perRound * builds.length });
    const line = builds.map((build) => {
      const microseconds = ((cpuTicks(build.pid) - before[build.id]) * 10_000) / counts[build.id];
      if (round > 0) figures[build.id].push(microseconds);
      return `${build.id} ${microseconds.toFixed(0)} µs`;
    });
    process.stderr.write(`mixed round ${round}${round === 0 ? ' (warm-up)' : ''}: ${line.join(', ')}\n`);
  }
  return figures;
}

try {
  const emulator = await spawnEmulator();
  cleanups.push(() => emulator.stop());
  const stack = await startStack({ env: { ...providerEnvironment(emulator.url, emulator.keys), SVC_LOG_LEVEL: 'warn' } });
  cleanups.push(() => stack.stop());
  const site = 'https://bench.example';
  // A key per build: the CLI's largest rate limit (100,000 a minute) is less than three builds' minute of load.
  // BUDGET_A|B|C=USD: a hard monthly budget of that amount on that build's key (a call then
  // reserves and settles through the budget's leases; an amount far above the run's spend never refuses).
  const createKey = (build) => {
    const { id, key } = stack.clientKey({ site, team: 'bench', name: `bench-${build}` });
    const budget = process.env[`BUDGET_${build}`];
    if (budget) stack.hub('budget', 'set', '--key', id, '--amount', budget, '--period', 'month');
    return key;
  };
  stack.hub('entitlement', 'grant', '--site', site, '--features', 'llm.chat');
  const reference = await spawnReferenceProxy(emulator, undefined, probe);
  cleanups.push(() => reference.stop());
  const env = { ...stack.workerEnv, SVC_STACK_DIR: stack.dir };
  const workers = {};
  for (const [name, main] of Object.entries(dists)) workers[name] = await spawnWorker(name, main, env);
  const json = { 'content-type': 'application/json' };
  const chat = (id, url, headers, model, pid) => ({ id, name: id, url, headers, model, pid });
  const targets = [
    chat(
      'emulator',
      `${emulator.url}/openai/v1/chat/completions`,
      { ...json, authorization: `Bearer ${emulator.keys.openai}` },
      'gpt-4o-mini',
      emulator.pid,
    ),
    chat('reference', `${reference.url}/v1/chat/completions`, json, 'openai/gpt-4o-mini', reference.pid),
    ...Object.entries(workers).map(([name, worker]) =>
      chat(
        name,
        `${worker.url}/wp-json/llm/router/v1/chat/completions`,
        { ...json, authorization: `Bearer ${createKey(name)}` },
        'openai/gpt-4o-mini',
        worker.pid,
      ),
    ),
  ];
  const agent = keepAliveAgent(130);
  cleanups.push(() => agent.close());
  for (const target of targets) await blockingChat(agent, target);
  const loaded = targets.slice(1);
  const figures = Object.fromEntries(loaded.map((target) => [target.id, { cpu: [], database: [], perSecond: [] }]));
  const mariadb = stack.processes().mariadb;
  for (let round = 0; round < rounds; round += 1) {
    for (const target of round % 2 ? [...loaded].reverse() : loaded) {
      const before = cpuTicks(target.pid);
      const databaseBefore = cpuTicks(mariadb);
      const result = await loadChat(agent, target, { concurrency: 100, requests: perRound, warmup: 0 });
      const microseconds = ((cpuTicks(target.pid) - before) * 10_000) / perRound;
      // MariaDB's CPU per call while this target ran (usage rows, budget and rate writes).
      const database = ((cpuTicks(mariadb) - databaseBefore) * 10_000) / perRound;
      if (result.errors > 0) throw new Error(`${target.id}: ${result.errors} failed calls (${result.firstError})`);
      process.stderr.write(
        `round ${round} ${target.id}: ${result.perSecond.toFixed(0)} calls/s, ${microseconds.toFixed(0)} µs CPU a call, MariaDB ${database.toFixed(0)} µs\n`,
      );
      if (round > 0)
        (figures[target.id].cpu.push(microseconds),
          figures[target.id].database.push(database),
          figures[target.id].perSecond.push(result.perSecond));
    }
  }
  const mixed = await mixedRounds(
    agent,
    loaded.filter((target) => target.id !== 'reference'),
  );
  // PORTKEY=1: Portkey joins the concurrency-1 interleave (after the same 2,000-call warm-up as in
  // `npm run bench`), so every call of ours runs after one of its, with the caches it leaves, as
  // in the bench — where the direct lane sits further above the reference proxy than here.
  const interleaved = [...targets];
  if (process.env.PORTKEY === '1') {
    const portkey = await spawnPortkey(undefined, probe);
    cleanups.push(() => portkey.stop());
    const upstream = { ...json, authorization: `Bearer ${emulator.keys.openai}` };
    const target = {
      id: 'portkey',
      name: 'portkey',
      url: `${portkey.url}/v1/chat/completions`,
      headers: { ...upstream, 'x-portkey-provider': 'openai', 'x-portkey-custom-host': `${emulator.url}/openai/v1` },
      model: 'gpt-4o-mini',
      pid: portkey.pid,
    };
    await loadChat(agent, target, { concurrency: 10, requests: 2000, warmup: 0 });
    interleaved.push(target);
  }
  const single = await interleavedChat(agent, interleaved, { warmup: 30, samples });
  console.log(
    `| target | CPU µs a call (median of ${rounds - 1} rounds) | MariaDB CPU µs a call | calls/s at 100 in flight (median) | p50 ms, concurrency 1 | overhead p50 ms |`,
  );
  console.log('|---|---|---|---|---|---|');
  for (const target of interleaved) {
    const own = figures[target.id];
    const overhead = target.id === 'emulator' ? '–' : (single[target.id].p50 - single.emulator.p50).toFixed(3);
    console.log(
      `| ${target.id} | ${own ? median(own.cpu).toFixed(0) : '–'} | ${own ? median(own.database).toFixed(0) : '–'} | ${own ? median(own.perSecond).toFixed(0) : '–'} | ${single[target.id].p50.toFixed(3)} | ${overhead} |`,
    );
  }
  if (probe.length > 0)
    await printTimeline(
      interleaved.filter((target) => target.id !== 'emulator'),
      samples,
    );
  if (mixed) {
    console.log(`\nMixed rounds (MIXED_ROUNDS=${mixedRoundCount}: the builds under one load, each request to the next build in turn):`);
    console.log('| build | CPU µs a call (median) | vs A |');
    console.log('|---|---|---|');
    for (const [id, values] of Object.entries(mixed))
      console.log(`| ${id} | ${median(values).toFixed(1)} | ${(median(values) - median(mixed.A)).toFixed(1)} |`);
  }
} finally {
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch (error) {
      process.stderr.write(`cleanup: ${error}\n`);
    }
  }
}
