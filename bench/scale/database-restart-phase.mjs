// `npm run bench -- scale`, MariaDB restarted mid-load: load through the balancer onto both
// workers; MariaDB is stopped, kept down for `downMs`, started again (scripts/lib.sh db_start),
// and the load goes on until the workers answer again. Nobody touches the workers: their pids
// must be the same afterwards, and during the outage they must answer in the contract's shape.
import { runLoad, tally } from './load.mjs';
import { processAlive, startMariadb, stopMariadb } from './processes.mjs';

const pause = (ms) => new Promise((done) => setTimeout(done, ms));

/** `probe()`: calls made once mid-outage that need the database (resolves to [{ call, status, code }]). */
export async function databaseRestart({ agent, balancer, key, stack, workers, database, concurrency, downMs, probe, progress }) {
  const prefix = `db-${Date.now()}`;
  const pids = workers.map((worker) => worker.pid);
  const marks = {};
  let back = false;
  let firstSuccessAfterBack = null;
  const started = performance.now();
  const outage = (async () => {
    await pause(1000);
    marks.stopping = performance.now() - started;
    const old = await stopMariadb(stack);
    marks.down = performance.now() - started;
    progress(`mariadbd (pid ${old}) stopped in ${(marks.down - marks.stopping).toFixed(0)} ms; down for ${downMs} ms`);
    await pause(downMs / 2);
    marks.probes = await probe();
    progress(`mid-outage: ${marks.probes.map((entry) => `${entry.call} → ${entry.status} ${entry.code ?? ''}`).join('; ')}`);
    await pause(Math.max(0, downMs - (performance.now() - started - marks.down)));
    marks.starting = performance.now() - started;
    marks.newPid = await startMariadb(stack);
    marks.up = performance.now() - started;
    back = true;
    progress(`mariadbd up again (pid ${marks.newPid}) after ${(marks.up - marks.starting).toFixed(0)} ms`);
  })();
  const load = runLoad(agent, balancer.url, key, {
    concurrency,
    durationMs: 1000,
    prefix,
    maxMs: 60_000,
    // Two more seconds once a call sent after MariaDB is back has succeeded.
    until: () => firstSuccessAfterBack !== null && performance.now() - started > firstSuccessAfterBack + 2000,
    onAnswer: (answer) => {
      if (back && firstSuccessAfterBack === null && answer.status === 200 && answer.sent >= marks.up) firstSuccessAfterBack = answer.at;
    },
  });
  const [result] = await Promise.all([load, outage]);
  const { answers } = result;
  const inOutage = answers.filter((answer) => answer.at >= marks.stopping && answer.sent <= marks.up);
  const afterUp = answers.filter((answer) => answer.sent >= marks.up);
  const firstOk = afterUp.filter((answer) => answer.status === 200).sort((a, b) => a.at - b.at)[0];
  const lastFailure = answers.filter((answer) => answer.status !== 200).sort((a, b) => b.at - a.at)[0];
  await pause(2000); // usage rows queued during the outage are retried every second
  const rows = await database.usage(prefix);
  const answered = answers.filter((answer) => answer.status === 200);
  return {
    sent: answers.length,
    counts: tally(answers),
    outageCounts: tally(inOutage),
    stopMs: marks.down - marks.stopping,
    downMs: marks.starting - marks.down,
    startMs: marks.up - marks.starting,
    outageWindowMs: marks.up - marks.stopping,
    firstSuccessAfterUpMs: firstOk ? firstOk.at - marks.up : null,
    lastFailureAfterUpMs: lastFailure && lastFailure.at > marks.up ? lastFailure.at - marks.up : null,
    failuresAfterUp: afterUp.filter((answer) => answer.status !== 200).length,
    pidsUnchanged: workers.every((worker, index) => worker.pid === pids[index] && processAlive(worker.pid) && worker.running()),
    pids,
    probes: marks.probes,
    answered: answered.length,
    usageRows: rows.rows,
    answeredWithoutRow: answered.filter((answer) => !rows.ids.has(answer.id)).length,
  };
}
