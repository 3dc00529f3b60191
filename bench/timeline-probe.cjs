// Where a gateway's time goes in a blocking chat at concurrency 1, read from the outside:
// loaded with `node --require bench/timeline-probe.cjs` into a gateway process (the worker, the
// reference proxy, Portkey) by bench/direct-lane-cpu.mjs (TIMELINE=1), it listens on Node's and
// undici's diagnostics channels — the gateway's own code is not touched — and stamps each call:
//   start     the request's head parsed          (http.server.request.start)
//   create    its upstream request made          (undici:request:create)
//   sent      that request's head written        (undici:client:sendHeaders)
//   headers   the upstream answer's head read    (undici:request:headers)
//   end       the upstream answer complete       (undici:request:trailers)
//   finish    the answer handed to the kernel    (http.server.response.finish)
// One call at a time: each upstream event belongs to the request started last, which is what
// concurrency 1 is. SIGUSR2 writes the stamps of the last calls (µs from `start`) to
// <tmpdir>/svc-hub-timeline-<pid>.json. Benchmark tooling only; never loaded by the product.
'use strict';
const channels = require('node:diagnostics_channel');
const { renameSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

const KEPT = 2000;
const calls = new Array(KEPT);
let finished = 0;
let current = null;

const now = () => process.hrtime.bigint();
const stamp = (point) => () => {
  if (current && current[point] === undefined) current[point] = now();
};

channels.subscribe('http.server.request.start', () => {
  current = { start: now() };
});
channels.subscribe('undici:request:create', stamp('create'));
channels.subscribe('undici:client:sendHeaders', stamp('sent'));
channels.subscribe('undici:request:headers', stamp('headers'));
channels.subscribe('undici:request:trailers', stamp('end'));
channels.subscribe('http.server.response.finish', () => {
  if (!current) return;
  current.finish = now();
  calls[finished % KEPT] = current;
  finished += 1;
  current = null;
});

process.on('SIGUSR2', () => {
  const kept = Math.min(finished, KEPT);
  const inOrder = Array.from({ length: kept }, (_, index) => calls[(finished - kept + index) % KEPT]);
  const relative = inOrder.map((call) =>
    Object.fromEntries(Object.entries(call).map(([point, at]) => [point, Number(at - call.start) / 1000])),
  );
  const file = join(tmpdir(), `svc-hub-timeline-${process.pid}.json`);
  writeFileSync(`${file}.partial`, JSON.stringify(relative));
  renameSync(`${file}.partial`, file); // whole or absent for the reader
});
