import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { createConnection, type RowDataPacket } from 'mysql2/promise';
import { startExtraWorker, type ExtraWorker } from '../support/extra-worker';
import { createKey, hub } from '../support/hub-cli';
import { MESSAGES, ROUTER } from '../support/router-client';
import { stack } from '../support/stack';

/** The usage rows of `requestIds`, as they are in MySQL now (no waiting). */
async function usageRows(requestIds: string[]): Promise<Map<string, RowDataPacket>> {
  const env = stack().workerEnv;
  const connection = await createConnection({
    host: env.SVC_DB_HOST,
    port: Number(env.SVC_DB_PORT),
    user: env.SVC_DB_USER,
    password: env.SVC_DB_PASSWORD,
    database: env.SVC_DB_NAME,
  });
  try {
    const [rows] = await connection.query<RowDataPacket[]>(
      `SELECT request_id, kind, status, cache_hit, error_code FROM ${env.SVC_DB_PREFIX}svc_usage WHERE request_id IN (?)`,
      [requestIds],
    );
    return new Map(rows.map((row) => [row.request_id as string, row]));
  } finally {
    await connection.end();
  }
}

/** Journal files of processes that are gone (usage-<tag>-<pid>-<boot>-<time>.jsonl). */
function deadJournals(folder: string): string[] {
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  return readdirSync(folder).filter((name) => {
    const pid = /^usage-[0-9a-f]{16}-(\d+)-/.exec(name)?.[1];
    return pid !== undefined && !alive(Number(pid));
  });
}

/**
 * Every answered call has its usage row, even when its worker is killed with `kill -9` the
 * moment the answers are read (issue 16 §5) — blocking and streamed chat, embeddings,
 * Responses (blocking and streamed), a response-cache hit and a budget refusal alike:
 * - by default the row is in the worker's usage journal before the answer leaves
 *   (router/usage/journal.ts), and the next worker that starts on this machine writes the dead
 *   one's journal into MySQL (as `interrupted` where nothing had landed yet);
 * - with the journal off (SVC_USAGE_JOURNAL_DIR=off) the answer waits for the row's insert.
 * The completions (written in batches) die with the worker, so these instant answers' rows
 * may be `open` or `interrupted`; they are present.
 */
describe('usage rows of answered calls survive a kill -9', () => {
  const workers: ExtraWorker[] = [];
  const key = createKey(['llm.chat', 'llm.embeddings']);
  const broke = createKey(['llm.chat']);

  beforeAll(() => {
    hub('cache', 'set', 'key', key.id, '--ttl', '600');
    hub('budget', 'set', '--key', broke.id, '--amount', '0.00000001', '--period', 'total');
  });

  afterAll(async () => {
    await Promise.all(workers.map((worker) => worker.stop()));
  });

  /** One call of each kind on a fresh worker, then kill -9 the moment the answers are read. */
  async function answerThenKill(overrides: Record<string, string>) {
    const worker = await startExtraWorker(overrides);
    workers.push(worker);
    const post = (path: string, body: unknown, bearer = key.key, id = randomUUID()) =>
      fetch(`${worker.url}${ROUTER}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${bearer}`, 'X-Request-Id': id },
        body: JSON.stringify(body),
      }).then(async (response) => ({
        id,
        status: response.status,
        cache: response.headers.get('x-svc-cache'),
        text: await response.text(),
      }));
    const cached = { model: 'mock/echo', messages: MESSAGES, temperature: 0 };
    await post('/chat/completions', cached); // fills the cache (a hit if an earlier case did)

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
    return answers.map((answer) => answer.id);
  }

  const KINDS = ['chat', 'stream', 'embeddings', 'responses', 'responses', 'chat', 'chat'];

  it('without a journal: all in MySQL the moment the worker is killed', async () => {
    const ids = await answerThenKill({ SVC_USAGE_JOURNAL_DIR: 'off' });
    const rows = await usageRows(ids);
    expect(ids.map((id) => rows.get(id)?.kind ?? 'no row')).toEqual(KINDS);
    expect(ids.every((id) => ['open', 'ok', 'error'].includes(rows.get(id)!.status))).toBe(true);
  }, 90_000);

  it('with the journal (the default): all in MySQL once a worker starts again on this machine', async () => {
    const journal = stack().workerEnv.SVC_USAGE_JOURNAL_DIR!;
    const ids = await answerThenKill({});
    const left = deadJournals(journal);
    expect(left.length).toBeGreaterThan(0); // the killed worker's journal
    workers.push(await startExtraWorker()); // as systemd restarts a crashed worker
    const rows = await usageRows(ids);
    expect(ids.map((id) => rows.get(id)?.kind ?? 'no row')).toEqual(KINDS);
    expect(ids.every((id) => ['open', 'ok', 'error', 'interrupted'].includes(rows.get(id)!.status))).toBe(true);
    expect(deadJournals(journal)).toEqual([]); // replayed, then deleted
  }, 90_000);
});
