// The cost of the metrics on the request path (docs/benchmarks.md, "Metrics"): µs per
// observation, from short loops over the compiled worker (run `npm run build` first).
// `node bench/metrics-cost.mjs` prints a Markdown table; not part of `npm run bench`.
import { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';

const require = createRequire(import.meta.url);
const metrics = require('../worker/dist/support/metrics/hub-metrics.js');
const { trackRequest, nameRoute } = require('../worker/dist/http/server/request-metrics.js');

const ITERATIONS = Number(process.env.METRICS_BENCH_ITERATIONS ?? 200_000);
const ROUNDS = 5;

/** Median over ROUNDS of the mean µs per iteration of `body` (after a warm-up round). */
function measure(body) {
  for (let index = 0; index < ITERATIONS / 10; index++) body(index);
  const rounds = [];
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    for (let index = 0; index < ITERATIONS; index++) body(index);
    rounds.push(((performance.now() - started) * 1000) / ITERATIONS);
  }
  return rounds.sort((a, b) => a - b)[Math.floor(ROUNDS / 2)];
}

/** A stand-in for node's ServerResponse: what request-metrics reads of it. */
class FakeResponse extends EventEmitter {
  constructor(method, route) {
    super();
    this.req = { method, route: route ? { path: route } : undefined };
    this.headersSent = true;
    this.statusCode = 200;
  }
}

const routes = ['/wp-json/llm/router/v1/chat', '/wp-json/llm/router/v1/chat/stream', '/wp-json/llm/router/v1/models'];
const call = {
  provider: 'openai',
  model: 'openai/gpt-4o-mini',
  team: 'bench',
  status: 'ok',
  seconds: 0.2,
  firstTokenSeconds: 0.05,
  promptTokens: 120,
  completionTokens: 40,
  cachedTokens: 0,
  reasoningTokens: 0,
  costUsd: 0.0000432,
};
const rows = [
  ['observeRequest (counter + histogram, 3 labels)', measure((index) => metrics.observeRequest(routes[index % 3], 'POST', '200', 0.0012))],
  [
    'a request tracked end to end (listener, close, observe) — lean dispatch',
    measure((index) => {
      const response = new FakeResponse('POST');
      trackRequest(response);
      nameRoute(response, routes[index % 3]);
      response.emit('close');
    }),
  ],
  [
    'a request tracked end to end — Express (route read from req.route)',
    measure((index) => {
      const response = new FakeResponse('GET', routes[index % 3]);
      trackRequest(response);
      response.emit('close');
    }),
  ],
  [
    'the same without metrics (the fake response alone: baseline)',
    measure(() => {
      const response = new FakeResponse('POST');
      response.emit('close');
    }),
  ],
  ['observeCall (2 histograms, 6 counters, per LLM call)', measure(() => metrics.observeCall(call))],
  ['countRateLimitRejection (unlabelled counter)', measure(() => metrics.countRateLimitRejection())],
];
const scrapes = 200;
const started = performance.now();
for (let index = 0; index < scrapes; index++) await metrics.hubMetrics.render();
const renderMs = (performance.now() - started) / scrapes;

console.log(`| operation (${ITERATIONS} iterations × ${ROUNDS} rounds, median) | µs each |`);
console.log('| --- | ---: |');
for (const [name, micros] of rows) console.log(`| ${name} | ${micros.toFixed(3)} |`);
console.log(`| a whole scrape (render, ${(await metrics.hubMetrics.render()).length} bytes) | ${(renderMs * 1000).toFixed(0)} |`);
console.log(`\nnode ${process.version}, ${new Date().toISOString()}`);
