// `npm run bench -- scale`, usage rows with a worker killed: load through the balancer onto
// both workers, `kill -9` one of them mid-load, then compare the calls the client saw
// answered with the usage rows in MySQL, and wait for the killed worker's open rows to close.
// Half the callers ask mock/echo (an instant answer), half mock/slow (five words, 100 ms each),
// so calls are in flight on the killed worker with their rows already opened.
import { runLoad, tally } from './load.mjs';

const pause = (ms) => new Promise((done) => setTimeout(done, ms));

export async function usageWithKill({ agent, balancer, key, victim, database, concurrency, seconds, closeWithinMs, progress }) {
  const prefix = `kill-${Date.now()}`;
  const killAtMs = (seconds * 1000) / 2;
  let killedAt = null;
  const killer = setTimeout(() => {
    killedAt = performance.now();
    victim.kill();
    progress(`kill -9 worker ${victim.name} (pid ${victim.pid})`);
  }, killAtMs);
  const { answers, startedAt } = await runLoad(agent, balancer.url, key, {
    concurrency,
    durationMs: seconds * 1000,
    prefix,
    modelOf: (index) => (index % 2 === 0 ? 'mock/echo' : 'mock/slow'),
  });
  clearTimeout(killer);
  const killMs = killedAt === null ? null : killedAt - startedAt;
  const answered = answers.filter((answer) => answer.status === 200);
  // In flight at the kill: sent before it, answered (or failed) after it.
  const inFlight = killMs === null ? 0 : answers.filter((answer) => answer.sent <= killMs && answer.at >= killMs).length;
  // The surviving worker writes its completions every 200 ms, and the dead worker's usage
  // journal at its next sweep (every 2 s with this run's SVC_USAGE_STALE_AFTER_MS): one sweep.
  await pause(2500);
  const afterKill = await database.usage(prefix);
  const missing = answered.filter((answer) => !afterKill.ids.has(answer.id)).map((answer) => answer.id);
  progress(
    `${answered.length} answered, ${afterKill.rows} usage rows (${JSON.stringify(afterKill.statuses)}), ${missing.length} answered calls without a row`,
  );

  // The killed worker's rows left `open`: does anything close them, without an operator?
  const waitStarted = performance.now();
  let closing = afterKill;
  while ((closing.statuses.open ?? 0) > 0 && performance.now() - waitStarted < closeWithinMs) {
    await pause(500);
    closing = await database.usage(prefix);
  }
  const stillOpen = closing.statuses.open ?? 0;
  progress(
    stillOpen === 0
      ? `no row left open (${((performance.now() - waitStarted) / 1000).toFixed(1)} s after the check)`
      : `${stillOpen} rows still open after ${(closeWithinMs / 1000).toFixed(0)} s`,
  );
  return {
    sent: answers.length,
    counts: tally(answers),
    answered: answered.length,
    inFlight,
    killMs,
    rowsAfterKill: afterKill.rows,
    statusesAfterKill: afterKill.statuses,
    missing: missing.length,
    missingSample: missing.slice(0, 3),
    finalStatuses: closing.statuses,
    finalRows: closing.rows,
    stillOpen,
    closedAfterMs: stillOpen === 0 ? performance.now() - waitStarted : null,
    closeWithinMs,
  };
}
