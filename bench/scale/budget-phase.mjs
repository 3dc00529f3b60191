// The hard budget across two workers for `npm run bench -- scale` (issue 16): `mock/echo` is
// priced (1,000 USD per million tokens, so a call costs cents), one key gets a hard total
// budget, and callers through the balancer spend it on both workers at once. Counted: calls
// admitted and refused, and the budget window's settled spend against amount + one estimate
// (the guarantee of docs/architecture.md §11: concurrent calls on any number of workers overspend by at most
// one call's estimate).
import { createRequire } from 'node:module';
import { PROMPT, runLoad, tally } from './load.mjs';

const require = createRequire(import.meta.url);
const { estimatedCost } = require('../../worker/dist/router/budgets/estimate.js');

const pause = (ms) => new Promise((done) => setTimeout(done, ms));
const PRICE_PER_MTOK = 1000;
const MAX_TOKENS = 16;
const AMOUNT = '1.00000000';

export async function budgetAcrossWorkers({ agent, stack, url, newKey, workers, database, concurrency, seconds, progress }) {
  stack.hub('price', 'set', 'mock/echo', '--input', String(PRICE_PER_MTOK), '--output', String(PRICE_PER_MTOK));
  const key = newKey('scale-budget', 100000);
  const [line] = stack.hub('budget', 'set', '--key', key.id, '--amount', AMOUNT, '--period', 'total');
  const budgetId = /bgt_[0-9A-Z]{26}/.exec(line)?.[0];
  // Every worker reads prices and the budget list again within a few seconds (TTL + one load).
  await pause(6000);
  for (const worker of workers) for (let warm = 0; warm < 2; warm += 1) await fetch(`${worker.url}/wp-json/llm/router/v1/health`);
  const estimate = estimatedCost(
    { promptText: PROMPT, maxTokens: MAX_TOKENS },
    {
      inputPerMtok: PRICE_PER_MTOK,
      outputPerMtok: PRICE_PER_MTOK,
      cacheReadPerMtok: PRICE_PER_MTOK,
      cacheWritePerMtok: PRICE_PER_MTOK,
      currency: 'USD',
    },
  );
  progress(
    `hard budget ${AMOUNT} USD on one key (a call's estimate ${estimate} USD), ${concurrency} callers through the balancer for ${seconds} s`,
  );
  const { answers } = await runLoad(agent, url, key.key, {
    concurrency,
    durationMs: seconds * 1000,
    prefix: 'budget',
    extra: { max_tokens: MAX_TOKENS },
  });
  await pause(4000); // leases given back after 2 s idle, settled spend flushed
  const [window] = await database.query(`SELECT spent, reserved FROM ${database.table('budget_windows')} WHERE budget_id = ?`, [budgetId]);
  const usage = await database.query(
    `SELECT worker, COUNT(*) AS calls, SUM(cost) AS cost FROM ${database.table('usage')} WHERE request_id LIKE 'budget-%' AND status = 'ok' GROUP BY worker`,
  );
  stack.hub('price', 'set', 'mock/echo', '--input', '0', '--output', '0');
  const counts = tally(answers);
  return {
    amount: AMOUNT,
    estimate,
    sent: answers.length,
    admitted: counts['200'] ?? 0,
    refused: counts['429 svc_budget_exceeded'] ?? 0,
    other: answers.length - (counts['200'] ?? 0) - (counts['429 svc_budget_exceeded'] ?? 0),
    spent: window ? String(window.spent) : null,
    reserved: window ? String(window.reserved) : null,
    byWorker: usage.map((row) => ({ worker: row.worker, calls: Number(row.calls), cost: String(row.cost) })),
  };
}
