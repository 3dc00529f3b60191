// The markdown of `npm run bench -- scale` (the section "Two workers on one database" of
// docs/benchmarks.md is written from it).
const fixed = (value, digits = 0) => (value === null || value === undefined ? '–' : Number(value).toFixed(digits));
const counts = (object) =>
  Object.entries(object)
    .map(([label, count]) => `${count}× ${label}`)
    .join(', ') || 'none';
const seconds = (ms) => (ms === null || ms === undefined ? '–' : `${(ms / 1000).toFixed(2)} s`);

export function scaleReport({ startedAt, settings, throughput, rate, budget, usage, outbox, restart }) {
  const direct = throughput.find((row) => row.id === 'direct');
  const one = throughput.find((row) => row.id === 'one');
  const two = throughput.find((row) => row.id === 'two');
  const lines = [
    `Run ${startedAt}, \`npm run bench -- scale\`, Node ${process.version}; blocking chat to \`mock/echo\` (an instant answer), ${settings.concurrency} callers, keep-alive everywhere.`,
    '',
    `**Throughput** (at saturation; the balancer: ${settings.balancer})`,
    '',
    '| target | calls/s | failed |',
    '|---|---:|---:|',
    ...throughput.map(
      (row) => `| ${row.name} | ${fixed(row.perSecond)} | ${row.failed === 0 ? 0 : `${row.failed} (${counts(row.failures)})`} |`,
    ),
    '',
    `Two workers vs one, both behind the balancer: **×${fixed(two.perSecond / one.perSecond, 2)}**; two behind the balancer vs one called directly: ×${fixed(two.perSecond / direct.perSecond, 2)}.`,
    '',
    `**Rate limit** (a key with \`rate_limit_per_minute\` ${settings.rateLimit}, ${settings.concurrency} callers for 4 s, inside one clock minute)`,
    '',
    '| workers | sent | admitted (200) | refused (429) | other | MySQL counter for the window | last admission |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...Object.values(rate).map(
      (row) =>
        `| ${row.name} | ${row.sent} | ${row.admitted} | ${row.refused} | ${row.other} | ${fixed(row.sharedCounter)} | ${seconds(row.lastAdmittedMs)} |`,
    ),
    '',
    ...(budget ? budgetLines(budget, settings) : []),
    `**Usage rows with a worker killed** (\`kill -9\` of worker B ${seconds(usage.killMs)} into ${settings.seconds * 2} s of load through the balancer)`,
    '',
    '| answered (200) | in flight at the kill | other answers | usage rows | answered calls without a row | rows `open` after the kill | rows `open` at the end |',
    '|---:|---:|---|---:|---:|---:|---:|',
    `| ${usage.answered} | ${usage.inFlight} | ${counts(Object.fromEntries(Object.entries(usage.counts).filter(([label]) => label !== '200')))} | ${usage.finalRows} | ${usage.missing} | ${usage.statusesAfterKill.open ?? 0} | ${usage.stillOpen} (${usage.stillOpen === 0 ? `closed ${seconds(usage.closedAfterMs)} after the check` : `after waiting ${seconds(usage.closeWithinMs)}`}) |`,
    '',
    `Final statuses of the rows: ${counts(usage.finalStatuses)}. The rows are counted 2.5 s after the load: the killed worker's answered calls are in its usage journal (router/usage/journal.ts) until the surviving worker's sweep (every 2 s in this run) writes them.`,
    '',
    `**Outbox with a worker killed mid-delivery** (${outbox.sites} sites × ${settings.changesPerSite} entitlement changes, the receiver answering after ${settings.receiverDelayMs} ms; \`kill -9\` of worker A after ${outbox.arrivedAtKill} had arrived)`,
    '',
    '| messages | marked delivered | received | received more than once (same webhook-id) | extra deliveries | with more than one recorded attempt | delivered, never received | all settled in |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|',
    `| ${outbox.queued} of ${outbox.expected} | ${outbox.delivered} | ${outbox.received} | ${outbox.receivedTwice} | ${outbox.extraDeliveries} | ${outbox.recordedAttemptsOverOne} | ${outbox.deliveredNotReceived} | ${fixed(outbox.seconds, 1)} s |`,
    '',
    `**MariaDB restarted mid-load** (${settings.concurrency / 2} callers through the balancer; mariadbd stopped with TERM, down ${seconds(restart.downMs)}, started again with scripts/lib.sh \`db_start\`)`,
    '',
    '| stop took | outage window (stop → up) | start took | answers during the outage | first success after up | failures after up | worker pids unchanged |',
    '|---:|---:|---:|---|---:|---:|---|',
    `| ${seconds(restart.stopMs)} | ${seconds(restart.outageWindowMs)} | ${seconds(restart.startMs)} | ${counts(restart.outageCounts)} | ${seconds(restart.firstSuccessAfterUpMs)} | ${restart.failuresAfterUp} | ${restart.pidsUnchanged ? 'yes' : 'NO'} (${restart.pids.join(', ')}) |`,
    '',
    `Calls that need the database, made once mid-outage: ${restart.probes.map((entry) => `${entry.call} → **${entry.status}${entry.code ? ` ${entry.code}` : ''}**`).join('; ')}.`,
    '',
    `All answers of the phase: ${counts(restart.counts)}; ${restart.answered} answered, ${restart.usageRows} usage rows, ${restart.answeredWithoutRow} answered calls without a row.`,
  ];
  return lines;
}

export const SCALE_START = '<!-- scale:start -->';
export const SCALE_END = '<!-- scale:end -->';

/**
 * `npm run bench -- --write` rewrites docs/benchmarks.md whole: the "Two workers on one
 * database" section (between the scale markers, written from `npm run bench -- scale`) is
 * carried over from the old file, before "## Reading the figures".
 */
export function keepScaleSection(oldDocument, newDocument) {
  const start = oldDocument.indexOf(SCALE_START);
  const end = oldDocument.indexOf(SCALE_END);
  if (start < 0 || end < start || newDocument.includes(SCALE_START)) return newDocument;
  const block = oldDocument.slice(start, end + SCALE_END.length);
  const anchor = newDocument.indexOf('\n## Reading the figures');
  return anchor >= 0 ? `${newDocument.slice(0, anchor)}\n${block}\n${newDocument.slice(anchor)}` : `${newDocument.trimEnd()}\n\n${block}\n`;
}

/** The hard budget spent through both workers at once (bench/scale/budget-phase.mjs). */
function budgetLines(budget, settings) {
  const bound = (Number(budget.amount) + Number(budget.estimate)).toFixed(8);
  const held = budget.spent !== null && Number(budget.spent) <= Number(bound);
  return [
    `**Hard budget** (one key, a total budget of ${budget.amount} USD, \`mock/echo\` priced at 1,000 USD per million tokens, \`max_tokens\` 16: a call's estimate ${budget.estimate} USD; ${settings.concurrency} callers through the balancer over both workers for ${settings.seconds} s)`,
    '',
    '| sent | admitted (200) | refused (429 svc_budget_exceeded) | other | settled spend | amount + one estimate | held | reserved after | calls (cost) per worker |',
    '|---:|---:|---:|---:|---:|---:|---|---:|---|',
    `| ${budget.sent} | ${budget.admitted} | ${budget.refused} | ${budget.other} | ${budget.spent ?? '–'} | ${bound} | ${held ? 'yes' : '**no**'} | ${budget.reserved ?? '–'} | ${budget.byWorker.map((row) => `${row.worker}: ${row.calls} (${row.cost})`).join('; ')} |`,
    '',
  ];
}
