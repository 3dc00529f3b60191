// The concurrency-1 timeline of bench/direct-lane-cpu.mjs (TIMELINE=1): each gateway runs with
// bench/timeline-probe.cjs loaded, which stamps every call from Node's and undici's diagnostics
// channels; after the interleave each one is asked (SIGUSR2) for its last calls, and the median
// of each step is printed side by side — where a gateway spends its time before its upstream
// call, around it and after it.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './stack.mjs';

/** Node arguments that load the probe into a gateway process. */
export const timelineArgs = ['--require', join(repoRoot, 'bench', 'timeline-probe.cjs')];

const STEPS = [
  ['start', 'create', 'head read → upstream request made'],
  ['create', 'sent', '→ its head written'],
  ['sent', 'headers', '→ upstream answer head'],
  ['headers', 'end', '→ upstream answer end'],
  ['end', 'finish', '→ answer handed to the kernel'],
  ['start', 'finish', 'whole call inside the gateway'],
];

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The last `samples` calls a probed process stamped (µs from each call's start). */
async function stampsOf(pid, samples) {
  const file = join(tmpdir(), `svc-hub-timeline-${pid}.json`);
  rmSync(file, { force: true });
  process.kill(pid, 'SIGUSR2');
  for (let tries = 0; !existsSync(file); tries += 1) {
    if (tries > 100) throw new Error(`process ${pid} wrote no timeline (was it started with the probe?)`);
    await new Promise((done) => setTimeout(done, 20));
  }
  const calls = JSON.parse(readFileSync(file, 'utf8'));
  rmSync(file, { force: true });
  return calls.slice(-samples);
}

/** Prints the median µs of each step for each probed target ({ id, pid }). */
export async function printTimeline(targets, samples) {
  const columns = [];
  for (const target of targets) columns.push({ id: target.id, calls: await stampsOf(target.pid, samples) });
  console.log(
    `\nConcurrency 1 inside each gateway (TIMELINE=1; median µs of the last ${samples} calls, from Node's and undici's diagnostics channels):`,
  );
  console.log(`| step | ${columns.map((column) => column.id).join(' | ')} |`);
  console.log(`|---|${columns.map(() => '---').join('|')}|`);
  for (const [from, to, label] of STEPS) {
    const cells = columns.map(({ calls }) => {
      const spans = calls.filter((call) => call[from] !== undefined && call[to] !== undefined).map((call) => call[to] - call[from]);
      return spans.length === 0 ? '–' : `${median(spans).toFixed(0)}${spans.length < calls.length ? ` (${spans.length} calls)` : ''}`;
    });
    console.log(`| ${label} | ${cells.join(' | ')} |`);
  }
}
