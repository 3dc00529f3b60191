import { randomUUID } from 'node:crypto';
import { createConnection, type RowDataPacket } from 'mysql2/promise';
import { emulator } from '../support/emulator';
import { bearer, baseUrl, call } from '../support/lanes';
import { createKey } from '../support/hub-cli';
import { stack } from '../support/stack';
import { eventually } from '../support/eventually';

const CHAT = '/wp-json/llm/router/v1/chat';
const STREAM = '/wp-json/llm/router/v1/chat/stream';

async function usageRows(requestIds: string[]): Promise<RowDataPacket[]> {
  const env = stack().workerEnv;
  const connection = await createConnection({
    host: env.SVC_DB_HOST,
    port: Number(env.SVC_DB_PORT),
    user: env.SVC_DB_USER,
    password: env.SVC_DB_PASSWORD,
    database: env.SVC_DB_NAME,
  });
  try {
    const [rows] = await connection.query<RowDataPacket[]>(`SELECT * FROM ${env.SVC_DB_PREFIX}svc_usage WHERE request_id IN (?)`, [
      requestIds,
    ]);
    return rows;
  } finally {
    await connection.end();
  }
}

/** tokens × price per million, to 8 decimals, half up — computed independently of the worker. */
function expectedCost(row: RowDataPacket): string {
  const micro =
    BigInt(row.prompt_tokens) * BigInt(Math.round(Number(row.price_input_per_mtok) * 1e6)) +
    BigInt(row.completion_tokens) * BigInt(Math.round(Number(row.price_output_per_mtok) * 1e6));
  const scaled = (micro * 100n + 500_000n) / 1_000_000n;
  return `${scaled / 100_000_000n}.${(scaled % 100_000_000n).toString().padStart(8, '0')}`;
}

/** Every call — blocking, streamed, failed, aborted — leaves exactly one usage row, priced right. */
describe('usage accounting', () => {
  const key = createKey(['llm.chat']);
  const ids = { blocking: randomUUID(), streamed: randomUUID(), failed: randomUUID(), aborted: randomUUID(), noUsage: randomUUID() };
  const headers = (id: string) => ({ ...bearer(key.key), 'Content-Type': 'application/json', 'X-Request-Id': id });
  const body = (model: string) =>
    JSON.stringify({
      model,
      messages: [{ role: 'user', content: 'count these five words' }],
      metadata: { team: 'growth', campaign: 'spring' },
    });

  beforeAll(async () => {
    const emu = emulator();
    await emu.reset();
    expect(
      (await call('wordpress', CHAT, { method: 'POST', headers: headers(ids.blocking), body: body('openai/gpt-4o-mini') })).status,
    ).toBe(200);
    const streamed = await call('direct', STREAM, { method: 'POST', headers: headers(ids.streamed), body: body('openai/gpt-4o-mini') });
    expect(streamed.text).toContain('data: [DONE]');

    await emu.script('openai', 'gpt-4.1', [{ status: 500 }, { status: 500 }, { status: 500 }]);
    expect((await call('direct', CHAT, { method: 'POST', headers: headers(ids.failed), body: body('openai/gpt-4.1') })).status).toBe(502);

    await emu.script('openai', 'gpt-4o', [{ stallAfterFirstChunk: true }]);
    const controller = new AbortController();
    const response = await fetch(baseUrl('direct') + STREAM, {
      method: 'POST',
      headers: headers(ids.aborted),
      body: body('openai/gpt-4o'),
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    let seen = '';
    while (!seen.includes('"content":"Echo')) seen += new TextDecoder().decode((await reader.read()).value);
    controller.abort();

    await emu.script('openai', 'gpt-4o-mini', [{ noUsage: true }]);
    expect(
      (await call('wordpress', STREAM, { method: 'POST', headers: headers(ids.noUsage), body: body('openai/gpt-4o-mini') })).text,
    ).toContain('"usage_estimated":true');
  });

  it('has exactly one completed row per call, with the right status', async () => {
    const all = Object.values(ids);
    const rows = await eventually(
      () => usageRows(all),
      (read) => read.length >= all.length && read.every((row) => row.status !== 'open'),
    );
    const byId = new Map(rows.map((row) => [row.request_id, row]));
    expect(rows).toHaveLength(all.length);
    expect(byId.get(ids.blocking)).toMatchObject({
      kind: 'chat',
      status: 'ok',
      provider: 'openai',
      model: 'openai/gpt-4o-mini',
      attempts: 1,
      usage_estimated: 0,
      team: 'growth',
      campaign: 'spring',
    });
    expect(byId.get(ids.streamed)).toMatchObject({ kind: 'stream', status: 'ok', usage_estimated: 0 });
    expect(byId.get(ids.failed)).toMatchObject({ kind: 'chat', status: 'error', attempts: 3, error_code: 'svc_upstream_error' });
    expect(byId.get(ids.aborted)).toMatchObject({ kind: 'stream', status: 'aborted' });
    expect(byId.get(ids.noUsage)).toMatchObject({ status: 'ok', usage_estimated: 1 });
    expect(byId.get(ids.noUsage)!.completion_tokens).toBeGreaterThan(0);
    expect(byId.get(ids.streamed)!.first_token_ms).not.toBeNull();
  });

  it('prices every row as tokens × the price stored on it', async () => {
    const rows = await usageRows(Object.values(ids));
    for (const row of rows) expect({ id: row.request_id, cost: row.cost }).toEqual({ id: row.request_id, cost: expectedCost(row) });
    const blocking = rows.find((row) => row.request_id === ids.blocking)!;
    expect([Number(blocking.price_input_per_mtok), Number(blocking.price_output_per_mtok)]).toEqual([0.15, 0.6]);
    expect(blocking.prompt_tokens).toBe(4); // the emulator counts words: "count these five words"
    expect(Number(blocking.cost)).toBeGreaterThan(0);
  });
});
