import { randomUUID } from 'node:crypto';
import { createConnection, type RowDataPacket } from 'mysql2/promise';
import { startExtraWorker, type ExtraWorker } from '../support/extra-worker';
import { createKey, hub } from '../support/hub-cli';
import { MESSAGES, ROUTER } from '../support/router-client';
import { stack } from '../support/stack';

/** The usage rows of `requestIds`, as they are in MySQL now (no waiting). */
async function usageRows(requestIds: string[]): Promise<Map<string, RowDataPacket>> {
  const env = stack().workerEnv;
  const connection = await createConnection({ host: env.SVC_DB_HOST, port: Number(env.SVC_DB_PORT), user: env.SVC_DB_USER, password: env.SVC_DB_PASSWORD, database: env.SVC_DB_NAME });
  try {
    const [rows] = await connection.query<RowDataPacket[]>(`SELECT request_id, kind, status, cache_hit, error_code FROM ${env.SVC_DB_PREFIX}svc_usage WHERE request_id IN (?)`, [requestIds]);
    return new Map(rows.map((row) => [row.request_id as string, row]));
  } finally {
    await connection.end();
  }
}

/**
 * Every answered call has its usage row, even when its worker is killed with `kill -9` the
 * moment the answers are read (issue 16 §5): the row is in MySQL before the answer leaves —
 * blocking and streamed chat, embeddings, Responses (blocking and streamed), a response-cache
 * hit and a budget refusal alike. The completions (written in batches) die with the worker,
 * so the rows of these instant answers may still be `open`; they are present.
 */
describe('usage rows written before the answer', () => {
  const workers: ExtraWorker[] = [];
  const key = createKey(['llm.chat', 'llm.embeddings']);
  const broke = createKey(['llm.chat']);

  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
  });

  it('are all in MySQL when a worker is killed right after answering', async () => {
    hub('cache', 'set', 'key', key.id, '--ttl', '600');
    hub('budget', 'set', '--key', broke.id, '--amount', '0.00000001', '--period', 'total');
    const worker = await startExtraWorker();
    workers.push(worker);
    const post = (path: string, body: unknown, bearer = key.key, id = randomUUID()) =>
      fetch(`${worker.url}${ROUTER}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${bearer}`, 'X-Request-Id': id },
        body: JSON.stringify(body),
      }).then(async (response) => ({ id, status: response.status, cache: response.headers.get('x-svc-cache'), text: await response.text() }));
    const cached = { model: 'mock/echo', messages: MESSAGES, temperature: 0 };
    expect((await post('/chat/completions', cached)).cache).toBe('miss'); // fills the cache

    const answers = await Promise.all([
      post('/chat/completions', { model: 'mock/echo', messages: MESSAGES }),
      post('/chat/completions', { model: 'mock/echo', messages: MESSAGES, stream: true }),
      post('/embeddings', { model: 'mock/embed', input: 'hello there' }),
      post('/responses', { model: 'mock/echo', input: 'hello there' }),
      post('/responses', { model: 'mock/echo', input: 'hello there', stream: true }),
      post('/chat/completions', cached),
      post('/chat/completions', { model: 'openai/gpt-4o-mini', messages: MESSAGES }, broke.key),
    ]);
    await worker.kill();

    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200, 429]);
    expect(answers[5]!.cache).toBe('hit');
    expect(answers[6]!.text).toContain('svc_budget_exceeded');
    const rows = await usageRows(answers.map((answer) => answer.id));
    expect(answers.map((answer) => rows.get(answer.id)?.kind ?? 'no row')).toEqual(['chat', 'stream', 'embeddings', 'responses', 'responses', 'chat', 'chat']);
    expect(answers.every((answer) => ['open', 'ok', 'error'].includes(rows.get(answer.id)!.status))).toBe(true);
  }, 90_000);
});
