// bench/budget-check.mjs – the per-call cost of a budget check against the real MariaDB:
// reserve + settle through the worker's own BudgetGuard, sequential, on a key with one hard
// budget (the direct lane's added work per call when a budget applies), and the look-up cost
// when no budget applies. Per phase: wall µs per call (p50/p90/p99/mean, what a call waits),
// this process's CPU µs per call (background lease work and batched spend writes included) and
// database statements per call (MariaDB's `Questions`). Run with the stack's env:
// SVC_ENV_FILE=…/worker.env node bench/budget-check.mjs [calls]. Creates one budget and removes
// it (and its rows) after.
import { loadConfig } from '../worker/dist/config.js';
import { cliEnvironment } from '../worker/dist/cli/environment.js';
import { createServices } from '../worker/dist/services.js';
import { createLogger } from '../worker/dist/support/logger.js';
import { productVersion } from '../worker/dist/support/version.js';
import { chatBound } from '../worker/dist/router/budgets/estimate.js';
import { findModel } from '../worker/dist/router/catalog/models.js';

const calls = Number(process.argv[2] ?? 2000);
const services = createServices(loadConfig(cliEnvironment(), productVersion()), createLogger('warn'));
const guard = services.router.budgets;
const bound = chatBound({ messages: [{ role: 'user', content: 'hello there router' }], maxTokens: 16 }, [findModel('openai/gpt-4o-mini')]);
const scope = { keyId: 'key_01BENCHBUDGETCHECK0000000', team: 'bench-budget', siteUrl: 'https://bench-budget.example' };
const { record } = await guard.store.create({
  scopeKind: 'key',
  scopeValue: scope.keyId,
  scopeSite: null,
  period: 'day',
  amount: '1000000',
  hard: true,
  alertUrl: null,
});
guard.changed();

/** Everything settled so far written (leases: the batched spend; before leases there is nothing to wait for). */
const written = () => guard.leases?.flushed?.();
const questions = async () => Number((await services.database.pool.query("SHOW GLOBAL STATUS LIKE 'Questions'"))[0][0].Value);

async function measure(label, work) {
  for (let index = 0; index < 200; index += 1) await work(index); // warm up
  await written();
  const times = [];
  const statementsBefore = await questions();
  const cpuBefore = process.cpuUsage();
  for (let index = 0; index < calls; index += 1) {
    const started = process.hrtime.bigint();
    await work(index);
    times.push(Number(process.hrtime.bigint() - started) / 1000);
  }
  await written();
  const cpu = process.cpuUsage(cpuBefore);
  const statements = (await questions()) - statementsBefore - 1;
  times.sort((a, b) => a - b);
  const at = (p) => times[Math.min(times.length - 1, Math.floor(times.length * p))].toFixed(0);
  console.log(
    `${label}: p50 ${at(0.5)} µs, p90 ${at(0.9)} µs, p99 ${at(0.99)} µs, mean ${(times.reduce((a, b) => a + b, 0) / times.length).toFixed(0)} µs; CPU ${((cpu.user + cpu.system) / calls).toFixed(0)} µs, ${(statements / calls).toFixed(2)} database statements per call (${calls} calls)`,
  );
}

try {
  await measure('no budget applies (look-up only)', () =>
    guard.reserve(`usg_bench_none`, { ...scope, keyId: 'key_01OTHER0000000000000000000' }, bound),
  );
  await measure('reserve + settle, one hard budget', async (index) => {
    const { reservation } = await guard.reserve(`usg_bench_${index}`, scope, bound);
    await guard.settle(reservation, '0.00001000');
  });
  const held = [];
  await measure('reserve alone (what a call waits for before it starts)', async () => {
    held.push((await guard.reserve(`usg_bench_r${held.length}`, scope, bound)).reservation);
  });
  for (const reservation of held) await guard.settle(reservation, '0.00001000');
  await written();
} finally {
  await guard.leases?.returnAll?.();
  await guard.store.remove(record.id);
  await services.database.pool.end();
}
