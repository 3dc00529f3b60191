import { randomUUID } from 'node:crypto';
import { createConnection, type RowDataPacket } from 'mysql2/promise';
import { emulator } from '../support/emulator';
import { bearer, call } from '../support/lanes';
import { createKey, hub } from '../support/hub-cli';
import { shellHeaders } from '../support/signed-request';
import { stack } from '../support/stack';
import { eventually, WAIT_MS } from '../support/eventually';

const CHAT = '/wp-json/llm/router/v1/chat';
const STREAM = '/wp-json/llm/router/v1/chat/stream';
const REPORT = '/wp-json/svc-hub/v1/admin/usage';

/** The completed usage row of one request (waits for the batched write). */
async function usageRow(requestId: string): Promise<RowDataPacket> {
  const env = stack().workerEnv;
  const connection = await createConnection({
    host: env.SVC_DB_HOST,
    port: Number(env.SVC_DB_PORT),
    user: env.SVC_DB_USER,
    password: env.SVC_DB_PASSWORD,
    database: env.SVC_DB_NAME,
  });
  try {
    const read = async () =>
      (await connection.query<RowDataPacket[]>(`SELECT * FROM ${env.SVC_DB_PREFIX}svc_usage WHERE request_id = ?`, [requestId]))[0];
    return (await eventually(read, (rows) => rows[0] !== undefined && rows[0].status !== 'open'))[0]!;
  } finally {
    await connection.end();
  }
}

/**
 * Cached and reasoning tokens (docs/architecture.md §9): the provider's figures reach the usage row and the
 * cost is priced with the model's cache-read price — the shipped one, then the admin's (CLI).
 * The emulator reports OpenAI-shaped usage scripted by the test (scripted-usage.ts).
 */
describe('usage with cached and reasoning tokens', () => {
  const key = createKey(['llm.chat']);
  const headers = (id: string) => ({ ...bearer(key.key), 'Content-Type': 'application/json', 'X-Request-Id': id });
  const body = JSON.stringify({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'the long shared prefix, again' }] });
  const usage = { promptTokens: 2000, completionTokens: 100, cachedTokens: 1536, reasoningTokens: 40 };

  beforeEach(async () => {
    await emulator().reset();
  });

  it.each([
    ['wordpress', CHAT],
    ['direct', STREAM],
  ] as const)('stores them and prices cached input at the cache-read price (%s lane, %s)', async (lane, path) => {
    await emulator().script('openai', 'gpt-4o-mini', [usage]);
    const id = randomUUID();
    const answer = await call(lane, path, { method: 'POST', headers: headers(id), body });
    expect(answer.status).toBe(200);
    // gpt-4o-mini list prices: 0.15 input, 0.075 cached input, 0.60 output (per million tokens):
    // 464 × 0.15 + 1,536 × 0.075 + 100 × 0.6 = 69.6 + 115.2 + 60 = 244.8 per million.
    expect(answer.text).toContain('"amount":"0.00024480"');
    expect(await usageRow(id)).toMatchObject({
      status: 'ok',
      usage_estimated: 0,
      prompt_tokens: 2000,
      completion_tokens: 100,
      cached_tokens: 1536,
      cache_write_tokens: 0,
      reasoning_tokens: 40,
      price_input_per_mtok: '0.150000',
      price_cache_read_per_mtok: '0.075000',
      price_cache_write_per_mtok: '0.000000',
      cost: '0.00024480',
    });
  });

  it('prices with the cache-read price the admin set through the CLI', async () => {
    const printed = hub('price', 'set', 'openai/gpt-4o', '--input', '2.5', '--output', '10', '--cache-read', '0.5');
    expect(printed).toEqual(['openai/gpt-4o: 2.5 in / 10 out / 0.5 cache read / 0 cache write per million tokens (USD).']);
    const deadline = Date.now() + WAIT_MS; // the worker reloads admin prices within 3 s
    let row: RowDataPacket;
    for (;;) {
      const attempt = randomUUID();
      await emulator().script('openai', 'gpt-4o', [usage]);
      expect(
        (await call('direct', CHAT, { method: 'POST', headers: headers(attempt), body: body.replace('gpt-4o-mini', 'gpt-4o') })).status,
      ).toBe(200);
      row = await usageRow(attempt);
      if (row.price_cache_read_per_mtok === '0.500000' || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    // 464 × 2.5 + 1,536 × 0.5 + 100 × 10 = 1,160 + 768 + 1,000 = 2,928 per million.
    expect(row).toMatchObject({ cached_tokens: 1536, price_cache_read_per_mtok: '0.500000', cost: '0.00292800' });
  });

  it('sums them in the usage report', async () => {
    // The shipped prices in force whatever ran before on this stack (router-admin.test.ts
    // overrides gpt-4.1-mini's): the admin route saves them and refreshes the worker's price book.
    const pricePath = '/wp-json/svc-hub/v1/admin/prices/openai/gpt-4.1-mini';
    const shipped = JSON.stringify({ input_per_mtok: 0.4, output_per_mtok: 1.6, cache_read_per_mtok: 0.1, cache_write_per_mtok: 0 });
    const saved = await call('direct', pricePath, {
      method: 'PUT',
      body: shipped,
      headers: { 'Content-Type': 'application/json', ...shellHeaders({ method: 'PUT', path: pricePath, body: shipped }) },
    });
    expect(saved.status).toBe(200);
    await emulator().script('openai', 'gpt-4.1-mini', [usage, usage]);
    for (const id of [randomUUID(), randomUUID()]) {
      expect(
        (await call('direct', CHAT, { method: 'POST', headers: headers(id), body: body.replace('gpt-4o-mini', 'gpt-4.1-mini') })).status,
      ).toBe(200);
      await usageRow(id);
    }
    const path = `${REPORT}?group_by=model`;
    const report = await call('direct', path, { headers: shellHeaders({ method: 'GET', path, body: '' }) });
    expect(report.status).toBe(200);
    expect(report.body.data.find((row: { group: string }) => row.group === 'openai/gpt-4.1-mini')).toMatchObject({
      calls: 2,
      prompt_tokens: 4000,
      completion_tokens: 200,
      cached_tokens: 3072,
      cache_write_tokens: 0,
      reasoning_tokens: 80,
      // 2 × (464 × 0.4 + 1,536 × 0.1 + 100 × 1.6) = 2 × (185.6 + 153.6 + 160) = 998.4 per million
      cost: { amount: '0.00099840', currency: 'USD' },
    });
  });
});
