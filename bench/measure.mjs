// Latency sampling: the targets of one benchmark are called in turn (interleaved), so every
// target sees the same machine conditions; medians and percentiles come from the samples.
export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

export async function timeOnce(url, init) {
  const started = process.hrtime.bigint();
  const response = await fetch(url, init);
  await response.arrayBuffer();
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (response.status >= 500) throw new Error(`${url} answered ${response.status}`);
  return ms;
}

/** targets: [{ name, url, init }]; returns [{ name, p50, p90, p99, n }]. */
export async function interleave(targets, { warmup = 30, samples = 300 } = {}) {
  for (let round = 0; round < warmup; round += 1) for (const target of targets) await timeOnce(target.url, target.init);
  const times = targets.map(() => []);
  for (let round = 0; round < samples; round += 1) {
    for (const [index, target] of targets.entries()) times[index].push(await timeOnce(target.url, target.init));
  }
  return targets.map((target, index) => {
    const sorted = times[index].sort((a, b) => a - b);
    return { name: target.name, p50: percentile(sorted, 50), p90: percentile(sorted, 90), p99: percentile(sorted, 99), n: sorted.length };
  });
}

/** p50/p90/p99 (and n) of a list of milliseconds. */
export function summarize(times) {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p90: percentile(sorted, 90), p99: percentile(sorted, 99), n: sorted.length };
}

export const format = (ms) => (Number.isFinite(ms) ? ms.toFixed(2) : 'n/a');

/** Of several load runs of one target, the one with the median throughput, with every run's req/s beside it. */
export function medianRun(runs) {
  const sorted = [...runs].sort((a, b) => a.perSecond - b.perSecond);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  return {
    ...median,
    perSecondRuns: runs.map((run) => run.perSecond),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    firstError: runs.find((run) => run.firstError)?.firstError ?? null,
  };
}
