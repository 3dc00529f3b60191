import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection, type RowDataPacket } from 'mysql2/promise';
import { admin, BUDGET_MODEL, budgetWhen, priceBudgetModel, query, settledUsage, unlimitKey } from '../support/budgets';
import { startExtraWorker, type ExtraWorker } from '../support/extra-worker';
import { createKey } from '../support/hub-cli';
import { ROUTER } from '../support/router-client';
import { stack } from '../support/stack';
import { testFetch } from '../support/test-fetch';

/** 100 words: 10 s from mock/slow, so the call is still in flight when its worker is killed. */
const LONG_TEXT = Array.from({ length: 100 }, (_, index) => `w${index}`).join(' ');

/** Polls the usage row of `requestId` until `done(row)` (at most 30 s); returns it. */
async function usageRow(requestId: string, done: (row: RowDataPacket | undefined) => boolean): Promise<RowDataPacket | undefined> {
  const env = stack().workerEnv;
  const connection = await createConnection({
    host: env.SVC_DB_HOST,
    port: Number(env.SVC_DB_PORT),
    user: env.SVC_DB_USER,
    password: env.SVC_DB_PASSWORD,
    database: env.SVC_DB_NAME,
  });
  try {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const [rows] = await connection.query<RowDataPacket[]>(
        `SELECT status, worker FROM ${env.SVC_DB_PREFIX}svc_usage WHERE request_id = ?`,
        [requestId],
      );
      if (done(rows[0]) || Date.now() > deadline) return rows[0];
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    await connection.end();
  }
}

/**
 * A worker killed with kill -9 and never restarted leaves its calls' usage rows `open`; another
 * worker closes them as `interrupted` once they are older than SVC_USAGE_STALE_AFTER_MS
 * (issue 16, "two workers, proven": no row left open forever).
 */
describe('usage rows of a worker killed for good', () => {
  const workers: ExtraWorker[] = [];
  const key = createKey(['llm.chat']);

  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
  });

  it('are closed as interrupted by a live worker, without a restart of the dead one', async () => {
    const victim = await startExtraWorker();
    workers.push(victim);
    const requestId = randomUUID();
    const call = fetch(`${victim.url}${ROUTER}/chat/completions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key.key}`, 'X-Request-Id': requestId },
      body: JSON.stringify({ model: 'mock/slow', messages: [{ role: 'user', content: LONG_TEXT }] }),
    }).then(
      (response) => response.status,
      () => 'cut',
    );
    expect((await usageRow(requestId, (row) => row?.status === 'open'))?.status).toBe('open');
    await victim.kill();
    expect(await call).toBe('cut');

    const sweeper = await startExtraWorker({ SVC_USAGE_STALE_AFTER_MS: '1000', SVC_STREAM_MAX_MS: '1000' });
    workers.push(sweeper);
    const row = await usageRow(requestId, (found) => found?.status !== 'open');
    expect(row).toMatchObject({ status: 'interrupted' });
  }, 90_000);
});

/** A real-shaped chat request: a tool, a JSON schema for the answer, the budget model (tests/support/budgets.ts). */
const shapedBody = (stream: boolean) => ({
  model: BUDGET_MODEL,
  stream,
  max_tokens: 16,
  messages: [
    { role: 'system', content: 'You answer in JSON.' },
    { role: 'user', content: 'What is the weather in Lyon?' },
  ],
  tools: [
    {
      type: 'function',
      function: {
        name: 'weather',
        description: 'The weather in a city',
        parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      },
    },
  ],
  response_format: {
    type: 'json_schema',
    json_schema: { name: 'forecast', strict: true, schema: { type: 'object', properties: { sky: { type: 'string' } }, required: ['sky'] } },
  },
});

/** What the client saw of a call: its usage block and the router's cost, from a blocking body or a stream's last chunk. */
interface Seen {
  requestId: string;
  promptTokens: number;
  completionTokens: number;
  cost: string;
}

