import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Request, Response } from 'express';
import { redeliverWithClock } from '../../worker/src/http/handlers/redeliver';
import type { Services } from '../../worker/src/services';
import { ApiError } from '../../worker/src/support/api-error';

/**
 * svc-client (PHP) reads the hub's (TypeScript) refusal of a second redelivery within 5 s — a
 * save then "Test connection" — as "already asked", not as a failure; the key's own rate limit
 * (the same code and status) stays a failure.
 */
function run(cases: { status: number; body: string }[]): boolean[] {
  const path = join(mkdtempSync(join(tmpdir(), 'svc-client-redeliver-')), 'cases.json');
  writeFileSync(path, JSON.stringify(cases));
  const result = spawnSync('php', [join(__dirname, 'svc-client', 'redeliver-answer.php'), path], { encoding: 'utf8' });
  expect(result.stderr).toBe('');
  return JSON.parse(result.stdout);
}

async function secondRedelivery(): Promise<ApiError> {
  const database = { table: (name: string) => `wp_svc_${name}`, pool: { execute: async () => [[{ pending: 1 }]] } };
  const services = { database, outbox: { notifyCommitted: () => undefined } } as unknown as Pick<Services, 'database' | 'outbox'>;
  const handler = redeliverWithClock(services, () => 1_000_000);
  const response = {
    locals: { apiKey: { siteUrl: 'https://a.example' }, rawBody: Buffer.from('{}') },
    setHeader: () => undefined,
    json: () => undefined,
  };
  const ask = () => handler({ body: Buffer.from('{}') } as Request, response as unknown as Response);
  await ask();
  return ask().then(
    () => Promise.reject(new Error('the second redelivery was not refused')),
    (error: ApiError) => error,
  );
}

describe('svc-client reads the hub’s redelivery answers', () => {
  it('a second redelivery within the interval is "already asked"; the key’s rate limit and other errors are failures', async () => {
    const refused = await secondRedelivery();
    expect(refused.status).toBe(429);
    expect(
      run([
        { status: refused.status, body: JSON.stringify(refused.toBody()) },
        { status: 429, body: JSON.stringify(ApiError.rateLimited(3).toBody()) },
        { status: 401, body: JSON.stringify(ApiError.invalidKey().toBody()) },
        { status: 429, body: 'not json' },
      ]),
    ).toEqual([true, false, false, false]);
  });
});
