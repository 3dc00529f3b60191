import { randomUUID } from 'node:crypto';
import { createConnection, type RowDataPacket } from 'mysql2/promise';
import { emulator } from '../support/emulator';
import { bearer, call, LANES } from '../support/lanes';
import { createKey } from '../support/hub-cli';
import { ROUTER } from '../support/router-client';
import { stack } from '../support/stack';
import { eventually } from '../support/eventually';

/** The usage rows of one request id, once none is open any more (or the last read). */
async function usageRows(requestId: string): Promise<RowDataPacket[]> {
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
      (
        await connection.query<RowDataPacket[]>(`SELECT status, error_code FROM ${env.SVC_DB_PREFIX}svc_usage WHERE request_id = ?`, [
          requestId,
        ])
      )[0];
    return await eventually(read, (rows) => rows.every((row) => row.status !== 'open'));
  } finally {
    await connection.end();
  }
}

const CHAT = `${ROUTER}/chat`;
const FIELD = 'messages[1].content[1].image_url.url';

/**
 * Image URLs for a provider that cannot fetch them (Gemini): the worker fetches them through
 * the outbound guard, so a URL to a private, loopback or link-local address — or a name that
 * resolves to one — is a 400 naming the field; the provider is never called and nothing is
 * recorded as a success (docs/api-notes.md, "Images").
 */
describe.each(LANES)('image URLs the worker must fetch (%s lane)', (lane) => {
  const key = createKey(['llm.chat']);

  beforeEach(async () => {
    await emulator().reset();
  });

  it.each([
    ['https://169.254.169.254/latest/meta-data/iam.png', CHAT],
    ['https://10.0.0.7/cat.png', CHAT],
    ['https://localhost/cat.png', `${CHAT}/stream`],
    ['https://[::1]/cat.png', `${CHAT}/stream`],
  ])('refuses %s (%s) with a 400 naming the field', async (url, path) => {
    const requestId = randomUUID();
    const answer = await call(lane, path, {
      method: 'POST',
      headers: { ...bearer(key.key), 'Content-Type': 'application/json', 'X-Request-Id': requestId },
      body: JSON.stringify({
        model: 'google/gemini-2.0-flash',
        messages: [
          { role: 'system', content: 'Describe images.' },
          {
            role: 'user',
            content: [
              { type: 'text', text: 'What is this?' },
              { type: 'image_url', image_url: { url } },
            ],
          },
        ],
      }),
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      code: 'svc_invalid_request',
      data: { status: 400, params: { [FIELD]: expect.stringMatching(/public address/) } },
    });
    expect(answer.text).not.toMatch(/127\.0\.0\.1|::1\b.*resolves/); // what a name resolved to stays on the server
    expect(await emulator().requests({ provider: 'google' })).toEqual([]);
    const rows = await usageRows(requestId);
    expect(rows.filter((row) => row.status === 'ok')).toEqual([]);
  });
});
