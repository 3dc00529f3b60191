// The phases of `npm run bench -- scale` that are load alone: throughput of one worker vs two
// behind the balancer, and the per-key rate limit across both workers.
import { runLoad, tally } from './load.mjs';

const pause = (ms) => new Promise((done) => setTimeout(done, ms));

/**
 * Blocking chat to mock/echo (an instant answer) at saturation: one worker called directly,
 * one worker behind the balancer, two workers behind the balancer — `rounds` alternating
 * rounds of `seconds` each (after a warm-up), so a neighbour's load spreads over all three.
 */
export async function measureThroughput({ agent, key, targets, concurrency, seconds, rounds, progress }) {
  const results = targets.map((target) => ({ ...target, ok: 0, failed: 0, seconds: 0, failures: {} }));
  for (const target of targets) await runLoad(agent, target.url, key, { concurrency, durationMs: 1000, prefix: `warm-${target.id}` });
  for (let round = 1; round <= rounds; round += 1) {
    for (const result of results) {
      progress(`throughput round ${round}/${rounds}: ${result.name}, ${concurrency} callers, ${seconds} s`);
      const { answers, seconds: elapsed } = await runLoad(agent, result.url, key, {
        concurrency,
        durationMs: seconds * 1000,
        prefix: `tp-${result.id}-${round}`,
      });
      const ok = answers.filter((answer) => answer.status === 200).length;
      result.ok += ok;
      result.failed += answers.length - ok;
      result.seconds += elapsed;
      for (const [label, count] of Object.entries(tally(answers)))
        if (label !== '200') result.failures[label] = (result.failures[label] ?? 0) + count;
    }
  }
  return results.map((result) => ({ ...result, perSecond: result.ok / result.seconds }));
}

/** Waits until at least `needed` seconds are left in the current clock minute (the rate limit's window). */
async function roomInMinute(needed, progress) {
  const left = 60 - (Date.now() % 60_000) / 1000;
  if (left >= needed) return;
  progress(`waiting ${left.toFixed(1)} s for the next clock minute (the rate limit counts per clock minute)`);
  await pause(left * 1000 + 50);
}

/**
 * A key with `limit` requests per minute, hammered through `url` by `concurrency` callers for
 * `seconds`, inside one clock minute: how many were admitted (200) and refused (429), and the
 * count the workers' shared MySQL counter holds for the window afterwards.
 */
export async function hammerRateLimit({ agent, url, key, keyId, limit, concurrency, seconds, database, prefix, progress }) {
  await roomInMinute(seconds + 8, progress);
  const window = Math.floor(Date.now() / 60_000);
  const { answers, seconds: elapsed } = await runLoad(agent, url, key, { concurrency, durationMs: seconds * 1000, prefix });
  if (Math.floor(Date.now() / 60_000) !== window) throw new Error('the rate-limit phase crossed a clock minute; run it again');
  await pause(2500); // two syncs of every worker's counter
  const [counter] = await database.query(`SELECT requests FROM ${database.table('rate_counters')} WHERE key_id = ? AND window_start = ?`, [
    keyId,
    window,
  ]);
  const counts = tally(answers);
  const admitted = counts['200'] ?? 0;
  const admittedAt = answers.filter((answer) => answer.status === 200).map((answer) => answer.at);
  return {
    limit,
    sent: answers.length,
    admitted,
    refused: counts['429 svc_rate_limited'] ?? 0,
    other: answers.length - admitted - (counts['429 svc_rate_limited'] ?? 0),
    counts,
    seconds: elapsed,
    lastAdmittedMs: admittedAt.length > 0 ? Math.max(...admittedAt) : null,
    sharedCounter: counter ? Number(counter.requests) : null,
  };
}