async function shapedCall(baseUrl: string, key: string, stream: boolean): Promise<Seen> {
  const requestId = randomUUID();
  const response = await testFetch(`${baseUrl}${ROUTER}/chat/completions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}`, 'X-Request-Id': requestId },
    body: JSON.stringify(shapedBody(stream)),
  });
  const text = await response.text();
  expect(response.status).toBe(200);
  const final = stream
    ? text
        .split('\n')
        .filter((line) => line.startsWith('data: {'))
        .map((line) => JSON.parse(line.slice(6)))
        .find((chunk) => chunk.router)
    : JSON.parse(text);
  return {
    requestId,
    promptTokens: final.usage.prompt_tokens,
    completionTokens: final.usage.completion_tokens,
    cost: final.router.cost.amount,
  };
}

/** USD text with 8 places as integer 10⁻⁸ units, so sums are exact. */
const units = (amount: string) => BigInt(amount.replace('.', '').replace(/^0+(?=\d)/, ''));

/**
 * kill -9 right after answers left (issue 28): the journal replay by the next worker on the machine
 * writes those calls' rows as the worker would have — tokens and cost equal to what the client saw
 * in `usage` and `router.cost` — and adds their spend to the budget window once, with a call whose
 * writes had landed before the kill counted once, not twice.
 */
describe('calls answered just before a kill -9', () => {
  const workers: ExtraWorker[] = [];
  const key = createKey(['llm.chat']);
  const journalDir = mkdtempSync(join(tmpdir(), 'usage-journal-kill-'));
  let budgetId: string;

  beforeAll(async () => {
    await priceBudgetModel();
    unlimitKey(key);
    const created = await admin('POST', '/budgets', { scope: { kind: 'key', value: key.id }, period: 'month', amount: '5', hard: true });
    expect(created.status).toBe(201);
    budgetId = created.body.id;
  });

  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
    rmSync(journalDir, { recursive: true, force: true });
  });

  it('keep their tokens, cost and budget spend after the restart, each counted once', async () => {
    const env = { SVC_USAGE_JOURNAL_DIR: journalDir };
    const victim = await startExtraWorker(env);
    workers.push(victim);
    const landed = await shapedCall(victim.url, key.key, false);
    await settledUsage(key.id, 1);
    await budgetWhen(budgetId, (view) => view.window.spent.amount === landed.cost); // its spend written too
    const blocking = await shapedCall(victim.url, key.key, false);
    const streamed = await shapedCall(victim.url, key.key, true);
    await victim.kill();

    // Before the replay: the last two rows were not completed in MySQL (their writes are batched: 200 ms, 100 ms).
    const before = await query('SELECT request_id, status FROM {prefix}usage WHERE request_id IN (?, ?)', [
      blocking.requestId,
      streamed.requestId,
    ]);
    expect(before.filter((row) => row.status === 'ok')).toEqual([]);

    workers.push(await startExtraWorker(env)); // replays the dead process's journal at start
    const rows = await settledUsage(key.id, 3);
    for (const seen of [landed, blocking, streamed]) {
      const row = rows.find((found) => found.request_id === seen.requestId)!;
      expect(row).toMatchObject({ status: 'ok', prompt_tokens: seen.promptTokens, completion_tokens: seen.completionTokens });
      expect(String(row.cost)).toBe(seen.cost);
      expect(row.billed === null ? seen.cost : String(row.billed)).toBe(seen.cost);
      expect(row.latency_ms).not.toBeNull();
    }
    expect(rows.find((row) => row.request_id === streamed.requestId)!.first_token_ms).not.toBeNull();

    const spent = [landed, blocking, streamed].reduce((sum, seen) => sum + units(seen.cost), 0n);
    const view = await budgetWhen(budgetId, (found) => units(found.window.spent.amount) === spent);
    expect(units(view.window.spent.amount)).toBe(spent);
    expect(view.window).toMatchObject({ reserved: { amount: '0.00000000' }, reservations: 0 }); // the dead worker's lease given back
    expect(readdirSync(journalDir)).toEqual([]); // the dead process's journal deleted once written
  }, 90_000);
});
