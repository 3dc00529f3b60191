import { randomUUID } from 'node:crypto';
import { createConnection, type RowDataPacket } from 'mysql2/promise';
import { emulator } from '../support/emulator';
import { startExtraWorker, type ExtraWorker } from '../support/extra-worker';
import { createKey } from '../support/hub-cli';
import { ROUTER } from '../support/router-client';
import { stack } from '../support/stack';
import { WAIT_MS } from '../support/eventually';

const LIMIT_MS = 1500;
/** 200 words: 20 s from mock/slow, far beyond the limit. */
const LONG_TEXT = Array.from({ length: 200 }, (_, index) => `w${index}`).join(' ');

/** Posts a stream to `url` and reads the whole answer: status, and each event's data. */
async function streamTo(url: string, key: string, body: unknown, requestId: string) {
  const response = await fetch(`${url}${ROUTER}/chat/stream`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}`, 'X-Request-Id': requestId },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  const events = text
    .split('\n\n')
    .map((block) =>
      block
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice(6))
        .join('\n'),
    )
    .filter((data) => data !== '');
  return { status: response.status, text, events };
}

/** The usage row of `requestId` once it is completed (rows are completed in batches). */
async function completedUsageRow(requestId: string): Promise<RowDataPacket> {
  const env = stack().workerEnv;
  const connection = await createConnection({
    host: env.SVC_DB_HOST,
    port: Number(env.SVC_DB_PORT),
    user: env.SVC_DB_USER,
    password: env.SVC_DB_PASSWORD,
    database: env.SVC_DB_NAME,
  });
  try {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const [rows] = await connection.query<RowDataPacket[]>(`SELECT * FROM ${env.SVC_DB_PREFIX}svc_usage WHERE request_id = ?`, [
        requestId,
      ]);
      if (rows.length === 1 && rows[0]!.status !== 'open') return rows[0]!;
      if (Date.now() > deadline)
        throw new Error(`usage row of ${requestId} not completed within ${WAIT_MS / 1000} s: ${JSON.stringify(rows)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    await connection.end();
  }
}

/** SVC_STREAM_MAX_MS: a stream that reaches it is cut off upstream and ends with one error event. */
describe('maximum stream duration', () => {
  let worker: ExtraWorker;
  const key = createKey(['llm.chat']);

  beforeAll(async () => {
    worker = await startExtraWorker({ SVC_STREAM_MAX_MS: String(LIMIT_MS) });
  }, 60_000);
  afterAll(async () => {
    await worker?.stop();
  });

  it('ends a mock/slow stream with one svc_upstream_timeout (phase total) event then [DONE], and completes its usage row', async () => {
    const requestId = randomUUID();
    const answer = await streamTo(worker.url, key.key, { model: 'mock/slow', messages: [{ role: 'user', content: LONG_TEXT }] }, requestId);
    expect(answer.status).toBe(200);
    expect(answer.events[answer.events.length - 1]).toBe('[DONE]');
    const payloads = answer.events.slice(0, -1).map((event) => JSON.parse(event));
    const errors = payloads.filter((payload) => 'error' in payload);
    expect(errors).toEqual([
      {
        error: {
          code: 'svc_upstream_timeout',
          message: expect.stringContaining('maximum duration'),
          data: { status: 504, phase: 'total', limit_ms: LIMIT_MS },
          type: 'server_error',
          param: null,
        },
      },
    ]);
    expect(payloads[payloads.length - 1]).toBe(errors[0]);
    const text = payloads.map((payload) => payload.choices?.[0]?.delta?.content ?? '').join('');
    expect(text.length).toBeGreaterThan(0);
    expect(LONG_TEXT.startsWith(text)).toBe(true);
    expect(text).not.toBe(LONG_TEXT);

    const row = await completedUsageRow(requestId);
    expect(row).toMatchObject({ status: 'error', error_code: 'svc_upstream_timeout', model: 'mock/slow', usage_estimated: 1 });
    expect(row.completion_tokens).toBeGreaterThan(0);
  });

  it('aborts the upstream request of a provider stream at the limit', async () => {
    await emulator().reset();
    await emulator().script('openai', 'gpt-4o-mini', [{ intervalMs: 300 }]);
    const answer = await streamTo(
      worker.url,
      key.key,
      { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: LONG_TEXT }] },
      randomUUID(),
    );
    expect(JSON.parse(answer.events[answer.events.length - 2]!)).toMatchObject({
      error: { code: 'svc_upstream_timeout', data: { phase: 'total' } },
    });
    const requests = await emulator().waitForRequests((logged) =>
      logged.some((request) => request.endedAt !== undefined && request.endedAt !== null),
    );
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ provider: 'openai', closedByClient: true });
  });

  it('answers a plain 504 when the limit is reached before anything was sent', async () => {
    await emulator().reset();
    await emulator().script('openai', 'gpt-4o-mini', [{ delayFirstChunkMs: 10_000 }]);
    const answer = await streamTo(
      worker.url,
      key.key,
      { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'hello' }] },
      randomUUID(),
    );
    expect(answer.status).toBe(504);
    expect(JSON.parse(answer.text)).toEqual({
      code: 'svc_upstream_timeout',
      message: expect.stringContaining('maximum duration'),
      data: { status: 504, phase: 'total', limit_ms: LIMIT_MS },
      error: { code: 'svc_upstream_timeout', message: expect.stringContaining('maximum duration'), type: 'server_error', param: null },
    });
  });
});
