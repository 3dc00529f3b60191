// The benchmark's markdown: the figures of one run (printed by npm run bench) and the
// docs/benchmarks.md around them (npm run bench -- --write).
import { cpus, totalmem, release } from 'node:os';
import { libraryBudgetRow, libraryLines } from './library-report.mjs';
import { format } from './measure.mjs';

/**
 * docs/architecture.md §8 (as of 2026-11-27): the direct lane's overhead at concurrency 1 at most 2× the
 * reference proxy's and 0.5× Portkey's; at saturation ≥ 60 % of the reference proxy's
 * throughput and ≥ 2.5× Portkey's; time to first token (and first tool-call piece) overhead
 * ≤ 0.2× Portkey's. Each judged on the median of three runs.
 */
const BUDGETS = {
  directOfReference: 2,
  directOfPortkey: 0.5,
  directP99At100: 5,
  saturationOfReference: 0.6,
  saturationOfPortkey: 2.5,
  firstTokenOfPortkey: 0.2,
  wordpressP50: 3,
  streamsRssMB: 250,
};
const PASS = '**pass**';
const FAIL = '**FAIL**';
const verdict = (ok) => (ok ? PASS : FAIL);
const ratio = (value, base) => (Number.isFinite(value) && Number.isFinite(base) && base > 0 ? `${(value / base).toFixed(2)}×` : 'n/a');
const mib = (value) => (value === null || value === undefined ? 'n/a' : value.toFixed(1));
const MB_PER_MIB = 2 ** 20 / 1e6;
const count = (value) => value.toLocaleString('en-US');

/** Overheads over the emulator called directly, and their ratio to Portkey's. */
function overheads(table) {
  const base = table.emulator;
  const portkey = table.portkey.p50 - base.p50;
  return Object.fromEntries(
    Object.entries(table).map(([id, row]) => [
      id,
      { p50: row.p50 - base.p50, p99: row.p99 - base.p99, ofPortkey: ratio(row.p50 - base.p50, portkey) },
    ]),
  );
}

/** A concurrency table: in flight, p50, p99, req/s, failures and overheads (none for a target run at another concurrency). */
function loadTable(ids, table, overhead, name) {
  return [
    '| target | in flight | p50 ms | p99 ms | req/s | failed | overhead p50 ms | overhead p99 ms |',
    '|---|---|---|---|---|---|---|---|',
    ...ids.map((id) => {
      const row = table[id];
      const sameConcurrency = row.concurrency === table.emulator.concurrency;
      const extra =
        id === 'emulator' ? '– | –' : sameConcurrency ? `${format(overhead[id].p50)} | ${format(overhead[id].p99)}` : 'n/a | n/a';
      return `| ${name[id]} | ${row.concurrency} | ${format(row.p50)} | ${format(row.p99)} | ${Math.round(row.perSecond)}${row.perSecondRuns?.length > 1 ? ` (rounds: ${row.perSecondRuns.map(Math.round).join(', ')})` : ''} | ${row.errors} | ${extra} |`;
    }),
  ];
}

