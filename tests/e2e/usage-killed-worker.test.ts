import { randomUUID } from 'node:crypto';
import { createConnection, type RowDataPacket } from 'mysql2/promise';
import { startExtraWorker, type ExtraWorker } from '../support/extra-worker';
import { createKey } from '../support/hub-cli';
import { ROUTER } from '../support/router-client';
import { stack } from '../support/stack';

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
