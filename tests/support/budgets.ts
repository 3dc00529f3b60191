import { createConnection, type RowDataPacket } from 'mysql2/promise';
import { call } from './lanes';
import { eventually } from './eventually';
import { hub, type TestKey } from './hub-cli';
import { shellHeaders } from './signed-request';
import { stack } from './stack';
import { testFetch } from './test-fetch';

const ADMIN = '/wp-json/svc-hub/v1/admin';

/**
 * The budget tests' fixed-cost calls: the emulator answers "aaa bbb ccc" with 3 prompt words and
 * "Echo: aaa bbb ccc" (4 words), so with 1000 USD per million tokens each call costs exactly
 * 7 × 0.001 = 0.007 USD. The hub reserves its bound (router/budgets/estimate.ts): 11 bytes + 8
 * for the message + 16 for the request = 35 input tokens, plus max_tokens 4 — 0.039 USD.
 */
export const BUDGET_MODEL = 'openai/gpt-5-mini';
export const CALL_COST = 0.007;
export const CALL_BOUND = 0.039;
export const fixedCostBody = (stream: boolean) => ({
  model: BUDGET_MODEL,
  messages: [{ role: 'user', content: 'aaa bbb ccc' }],
  max_tokens: 4,
  stream,
});

/** An admin request as the shell would send it, straight to the worker. */
export function admin(method: string, path: string, body?: unknown) {
  const text = body === undefined ? '' : JSON.stringify(body);
  return call('direct', ADMIN + path, {
    method,
    body: body === undefined ? undefined : text,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...shellHeaders({ method, path: ADMIN + path, body: text }),
    },
  });
}

/** Prices the budget model at 1000 USD per million tokens in and out. */
export async function priceBudgetModel(): Promise<void> {
  const saved = await admin('PUT', `/prices/${BUDGET_MODEL}`, { input_per_mtok: 1000, output_per_mtok: 1000 });
  if (saved.status !== 200) throw new Error(`price override refused: ${saved.text}`);
}

/** Lets the key run 100 calls at once (per worker) and 1000 a minute, so only the budget limits it. */
export function unlimitKey(key: TestKey): void {
  hub('key', 'concurrency', key.id, '100');
  hub('key', 'rate-limit', key.id, '1000');
}

/** One chat call (blocking or streamed) to `baseUrl`: 'ok', or the error code that refused it. */
export async function fixedCostCall(
  baseUrl: string,
  key: string,
  stream: boolean,
): Promise<{ outcome: string; status: number; body: string }> {
  const response = await testFetch(`${baseUrl}/wp-json/llm/router/v1/chat/completions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
    body: JSON.stringify(fixedCostBody(stream)),
  });
  const body = await response.text();
  if (response.status !== 200) return { outcome: JSON.parse(body).code, status: response.status, body };
  const complete = stream
    ? body.includes('data: [DONE]') && !body.includes('"error"')
    : JSON.parse(body).choices?.[0]?.message?.content === 'Echo: aaa bbb ccc';
  return { outcome: complete ? 'ok' : 'incomplete', status: response.status, body };
}

/** Runs SQL on the stack's database (`{prefix}` is the table prefix). */
export async function query(sql: string, values: unknown[] = []): Promise<RowDataPacket[]> {
  const env = stack().workerEnv;
  const connection = await createConnection({
    host: env.SVC_DB_HOST,
    port: Number(env.SVC_DB_PORT),
    user: env.SVC_DB_USER,
    password: env.SVC_DB_PASSWORD,
    database: env.SVC_DB_NAME,
  });
  try {
    const [rows] = await connection.query<RowDataPacket[]>(sql.replaceAll('{prefix}', `${env.SVC_DB_PREFIX}svc_`), values);
    return rows;
  } finally {
    await connection.end();
  }
}

/** The key's usage rows once none is open any more (rows are written within ~200 ms). */
export async function settledUsage(keyId: string, expected: number): Promise<RowDataPacket[]> {
  return eventually(
    () => query('SELECT * FROM {prefix}usage WHERE key_id = ?', [keyId]),
    (rows) => rows.length >= expected && rows.every((row) => row.status !== 'open'),
  );
}

/** The budget as the admin list shows it. */
export async function budgetNow(id: string): Promise<any> {
  const listed = await admin('GET', '/budgets');
  return listed.body.data.find((budget: { id: string }) => budget.id === id);
}

/** Polls the admin list until `done` holds for the budget (tests/support/eventually.ts); returns the last view. */
export async function budgetWhen(id: string, done: (budget: any) => boolean): Promise<any> {
  return eventually(() => budgetNow(id), done);
}