export function markdown(results) {
  const {
    settings,
    machine,
    health,
    targets,
    sequential,
    sequentialWordPress,
    firstToken,
    firstToolCall,
    paced,
    loaded,
    delayed,
    rss,
    streams,
  } = results;
  const name = Object.fromEntries(targets.map((target) => [target.id, target.name]));
  const ids = targets.map((target) => target.id);
  const streamIds = ids.filter((id) => id in firstToken);
  const delayedIds = ids.filter((id) => id in delayed);
  const c1 = overheads(sequential);
  const c1Ids = ids.filter((id) => id in sequential);
  const wpC1 = sequentialWordPress.wordpress;
  const wpC1Overhead = wpC1.p50 - sequentialWordPress.emulator.p50;
  const c100 = overheads(loaded);
  const c100Delayed = overheads(delayed);
  const ttft = overheads(firstToken);
  const toolTtft = firstToolCall ? overheads(firstToolCall) : null;
  const [baseline, viaWordPress, direct] = health;
  const pluginOverhead = viaWordPress.p50 - baseline.p50;
  const cpu = cpus();
  const spread = (id) => {
    const arrivals = paced[id]?.arrivals ?? [];
    return {
      first: arrivals[0],
      last: arrivals[arrivals.length - 1],
      n: arrivals.length,
      span: arrivals[arrivals.length - 1] - arrivals[0],
    };
  };
  const wpPaced = spread('wordpress');
  const directPaced = spread('direct');
  const pacedExpectedSpan = (wpPaced.n - 1) * (paced.wordpress?.intervalMs ?? 0);
  const streamsClean =
    streams.completed === streams.count &&
    streams.lost === 0 &&
    streams.reordered === 0 &&
    streams.foreign === 0 &&
    streams.deltasReceived === streams.deltasExpected;

  return [
    `Run ${machine.startedAt}${settings.quick ? ' (**BENCH_QUICK=1: a short run, not for publication**)' : ''} on ${cpu.length} cores ` +
      `(${cpu[0]?.model ?? 'unknown cpu'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Linux ${release()}, Node ${process.version}, ` +
      `PHP ${machine.php}, MariaDB ${machine.mariadb}; php -S with ${machine.phpWorkers} workers; Portkey ${machine.portkeyVersion} (@hono/node-server ${machine.honoServer}). ` +
      'The emulator, Portkey, the worker, MariaDB, php -S and the load generator all share these cores. ' +
      (machine.stealPercent === null || machine.stealPercent === undefined
        ? ''
        : `CPU time taken by the VM's host during the run ("steal", /proc/stat): ${machine.stealPercent.toFixed(1)} % — on a quiet host under 1 %; more means other guests competed and every figure is slower and noisier.`),
    '',
    '### Blocking chat, concurrency 1',
    '',
    `\`openai/gpt-4o-mini\`, prompt "Say hello in five words"; ${settings.samples} samples per target, the targets called in turn (shuffled each round), ` +
      `after ${settings.jitWarmup.toLocaleString('en-US')} blocking chats per target (10 in flight) and ${settings.warmupRounds} warm-up rounds. Overhead = target p50 − emulator p50.`,
    '',
    "| target | p50 ms | p90 ms | p99 ms | overhead p50 ms | overhead ÷ Portkey's |",
    '|---|---|---|---|---|---|',
    ...c1Ids.map((id) => {
      const row = sequential[id];
      const extra = id === 'emulator' ? '– | –' : `${format(c1[id].p50)} | ${c1[id].ofPortkey}`;
      return `| ${name[id]} | ${format(row.p50)} | ${format(row.p90)} | ${format(row.p99)} | ${extra} |`;
    }),
    `| ${name.wordpress} (own pass) | ${format(wpC1.p50)} | ${format(wpC1.p90)} | ${format(wpC1.p99)} | ${format(wpC1Overhead)} | ${ratio(wpC1Overhead, c1.portkey.p50)} |`,
    '',
    `The WordPress lane ran in its own pass, ${settings.samples} samples interleaved with the emulator (${format(sequentialWordPress.emulator.p50)} ms p50 ` +
      'in that pass, its overhead measured against that): each of its calls leaves php -S and MariaDB busy after the answer, which ' +
      'would spill into the sub-millisecond figures of the others. Its overhead is nearly all WordPress booting for each request (see the health comparison).',
    '',
    `### Blocking chat, ${settings.concurrency} concurrent requests, the emulator answering after ${settings.upstreamMs} ms ± 50 %`,
    '',
    `${count(settings.loadRequests)} requests per target after ${settings.loadWarmup} warm-up ones, one target at a time, ` +
      `${settings.concurrency} in flight at every moment over keep-alive connections; the emulator holds each answer ${settings.upstreamMs} ms ± 50 % ` +
      '(scripted `delayHeadersMs`, uniform, the same sequence for every target) and the 100 lanes start spread over that time, so the ' +
      'calls are concurrent because they wait, as on a provider, and arrive steadily rather than in waves; the cores are not saturated ' +
      '(next table). Overhead = target − emulator, at the same percentile.',
    '',
    ...loadTable(delayedIds, delayed, c100Delayed, name),
    '',
    `### Blocking chat, concurrency ${settings.concurrency}, the emulator answering at once (saturation)`,
    '',
    `${settings.loadRounds > 1 ? `A warm-up round (not reported: every target's first saturating run is far slower), then ${settings.loadRounds} rounds, the targets in turn (the order rotated each round); in each, ` : ''}` +
      `${count(settings.loadRequests)} requests per target after ${settings.loadWarmup} warm-up ones, one target at a time, ` +
      `that many in flight at every moment over keep-alive connections${settings.loadRounds > 1 ? "; each row is the round with the median throughput (every round's req/s in brackets), failures summed over the rounds; the WordPress lane runs once, after them" : ''}. The WordPress lane gets ${machine.phpWorkers} in flight, ` +
      'one per php -S worker (see the setup), so it has no overhead figure here. Overhead = target − emulator, at the same percentile. ' +
      'With an upstream that answers at once, 100 in flight keep both cores busy: this table measures how many calls per second each ' +
      'target gets through on this machine, and its percentiles are queueing (see "Reading the figures").',
    '',
    ...loadTable(ids, loaded, c100, name),
    '',
    '### Time to first token (`stream: true`)',
    '',
    `${settings.firstTokenSamples} streams per target, the targets called in turn (shuffled each round): time from sending the request to the first ` +
      '`data:` line with content.',
    '',
    "| target | p50 ms | p90 ms | p99 ms | overhead p50 ms | overhead ÷ Portkey's |",
    '|---|---|---|---|---|---|',
    ...streamIds.map((id) => {
      const row = firstToken[id];
      const extra = id === 'emulator' ? '– | –' : `${format(ttft[id].p50)} | ${ttft[id].ofPortkey}`;
      return `| ${name[id]} | ${format(row.p50)} | ${format(row.p90)} | ${format(row.p99)} | ${extra} |`;
    }),
    '',
    ...(toolTtft
      ? [
          'A streamed tool call (`tools` with one function; the emulator calls it): time to the first `tool_calls` piece, the arguments checked when assembled.',
          '',
          "| target | p50 ms | p90 ms | p99 ms | overhead p50 ms | overhead ÷ Portkey's |",
          '|---|---|---|---|---|---|',
          ...streamIds.map((id) => {
            const row = firstToolCall[id];
            const extra = id === 'emulator' ? '– | –' : `${format(toolTtft[id].p50)} | ${toolTtft[id].ofPortkey}`;
            return `| ${name[id]} | ${format(row.p50)} | ${format(row.p90)} | ${format(row.p99)} | ${extra} |`;
          }),
          '',
        ]
      : []),
    `A paced stream (${wpPaced.n} deltas, the emulator waiting ${paced.wordpress?.intervalMs} ms between them): through the WordPress lane ` +
      `they arrived from ${format(wpPaced.first)} ms to ${format(wpPaced.last)} ms, through the direct lane from ` +
      `${format(directPaced.first)} ms to ${format(directPaced.last)} ms.`,
    '',
    `### Worker memory with ${streams.count} concurrent streams (direct lane)`,
    '',
    `Each stream: ${streams.words + 1} deltas, the emulator waiting ${streams.intervalMs} ms between them; all opened at once. ` +
      "RSS = VmRSS of the worker's node process (/proc/<pid>/status), sampled every 50 ms.",
    '',
    '| moment | worker RSS MiB |',
    '|---|---|',
    `| idle, just started | ${mib(rss.idle)} |`,
    `| idle, after the latency runs | ${mib(rss.beforeStreams)} |`,
    `| the moment all ${streams.count} streams were open | ${mib(streams.rssAtAllOpen)} |`,
    `| peak while streaming | ${mib(streams.peakRss)} |`,
    `| 2 s after the streams ended | ${mib(rss.afterStreams)} |`,
    '',
    `Streams: ${streams.completed}/${streams.count} completed in ${streams.seconds.toFixed(1)} s, at most ${streams.maxOpen} open at once; ` +
      `deltas ${count(streams.deltasReceived)}/${count(streams.deltasExpected)}, ${streams.lost} lost, ${streams.reordered} streams reordered, ` +
      `${streams.foreign} from another stream${streams.firstProblem ? `; first problem: ${streams.firstProblem}` : ''}. ` +
      `For scale, Portkey's RSS: ${mib(rss.portkeyIdle)} MiB idle, ${mib(rss.portkeyAfterLoad)} MiB after its load run.`,
    '',
    '### Budgets (docs/architecture.md §8)',
    '',
    '| budget | measured | result |',
    '|---|---|---|',
    `| direct lane: overhead p50 at concurrency 1 ≤ ${BUDGETS.directOfReference}× the reference proxy's and ≤ ${BUDGETS.directOfPortkey}× Portkey's | ${format(c1.direct.p50)} ms: ${ratio(c1.direct.p50, c1.reference.p50)} the reference proxy's ${format(c1.reference.p50)} ms; ${ratio(c1.direct.p50, c1.portkey.p50)} Portkey's ${format(c1.portkey.p50)} ms | ${verdict(c1.direct.p50 <= BUDGETS.directOfReference * c1.reference.p50 && c1.direct.p50 <= BUDGETS.directOfPortkey * c1.portkey.p50)} |`,
    `| direct lane: overhead p99 ≤ ${BUDGETS.directP99At100} ms at ${settings.concurrency} concurrent requests | ${format(c100Delayed.direct.p99)} ms with the emulator answering after ${settings.upstreamMs} ms ± 50 % (Portkey ${format(c100Delayed.portkey.p99)} ms, the reference proxy ${format(c100Delayed.reference.p99)} ms); at saturation ${format(c100.direct.p99)} ms (Portkey ${format(c100.portkey.p99)} ms, the reference proxy ${format(c100.reference.p99)} ms) | ${verdict(c100Delayed.direct.p99 <= BUDGETS.directP99At100 && delayed.direct.errors === 0)} |`,
    `| direct lane at saturation: throughput ≥ ${BUDGETS.saturationOfReference * 100} % of the reference proxy's and ≥ ${BUDGETS.saturationOfPortkey}× Portkey's | ${Math.round(loaded.direct.perSecond)} req/s = ${Math.round((100 * loaded.direct.perSecond) / loaded.reference.perSecond)} % of ${Math.round(loaded.reference.perSecond)}; ${ratio(loaded.direct.perSecond, loaded.portkey.perSecond)} Portkey's ${Math.round(loaded.portkey.perSecond)} | ${verdict(loaded.direct.perSecond >= BUDGETS.saturationOfReference * loaded.reference.perSecond && loaded.direct.perSecond >= BUDGETS.saturationOfPortkey * loaded.portkey.perSecond)} |`,
    `| direct lane: time to first token, overhead p50 ≤ ${BUDGETS.firstTokenOfPortkey}× Portkey's | ${format(ttft.direct.p50)} ms = ${ttft.direct.ofPortkey} Portkey's ${format(ttft.portkey.p50)} ms | ${verdict(ttft.direct.p50 <= BUDGETS.firstTokenOfPortkey * ttft.portkey.p50)} |`,
    ...(toolTtft
      ? [
          `| direct lane: time to the first tool-call piece, overhead p50 ≤ ${BUDGETS.firstTokenOfPortkey}× Portkey's | ${format(toolTtft.direct.p50)} ms = ${toolTtft.direct.ofPortkey} Portkey's ${format(toolTtft.portkey.p50)} ms | ${verdict(toolTtft.direct.p50 <= BUDGETS.firstTokenOfPortkey * toolTtft.portkey.p50)} |`,
        ]
      : []),
    `| WordPress lane: plugin adds ≤ ${BUDGETS.wordpressP50} ms p50 over \`GET /wp-json/\` | ${format(pluginOverhead)} ms (health route, table below) | ${verdict(pluginOverhead <= BUDGETS.wordpressP50)} |`,
    `| WordPress lane: streamed tokens leave PHP as they arrive | ${wpPaced.n} deltas spread over ${format(wpPaced.span)} ms (sent over ${pacedExpectedSpan} ms) | ${verdict(wpPaced.span >= 0.8 * pacedExpectedSpan)} |`,
    `| ${streams.count} concurrent open streams: worker RSS ≤ ${BUDGETS.streamsRssMB} MB | peak ${mib(streams.peakRss)} MiB = ${(streams.peakRss * MB_PER_MIB).toFixed(0)} MB, ${streams.maxOpen} open at once | ${verdict(streams.peakRss * MB_PER_MIB <= BUDGETS.streamsRssMB && streams.maxOpen === streams.count)} |`,
    `| no chunk reordered or lost | ${streams.lost} lost, ${streams.reordered} reordered, ${streams.completed}/${streams.count} complete | ${verdict(streamsClean)} |`,
    libraryBudgetRow(results.library),
    '',
    '### WordPress lane vs WordPress itself',
    '',
    `${settings.samples} samples per target, the targets called in turn (\`fetch\`).`,
    '',
    '| target | p50 ms | p90 ms | p99 ms | n |',
    '|---|---|---|---|---|',
    ...health.map((row) => `| ${row.name} | ${format(row.p50)} | ${format(row.p90)} | ${format(row.p99)} | ${row.n} |`),
    '',
    `Plugin overhead through WordPress (health p50 − \`/wp-json/\` p50): **${format(pluginOverhead)} ms** ` +
      `(ratio ${(viaWordPress.p50 / baseline.p50).toFixed(2)}×; budget ≤ ${BUDGETS.wordpressP50} ms). Direct lane health p50: ${format(direct.p50)} ms.`,
    ...(results.library ? ['', ...libraryLines(results.library, settings.samples)] : []),
  ];
}

export function document(results, lines) {
  return `${['# Benchmarks', '', ...INTRO, '', '## Latest run', '', ...lines, '', ...NOTES].join('\n')}\n`;
}

const INTRO = [
  'Measured by `npm run bench -- --write` (bench/run.mjs); `npm run bench` prints the same tables',
  'without writing. `BENCH_QUICK=1` makes a short run; `BENCH_SAMPLES`, `BENCH_TTFT_SAMPLES`,',
  "`BENCH_LOAD_REQUESTS`, `BENCH_STREAMS` and `BENCH_UPSTREAM_MS` (the emulator's answer time in the",
  'second concurrency-100 run, default 200) set the sizes. Never timed assertions in tests.',
  '',
  '## Setup',
  '',
  'One run starts, on free ports on 127.0.0.1, and stops at the end (also on failure or Ctrl-C):',
  '',
  '- the LLM provider emulator of the tests (`node tests/emulators/run.js`), the one upstream every',
  '  target calls: `POST /openai/v1/chat/completions` answers `Echo: <prompt>` as OpenAI does;',
  "- a private stack through the project's own scripts (scripts/stack-setup.sh, stack-start.sh):",
  '  MariaDB, the worker (`SVC_LOG_LEVEL=warn`, every provider pointed at the emulator as the e2e',
  '  setup does), WordPress 7.1 on `php -S` (4 workers, opcache as Debian ships it); a key made with',
  "  `hub key create … --rate-limit 100000 --concurrency 10000` (the CLI's maxima) and `hub entitlement grant … --features llm.chat`;",
  '  spend control on for it, as issue 16 has the direct lane measured: a hard budget on the key',
  "  (`hub budget set --key … --amount 1000000 --period month`, far above the run's spend), a",
  '  response-cache policy for it (`hub cache set key … --ttl 600`; the requests name no',
  '  temperature, so it passes them by, as by default) and openai pooled over two deployments',
  '  (`hub provider pool set openai bench-a|bench-b --api-key <emulator key> --weight 1|3`);',
  '- the Portkey AI gateway `@portkey-ai/gateway` 1.15.2 from npm (a devDependency), its own process:',
  '  `node node_modules/@portkey-ai/gateway/build/start-server.js --port=<port> --headless`;',
  '- a reference proxy, bench/reference-proxy.mjs, its own process: 30 lines of `node:http` in and',
  "  undici's `dispatch` out, the JSON parsed and written again, and nothing a gateway must do (no",
  '  key, rate limit, validation, usage row or cost). It is the floor for any Node gateway on this',
  '  machine, measured in the same run, so the budgets can be read against what the machine allows.',
  '',
  'The five targets, each asked for `gpt-4o-mini` with the prompt "Say hello in five words":',
  '',
  '| target | request |',
  '|---|---|',
  '| emulator, called directly | `POST <emulator>/openai/v1/chat/completions`, `Authorization: Bearer <emulator key>`, model `gpt-4o-mini` |',
  '| reference proxy | `POST <proxy>/v1/chat/completions`, model `openai/gpt-4o-mini` (blocking only: it has no streaming of its own) |',
  '| Portkey gateway | `POST <portkey>/v1/chat/completions`, `x-portkey-provider: openai`, `x-portkey-custom-host: <emulator>/openai/v1`, the emulator key, model `gpt-4o-mini` |',
  '| svc-hub direct lane | `POST <worker>/wp-json/llm/router/v1/chat/completions`, `Authorization: Bearer <svc key>`, model `openai/gpt-4o-mini` |',
  '| svc-hub WordPress lane | the same path and key on the WordPress URL (PHP forwards it to the worker) |',
  '',
  'Method:',
  '',
  '- Every request goes through an undici keep-alive `Agent` (up to 128 connections per origin) and',
  '  is timed from sending to the last byte of the answer; every answer is checked (status 200,',
  '  `Echo: …` as the reply), a stream also for its `[DONE]` and its whole text.',
  '- Concurrency 1: the targets are called in turn (interleaved, the order shuffled every round with',
  '  a fixed seed), so all of them see the same machine conditions. Before them every target answers',
  '  `BENCH_JIT_WARMUP` (2,000) blocking chats, 10 in flight, then warm-up rounds: the figures are a',
  "  long-running gateway's, not those of a process's first few hundred calls, whose code the JIT has",
  '  not compiled yet. Without that warm-up (before 2026-11-25) every target was slower, Portkey most:',
  '  runs that day measured its overhead at 2.38 and 3.48 ms without it and 1.51 ms with it, and the',
  "  direct lane's ratio to it went from 0.41–0.42× to 0.43–0.45×. The",
  '  WordPress lane runs in a second such pass with the emulator (its calls leave php -S and MariaDB',
  "  busy after the answer, which would land in the next target's figures). `php -S`",
  '  answers `Connection: close`, so the WordPress lane pays a TCP connect per request; the other',
  '  targets reuse their connections.',
  '- Concurrency 100, twice, one target at a time, 100 requests in flight at every moment (a new one',
  '  as soon as one ends), one continuous run whose first requests are the warm-up. First with the',
  '  emulator holding each answer 200 ms ± 50 % and the lanes started spread over 200 ms: calls that',
  '  are concurrent because they wait, as on a real provider, arriving steadily (the docs/architecture.md §8 budget for',
  '  100 concurrent requests is judged here). Then with the emulator answering at once: 100 in flight',
  '  then saturate both cores, which measures throughput (req/s); its percentiles are queueing.',
  '  The WordPress lane only runs the second, with as many in flight as `php -S` has workers (4): `php -S` serves',
  '  one request per worker process, so with 100 sent at once 96 would just wait in the listen queue',
  '  and the percentiles would measure that queue (about 100 ÷ 4 × its service time), not the plugin.',
  '  A production WordPress (php-fpm) would be sized by its pool the same way.',
  '- Time to first token: `stream: true`, the time until the first `data:` line with content.',
  '- Paced stream: the emulator waits 100 ms between deltas (its `intervalMs` behaviour, scripted',
  '  through `POST /_control/script`); the client notes when each delta arrives. Deltas that pass',
  '  through as they arrive spread over the whole second; buffered ones would arrive together.',
  '- Open streams: the emulator is scripted to pace the next 500 OpenAI streams; 500 streams are',
  '  opened at once on the direct lane, each with its own prompt (`s017w01 s017w02 …`), so every',
  "  stream must get back exactly its own deltas, in order, none missing; the worker's RSS is",
  '  sampled meanwhile.',
  '- Overhead of a lane = its p50 (or p99) − the emulator\'s at the same concurrency; "÷ Portkey\'s" is',
  "  that overhead divided by Portkey's.",
  '- The load generator runs on the same 2 cores as everything else: at concurrency 100 the',
  '  figures include the competition for CPU between the client, the gateway under test and the',
  '  emulator (and MariaDB, which the worker writes usage rows to), for every target alike.',
  '',
  'Portkey details that matter for a fair reading:',
  '',
  '- `@portkey-ai/gateway` 1.15.2 declares `@hono/node-server ^1.3.3`; npm picks 1.19.x, with which',
  '  every streamed chat fails (500 "Something went wrong"; its log: `TypeError: immutable` in',
  '  `updateHeaders`, the bug of Portkey issues #1389 and #1550: from 1.14 on, the lightweight',
  "  `Response` of @hono/node-server keeps the upstream fetch response's immutable headers; 1.14.2",
  '  fails too, 1.13.8 works). The devDependencies pin',
  '  `@hono/node-server` 1.13.8 (and `@hono/node-ws` 1.2.0, whose peer range accepts it), within',
  "  Portkey's declared ranges; blocking and streamed chat then work.",
  "- Portkey's stream pass-through waits 25 ms (`setTimeout`) before it forwards the first chunk",
  '  (build/start-server.js, the SSE splitting loop), so its time to first token is about 25 ms more',
  '  than its blocking overhead would suggest. That is its code, not the setup.',
  '- Portkey listens on every interface (it has no host option); the benchmark only calls it on',
  '  127.0.0.1.',
  '',
  'The machine: a 2-vCPU Firecracker VM (Intel Xeon), no swap; the versions of Node, PHP and MariaDB',
  "are in the run's first line. Other work of the project may run on it at the same time.",
  '',
  '## Published figures for peers',
  '',
  'From `docs/external/llm-providers.md` (not measured here):',
  '',
  '| gateway | median overhead | source |',
  '|---|---|---|',
  '| Bifrost (Go) | 0.44 ms; 11–59 µs claimed at 5k RPS | independent localhost sequential test; vendor claim |',
  '| Portkey OSS | 2.4 ms | the same independent test |',
  '| LiteLLM | 4.3 ms; ~2–12 ms at ~1k RPS on 2–4 instances of 4 vCPU | the same independent test; vendor figures |',
  '',
  'docs/architecture.md §8 budgets (as of 2026-11-27, each judged on the median of three runs): direct lane overhead',
  "p50 at concurrency 1 ≤ 2× the reference proxy's and ≤ 0.5× Portkey's; p99 ≤ 5 ms at 100 concurrent",
  "requests; at saturation ≥ 60 % of the reference proxy's throughput and ≥ 2.5× Portkey's; time to",
  "first token (and to the first tool-call piece) ≤ 0.2× Portkey's overhead; WordPress lane ≤ 3 ms p50",
  "over WordPress's own `GET /wp-json/`, streamed tokens leaving PHP as they arrive; 500 concurrent",
  "open streams with worker RSS ≤ 250 MB and no chunk reordered or lost; the manifest's 304 answered",
  "without reading the template rows. (Until 2026-11-27 the rules were the reference proxy's + 0.5 ms,",
  "0.4× Portkey's and ≥ 70 % of the reference proxy at saturation; the investigations below were",
  'measured against those.)',
  '',
  "The image library's figures (its own section below) can be measured alone: `BENCH_ONLY=library npm run bench`",
  '(with `-- --write`, only that section of this file is replaced).',
];

const NOTES = [
  '## Reading the figures',
  '',
  '- The run-to-run spread on this shared 2-core VM is large, and follows the host: over the runs',
  "  of 2026-11-22 the reference proxy's p50 overhead at concurrency 1 ranged from 0.33 ms (quiet",
  '  host) to 3.0 ms (a fifth of the CPU time taken by the host, the "steal" in the run\'s heading),',
  '  and every other target moved with it. Compare the targets within one run, not across runs; the',
  '  reference proxy shows how much of an overhead the machine itself imposes on any Node proxy.',
  "- The WordPress lane's chat overhead is WordPress booting for every request (compare the",
  '  `GET /wp-json/` baseline below: ~20–30 ms on `php -S`); the plugin itself adds nothing measurable',
  '  on top of that (the health comparison).',
  '- Concurrency 100 with an upstream that answers at once measures saturation, not overhead: the',
  '  client, the target and the emulator (and for our lanes MariaDB) share two cores, each request',
  '  through a gateway costs the cores more than one straight to the emulator, so fewer are answered',
  "  per second and, with 100 always in flight, each waits longer (Little's law: latency = 100 ÷",
  '  throughput). Even the reference proxy adds tens of milliseconds at p50 there and its p99 swings',
  '  by hundreds between runs. The run with a 200 ms ± 50 % upstream keeps 100 requests in flight',
  '  without saturating the cores, which is what the budget describes.',
  '',
  "## Where the direct lane's overhead goes (investigations of 2026-11-21, -22, -24 and -25, not part of the run)",
  '',
  'Done with throwaway harnesses that reuse bench/*.mjs (the emulator, the stack, the reference',
  'proxy); numbers are from those runs.',
  '',
  '- **Express.** A proxy written with Express 5 and `express.json()` added 0.53 ms p50 where the',
  "  same proxy on `node:http` added 0.29 ms. The router's call routes on the direct lane are now",
  '  served by a lean dispatch (worker/src/http/server/lean-dispatch.ts): the same checks in the same order',
  "  and the same handlers and error answers, without Express's routing and request decoration;",
  '  every unusual request (other spellings, Content-Encoding, shell-signed, X-Forwarded-For behind',
  '  a trusted proxy) still goes to Express, and an e2e test compares both answer by answer. The',
  "  worker's CPU per call at concurrency 100 fell from 1.47 to 0.67 ms and its saturated",
  '  throughput rose from ~910 to ~1,400 calls per second (same harness, same day).',
  "- **The upstream call.** undici's `request()` wraps the answer in a body stream and promises;",
  '  collecting it with a `dispatch` handler took the reference proxy from 0.57 to 0.37 ms overhead',
  '  and the worker from 0.78 to 0.63 ms (CPU per call 1.22 → 0.95 ms) in the same harness.',
  '- **What is left.** Timestamps inside the worker at concurrency 1 (medians): 76 µs from the',
  '  request event to the whole body, 48 µs for key, rate limit, entitlement and JSON, 100 µs from',
  '  the chat handler to the upstream write (validation, purpose and provider resolution, the usage',
  "  row's opening, the upstream request), 103 µs from the upstream's last byte to our answer",
  "  (parsing and checking the provider's JSON, cost, the usage row, the answer's JSON). Each piece",
  '  is a few microseconds of code run cold; no single one dominates. Above the reference proxy the',
  "  worker spends about 0.25 ms; the rest of its overhead is the machine's (two more loopback",
  '  socket hops and process wake-ups on a VM, measured by the reference proxy).',
  '- **Per-call CPU (2026-11-24).** `bench/direct-lane-cpu.mjs` runs two worker builds on one stack',
  "  beside the reference proxy and reads each one's CPU per call from /proc at 100 in flight (robust",
  '  on a shared machine, where wall time is not). Three pieces of the call path cost far more than',
  '  they looked, all slow paths of V8 on Node 20: the chat validator built its answer as one object',
  '  literal mixing spreads and keys, then dropped the undefined ones with',
  '  `Object.fromEntries(Object.entries(…))` (40–80 µs for a one-message request, measured alone; now',
  "  ~3 µs, built key by key); a blocking call's end was the client's AbortSignal and a deadline's",
  '  joined by `AbortSignal.any` (~25 µs of signal work; now one AbortController that watches the',
  "  response's 'close' and the SVC_CALL_MAX_MS timer); the usage record's identity was an object",
  '  rest spread into a literal with more keys (~9 µs; now written field by field). Same run, median',
  '  of six rounds: CPU per call 556 → 440 µs (reference proxy 168), calls per second at saturation',
  '  689 → 892 (reference 1,061), overhead at concurrency 1 0.78 → 0.69 ms (reference 0.35; other',
  "  work loaded the machine, so these absolute figures are above the bench's). Where the 440 µs go",
  "  (CPU profile at saturation, share of the worker's busy time): the upstream call (undici's",
  '  dispatch, its write and read) 24 % ≈ 107 µs; writing the answer 18 % ≈ 79 µs, nearly all the',
  "  `writev` system call (on loopback the kernel delivers the bytes in the writer's time; the",
  "  reference proxy pays it too); the usage rows (usage-recorder, mysql2) 12 % ≈ 54 µs; node's HTTP",
  '  server 5.5 %, GC 6.4 %, the rest of node (net, streams, event loop) 11 %; key look-up, body,',
  '  validation, signals and metrics 1–2.5 % each (4–11 µs); budgets and the rate limiter under',
  '  0.5 %; the rest of our JavaScript 12.6 % ≈ 55 µs, spread over some thirty functions, none above',
  '  ~5 µs.',
  '- **The p99 tail at concurrency 100.** With the upstream answering at once the tail came from the',
  '  test itself: 100 lanes that start together stay in step, so requests arrive in waves and the',
  '  last of a wave waits for the other 99 to be processed; and once both cores are saturated, the',
  '  scheduler decides the tail (no retransmissions, listen-queue drops or event-loop stalls over',
  '  ~65 ms were seen; usage-row writes are batched, cached lookups refresh in the background). With',
  '  an upstream that takes time and calls arriving steadily the tail disappears.',
  '- **Concurrency 1 is cold (2026-11-24, late).** Between two calls of the interleaved run each',
  "  process sleeps, so every call runs with cold caches: the reference proxy's overhead is 0.3 ms",
  "  right after a saturating load and 0.9 ms in the bench, and the direct lane's extra work costs",
  '  about three times its warm CPU. Timestamps in instrumented copies (medians of 300 cold calls,',
  '  µs): request to upstream write 552–565 at the start of the session, 336–364 after it; upstream',
  '  answer to our answer written 305–351, 235–244; the reference proxy 95–140 and 170–180. What',
  '  moved: the usage journal written once per turn of the event loop for every call opened in it',
  '  (80 → 25 µs before the upstream write; it still ran before the upstream write until 2026-11-25,',
  '  below); the budget',
  '  settle, usage completion and metrics after the answer (45 → 25 µs after the upstream answer);',
  "  a body handed over at its last byte, not after the stream's `end` (−30 µs); one image wrapper",
  "  per provider; one-shot key hashing; ULIDs without a Buffer per id; and a blocking call's end",
  "  as an EventTarget with AbortSignal's surface (Node 20 builds a real AbortSignal in ~2.7 µs",
  '  warm, an EventTarget in 0.05; −10 µs cold). Work moved behind the upstream call is not free:',
  '  the two vCPUs behave like siblings, and the upstream wait grew by part of what moved.',
  '- **The saturation floor (2026-11-24, late).** One run with a worker build whose usage rows,',
  '  metrics, browser headers, request tracking and budget reservation were cut out: 287 → 230 µs',
  "  of worker CPU a call, 2,979 → 3,701 calls/s, which is 70 % of the reference proxy's 5,287 in",
  '  that run: the rest of the call path (key, rate limit, entitlement, validation, resolution,',
  "  the provider call and mapping, the answer) is near the budget's line. Read with care: the",
  '  same build moves by ±50 µs between rounds on this VM and medians of six rounds by ±20 µs, and',
  '  single parts cut out alone gave inconsistent figures (metrics measured in process cost',
  '  0.5 µs a call). MariaDB spends 20–30 µs of the shared cores on each usage row whatever',
  '  the statement (multi-row upsert, plain insert, 50-row prepared insert) or the indexes (primary',
  '  key only: 19 µs). A single short saturation run per target measured JIT warm-up: the first of',
  '  three rounds gave the reference proxy 2,612 req/s and then 4,551 and 5,216, the direct lane',
  '  1,554 and then 2,791 and 3,268, so the bench now runs a warm-up round and reports the median',
  '  of five rotated rounds.',
  '- **2026-11-25.** Builds compared under one load, request by request (`MIXED_ROUNDS`), and with',
  "  instrumented copies at concurrency 1. (1) The usage rows' batches were formatted by mysql2",
  '  (a generic escaper per value, a Date per timestamp: 26–31 µs a row in a recorder',
  '  micro-benchmark); they are now written as literals made for the table (worker/src/router/',
  '  usage-sql.ts, byte for byte what mysql2 would send: 11 µs a row), and a statement without values',
  '  is no longer scanned for placeholders (mysql2 passed `[]` and its formatter read the whole',
  '  ~200 KB batch): worker CPU a call 360 → 328 µs, MariaDB 50 → 40 µs. (2) undici 7.30 writes a',
  '  request on an idle keep-alive connection only from an immediate of its own (idle-socket',
  "  validation, GHSA-35p6-xmwp-9g52), so the usage journal's write, queued earlier in the same",
  '  turn, ran before every upstream request (strace: the journal line, then the upstream `writev`);',
  '  the journal now waits one more turn (concurrency-1 overhead −18 and −46 µs in two runs with',
  "  the builds swapped). (3) The answer's constant headers (X-Request-Id and the browser headers)",
  '  were set one by one with setHeader, which checks, lower-cases and stores each; they are now',
  "  staged and written with the answer's own in one writeHead (worker/src/http/answers/staged-headers.ts):",
  '  11 µs less before the body is read and 6 µs less in `end()` at concurrency 1, worker CPU a call',
  '  340 → 300 µs under one load. (4) Concurrency 1 now follows 2,000 calls per target: a fresh',
  '  process runs its first few hundred calls on code the JIT has not compiled, which slows every',
  '  target and Portkey most (its overhead 2.38 and 3.48 ms without that warm-up, 1.5–2.2 ms with',
  "  it): the direct lane's ratio to Portkey went from 0.41–0.42× to 0.43–0.45×, its distance",
  '  above the reference proxy from +0.34–0.48 to +0.24–0.40 ms (10,000 calls of warm-up gave the same 0.44×). Left: some 230 µs of in-process',
  '  time a call at concurrency 1 spread over fifty steps of 2–25 µs (reading the body 20–30, key',
  "  look-up 13–20, the chain of async layers down to the upstream call 12–20, the provider's JSON",
  '  to a result 25–35, the answer 55–80 with its `writev`), none of which dominates.',
  '- **2026-11-25, morning.** (1) The cached look-ups a call makes (key, entitlement, provider',
  '  settings and instance, key pools, cache policy, prices, budgets) answered through promises,',
  '  so each call ran some twenty async frames before its upstream request; a loaded value is now',
  "  answered as it is (support/eventually.ts, support/ttl-cache.ts) and the checks, the call's",
  '  preparation and its provider are one synchronous stack when warm: 23 → 8 promises a call',
  '  (async_hooks count), a third less allocated a call, worker CPU a call −16 and ±0 µs in two',
  '  mixed-round runs (360 → 344; 240 → 240), the concurrency-1 overhead −40 and −13 µs with Portkey',
  "  in the interleave. (2) The call's cost in exact doubles instead of BigInt (0.3 → 0.1 µs warm).",
  "  Measured and left: the usage rows' database work is 8–12 µs of worker CPU a call (a build that",
  "  wrote no usage rows and no journal: −8 and −12 µs; MariaDB's 30–40 µs a row runs on the other",
  '  core), so a thread for it could give at most ~3 %; flushing completions every 20 ms instead of',
  '  200 ms cut scavenge time by a fifth (fewer rows promoted to the old generation) but not CPU a',
  '  call (MariaDB +12 µs); `--single-threaded-gc` −8 µs CPU a call but no throughput gain in nine',
  '  alternating rounds; semi-spaces of 2 and 4 MB +28 µs. strace at saturation: the same system',
  '  calls a call as the reference proxy (two `read`s, two `writev`s, no others on the request path),',
  '  so the difference is JavaScript and GC. At concurrency 1, timestamps in an instrumented copy',
  '  (medians of 200 calls, Portkey in the interleave, µs): from the request to the upstream write',
  "  206 (the body's arrival 54, key, rate limit, entitlement and JSON 58, validation, resolution,",
  "  usage row and budget 59, the provider call up to undici's dispatch 33), the reference proxy 61;",
  "  the upstream round trip 477 and 461; from the upstream's answer to ours written 164 (64 to",
  '  shape it, 89 to write it), the reference proxy 113. Warm, the same steps take a third of',
  "  that: each call runs on caches the other targets' calls have emptied — in a shuffled",
  '  interleave a call right after one of the same target was 0.19 ms faster for the direct lane,',
  '  0.2 ms for Portkey and 0.08 ms for the reference proxy, and pausing 3 ms between calls made',
  "  every target slower, not faster (the cores' idle states).",
  '- **2026-11-25, later.** No change on the request path; where its concurrency-1 time goes,',
  '  measured from outside the gateways (`TIMELINE=1 PORTKEY=1 node bench/direct-lane-cpu.mjs`: a',
  "  probe on Node's and undici's diagnostics channels in each process; medians of 300 calls in three",
  '  runs, µs, the reference proxy / the direct lane / Portkey): before the upstream request 90–104 /',
  "  203–243 / 758–847; writing it 23–24 / 36–45 / 27–31; the upstream's answer head 330–367 /",
  '  347–377 / 472–507, its body 21–29 / 22–26 / 32–42; after it, until the answer is handed to the',
  '  kernel, 107–143 / 167–189 / 667–739; the whole call 643–753 / 839–923 / 2,016–2,253. The direct',
  "  lane's ~0.2 ms above the reference proxy is its own work: ~130 µs before the upstream request",
  "  (an instrumented copy splits it into some twenty steps of 2–25 µs; the largest are the key's",
  '  SHA-256 and look-up, 20–30 together, and the JSON body, 9–24), ~15 µs of async frames unwinding',
  '  before undici writes, ~55 µs after the answer (its checks, price, shape and headers). Tried and',
  '  left: a JavaScript SHA-256 for the key (30 → 7 µs in isolation with the caches evicted, but −4 µs',
  '  in place: not worth a hand-written digest); the usage journal written before the upstream',
  '  request instead of during its wait (the wait ~10 µs shorter, the call 20 µs longer);',
  '  semi-spaces of 1 MB (+92–128 µs CPU a call); `--use-largepages=on` (no change); no',
  '  deoptimisation during the samples (`--trace-deopt`). Three `npm run bench` runs on this code',
  "  (06:29, 06:51, 06:54 UTC): concurrency 1 at 0.43×, 0.44×, 0.47× Portkey's (the reference proxy",
  '  alone at 0.27–0.30×), saturation 77 %, 66 %, 62 % of the reference proxy (its own rounds moved',
  "  by up to 40 % within a run: 2,976–4,215 req/s). With the morning's six runs, nine runs on the",
  "  same request-path code: 0.40–0.47× Portkey's, 62–79 % of the reference proxy.",
  "- **2026-11-25, the build before issue 14.** That build (f680561) beside today's in",
  '  `PORTKEY=1 MIXED_ROUNDS=8 node bench/direct-lane-cpu.mjs` (three runs, both builds on one',
  "  database, under the same loads): its concurrency-1 overhead 48–97 µs above today's (0.73–0.77",
  '  against 0.63–0.69 ms), its worker CPU a call at saturation 44–80 µs above (324–440 against',
  "  264–360 µs in the mixed rounds), MariaDB's CPU a call 100–104 against 40–56 µs. The chat surface,",
  '  budgets, the response cache and key pools cost less than the optimisations made alongside them',
  "  saved. That build with the bench of its time, run today: 0.43× Portkey's at concurrency 1, where",
  '  on the Intel VM of 2026-11-22 it measured 0.37×. Tried and left: semi-spaces of 64 MB (−16 and',
  "  −32 µs of CPU a call in mixed rounds, but the worker's RSS with 500 open streams rose from",
  '  147–162 to 243 MiB, over the 250 MB budget) and 32 MB (−4 µs, noise). Two `npm run bench` runs',
  '  at 09:35 and 09:39 UTC on unchanged request-path code: concurrency 1 at 0.45× and 0.41×',
  "  Portkey's, saturation 59 % and 66 % of the reference proxy.",
  '- **2026-11-25, spend control on the request path.** Issue 16 has the direct lane measured with',
  '  budgets, cache look-ups and key pools on; `npm run bench` now runs it so (Setup). What each',
  '  costs a call: a hard budget 24 µs of worker CPU at saturation (one build with and without, 12',
  '  mixed rounds of `BUDGET_A=1000000 node bench/direct-lane-cpu.mjs`), 48–80 µs earlier in the day:',
  '  settled spend was written at the next turn of the event loop — one five-statement transaction',
  '  a call at concurrency 1 — and is now written within 100 ms, together; a call draws from its',
  '  lease at once, without a promise; a lease drawn fast grows to 256 estimates. In process',
  '  (`node bench/budget-check.mjs`, `node bench/cache-pool-micro.mjs`): the budget look-up 1–2 µs',
  "  when no budget applies, the draw 2–6 µs p50 with one; the cache policy's decision 0.25 µs with",
  '  no policy, 8–10 µs with one for a cacheable request that misses (its canonical JSON and',
  "  SHA-256; the database look-up and the store come on top), a pool's weighted pick 3.4 µs. The",
  '  two runs with them on (10:13 and 10:17 UTC, the second the Latest run above): concurrency 1 at',
  "  0.47× and 0.51× Portkey's (+0.33 and +0.32 ms over the reference proxy), saturation 60 % and",
  '  58 % of the reference proxy.',
  '- **2026-11-27, nesting limits in request validation** (hostile input, round 2, item 5;',
  '  docs/api-notes.md "Nesting limits"). `node bench/request-validation-micro.mjs`, in process, on',
  '  a tool-heavy chat request (20 strict tools of an order look-up, a json_schema response format',
  '  and metadata: 991 JSON values walked, 16.6 KB): the whole chat validator 16.5 µs, of which the',
  '  nesting walk is 9.5 µs (about 1 µs per hundred values, 0.45 µs per such tool; `for…in` beat',
  '  `Object.keys` and `Object.values` loops, 15.6 and 12.1 µs); the Responses validator on the same',
  '  tools 38.6 µs. A request without tools or schemas walks only its metadata (well under 1 µs).',
  "  The depth guard costs the cache's canonical JSON nothing measurable (4.8 µs with it, 4.7 without,",
  '  on the cache-pool-micro request, same process); a cacheable miss 10.6 µs (`node bench/cache-pool-micro.mjs`).',
  '- **2026-11-28, the worst-case reservation** (issue 27; docs/api-notes.md "Budgets"). `node',
  '  bench/reservation-cost.mjs`, in process, on a 4 KB chat request (4 strict tools, a json_schema',
  "  response format, an image, a tool round) over a purpose's two models: the whole reservation —",
  '  the bound measured (UTF-8 bytes, tools and schema serialised), priced on both models, drawn',
  '  from a lease that covers it and settled — 16–20 µs a call, of which the measure is 13–18 µs',
  '  (three runs). A call that no budget covers pays none of it: the measure runs only when a',
  '  budget applies.',
  '- **2026-11-27, the house (issue 26: rooms, one engine per call kind, provider descriptors, the',
  '  route manifest)**, judged by §8 as amended that day. Three `npm run bench` runs of this code and three',
  "  of the code before (3c1a9ab), one after the other: concurrency 1 at 0.55×, 0.54×, 0.52× Portkey's",
  "  (before: 0.51×, 0.56×, 0.52×) and 1.61×, 1.54×, 1.62× the reference proxy's (before: 1.55×, 1.76×,",
  '  1.75×); saturation 61 %, 56 %, 65 % of the reference proxy (before: 62 %, 64 %, 57 %) and 3.57×,',
  "  3.34×, 3.85× Portkey's; the Latest run above, a fourth, 0.49× and 57 %. Both builds sit on the",
  '  0.5× and 60 % lines, and move across them from run to run. Side by side under one load',
  '  (`DIST_A=<3c1a9ab>/main.js MIXED_ROUNDS=6 PORTKEY=1 node bench/direct-lane-cpu.mjs`): 164 µs of',
  '  worker CPU a call for both; concurrency-1 overhead 0.438 ms before, 0.432 ms after.',
  '- **2026-11-27, the webhook verifies before its failure limit** (hostile input, round 2, item 3;',
  '  docs/woocommerce-webhook.md "Failure limit"). A verified delivery no longer waits for the',
  "  limit's counting query (339 µs median, 417 p90, on the e2e stack's MariaDB under a load average",
  '  of 4.5); a failure under the limit does the same work as before, in another order. What an',
  '  address over the limit now pays for each attempt, on top of the counting write it paid before:',
  '  the HMAC over its body (`node bench/webhook-verify-micro.mjs`: a plain secret, one key, 5 µs for',
  '  3 KiB, 40 µs for 64 KiB, 590 µs for the 1 MiB limit; a secret with six forms 26, 235 and',
  '  3,500 µs — the intake already hashes every byte once for the audit row, about 590 µs a MiB) and',
  '  the store look-up: 1 µs for a configured source (cached 5 s), a query of 176 µs median for an',
  '  unknown one (misses are not cached). Past the limit a mismatch is not re-read from the database',
  "  (204 µs) and the store's health is not written.",
  "- **2026-11-27, the whole of hostile input round 2 on the direct lane** (the worker's new steps",
  '  for every request: duplicate headers joined, the spelling and method-override checks of',
  '  http/wordpress/rest-route-target.ts and http/wordpress/method-override.ts, the Authorization comma check, the',
  "  nesting walk of a request's metadata). `DIST_A=<build of f7ac9a2> MIXED_ROUNDS=6 node",
  '  bench/direct-lane-cpu.mjs`, 19:45 UTC, this build as B: worker CPU a call at 100 in flight',
  '  176 µs (A) and 184 µs (B), median of six mixed rounds whose own spread is ±40 µs — no cost',
  '  above the noise; separate rounds 180 and 184 µs, 5,052 and 5,252 calls/s; concurrency-1',
  "  overhead 0.332 and 0.323 ms; MariaDB 24 µs a call for both. The shell's forwarding cap costs",
  '  the WordPress lane a slot taken and given back per forwarded request: 18–28 µs on the PHP CLI',
  "  (two `fopen` + `flock` of a key's and the site's slot, then their release; 20,000 in a loop),",
  "  beside WordPress's ~18 ms a request.",
  '',
  "## Costs the code's comments used to carry",
  '',
  'Figures that comments on the request path quoted to explain a choice; the comments keep the',
  'reason and point here (docs/architecture.md §0 item 12). Node 20 on the 2-vCPU bench VM unless',
  'said otherwise; "in process" means a micro-benchmark or an instrumented copy, not `npm run bench`.',
  '',
  "- **Answer headers staged, not set one by one** (http/ staged-headers.ts). Node's `setHeader`",
  '  checks, lower-cases and stores each header and the head is then built from that store: for',
  '  X-Request-Id and the browser headers that was ~15 µs of every call at concurrency 1 —',
  '  instrumented on 2026-11-25: the six `setHeader` calls 11 µs before the body was read,',
  '  `end()` 6 µs more; worker CPU a call 340 → 300 µs under one mixed load, concurrency-1',
  '  overhead 0.628 → 0.608 ms (same run).',
  "- **The lean dispatch** (http/ lean-dispatch.ts, worker/README.md). Express's routing and",
  "  request decoration cost more than the direct lane's whole margin over the reference proxy:",
  '  a proxy on Express 5 with `express.json()` added 0.53 ms p50 where the same proxy on',
  "  `node:http` added 0.29 ms; the worker's CPU a call at concurrency 100 fell from 1.47 to",
  '  0.67 ms with the lean dispatch ("Where the direct lane\'s overhead goes", **Express**).',
  "- **A provider's JSON headers built once** (providers' shared `http.ts`, `jsonHeaders`):",
  "  spreading the settings' headers into a new object per call cost ~2 µs a call",
  '  (2026-11-24, direct-lane CPU work).',
  "- **Upstream answers collected by an undici dispatch handler** (providers' shared `http.ts`,",
  "  `postJson`): the router's hottest path; collecting the answer with a `dispatch` handler",
  "  instead of `request()`'s body stream and promises took the reference proxy from 0.57 to",
  '  0.37 ms overhead and the worker from 0.78 to 0.63 ms (CPU a call 1.22 → 0.95 ms) in the same',
  '  harness (**The upstream call**).',
  '- **The chat validator built key by key** (router/ request chat-request.ts): an object literal',
  '  mixing spreads and keys, then filtered with `Object.fromEntries(Object.entries(…))`, cost',
  '  40–80 µs for a one-message request, measured alone; ~3 µs built key by key (2026-11-24,',
  '  **Per-call CPU**).',
  "- **A call's identity written field by field** (router/ calls chat-call.ts): an object rest",
  '  (`{ siteUrl, ...identity }`) spread into a literal with more keys cost ~9 µs a call',
  '  (2026-11-24, **Per-call CPU**).',
  "- **A blocking call's end as one CallSignal** (router/ calls call-signal.ts,",
  '  call-deadline.ts): Node 20 builds a real AbortSignal in ~2.7 µs warm, a plain EventTarget in',
  "  0.05 µs (−10 µs a call cold); the client's signal and a deadline's joined by",
  '  `AbortSignal.any` were ~25 µs of signal work a call (2026-11-24, **Per-call CPU** and',
  '  **Concurrency 1 is cold**).',
  "- **Usage rows as SQL literals** (router/ usage sql-values.ts, formerly usage-sql.ts): mysql2's",
  '  placeholder formatting took ~6 µs a row of the usage table (a generic escaper for every',
  "  value, a Date per timestamp) where the table's own literals take ~1 µs; in the recorder",
  '  micro-benchmark 26–31 → 11 µs a row; worker CPU a call 360 → 328 µs, MariaDB 50 → 40 µs',
  '  (2026-11-25, item 1). A completion batch at saturation carries hundreds of rows every 200 ms.',
  "- **The usage journal's synchronous append** (router/ usage journal.ts, worker/README.md): a",
  '  few µs a turn of the event loop (one `write` for every call opened in it); the opening',
  '  MySQL insert it replaced as what an answer waits for cost ~0.45 ms at concurrency 1',
  '  (2026-11-24, `bench/direct-lane-cpu.mjs` A/B).',
  '- **Budget spend written together within 100 ms** (router/budgets lease-book.ts,',
  '  `FLUSH_AFTER_MS`): written at the next turn of the event loop instead, a worker answering one',
  '  call at a time ran one five-statement transaction a call, and a hard budget cost 48–80 µs of',
  '  worker CPU a call at saturation; now ~24 µs (2026-11-25, **spend control on the request',
  '  path**, 12 mixed rounds of `BUDGET_A=1000000 node bench/direct-lane-cpu.mjs`).',
  '- **Leases drawn fast grow** (lease-book.ts, `BUSY_TOP_UP_MS`): with a top-up every 8 calls, a',
  '  lease cost a grant transaction every ~8 ms at concurrency 1 (2026-11-25).',
  "- **A call's cost in exact doubles** (router/ usage cost.ts): ~1 µs a call less than BigInt's",
  '  allocations — 0.3 → 0.1 µs warm (2026-11-25, morning, item 2).',
  '- **Cached look-ups answer at once** (support/eventually.ts): answering loaded values through',
  '  promises ran some twenty async frames a call before the upstream request; answered as they',
  '  are, 23 → 8 promises a call, worker CPU a call −16 and ±0 µs in two mixed-round runs,',
  '  concurrency-1 overhead −40 and −13 µs (2026-11-25, morning, item 1).',
  "- **The WordPress lane's forwarding** (plugin/README.md): on the dev machine (php -S, opcache,",
  "  sequential) a forwarded request p50 ≈ 19.6 ms against WordPress's `GET /wp-json/` ≈ 21 ms",
  '  and `GET /wp/v2/types/post` ≈ 19.5 ms.',
];
