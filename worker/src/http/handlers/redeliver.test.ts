import type { Request, Response } from 'express';
import type { Services } from '../../services';
import { ApiError } from '../../support/api-error';
import { REDELIVER_INTERVAL_MS, redeliverWithClock } from './redeliver';

/** A database whose outbox holds `pending` messages per site; records each UPDATE's site. */
function fakeServices(pending: Record<string, number>) {
  const updated: string[] = [];
  let notified = 0;
  const database = {
    table: (name: string) => `wp_svc_${name}`,
    pool: {
      execute: async (sql: string, [site]: [string]) => {
        if (sql.startsWith('UPDATE')) updated.push(site);
        return [[{ pending: pending[site] ?? 0 }]];
      },
    },
  };
  const services = { database, outbox: { notifyCommitted: () => (notified += 1) } } as unknown as Pick<Services, 'database' | 'outbox'>;
  return { services, updated, notified: () => notified };
}

function call(handler: ReturnType<typeof redeliverWithClock>, siteUrl: string, sent?: unknown) {
  let body: unknown;
  // As the server hands it over: the raw bytes (middleware/raw-body.ts), never a parsed body.
  const rawBody = sent === undefined ? Buffer.alloc(0) : Buffer.from(JSON.stringify(sent));
  const locals = { apiKey: { siteUrl }, rawBody };
  const response = { locals, setHeader: () => undefined, json: (value: unknown) => (body = value) };
  return handler({ body: rawBody } as Request, response as unknown as Response).then(() => body);
}

describe('POST /svc-license/v1/redeliver', () => {
  it("makes the caller's own site's messages due and says how many are pending", async () => {
    const fake = fakeServices({ 'https://a.example': 2 });
    const handler = redeliverWithClock(fake.services, () => 1_000_000);
    expect(await call(handler, 'https://a.example')).toEqual({ due: 2 });
    expect(fake.updated).toEqual(['https://a.example']);
    expect(fake.notified()).toBe(1);
    expect(await call(handler, 'https://b.example')).toEqual({ due: 0 });
    expect(fake.notified()).toBe(1);
  });

  it('answers 429 with Retry-After to a site asking again within the interval, and nothing changes', async () => {
    const fake = fakeServices({ 'https://a.example': 1 });
    let now = 1_000_000;
    const handler = redeliverWithClock(fake.services, () => now);
    await call(handler, 'https://a.example');
    now += REDELIVER_INTERVAL_MS - 1500;
    const refused = await call(handler, 'https://a.example').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(429);
    expect((refused as ApiError).headers['Retry-After']).toBe('2');
    expect((refused as ApiError).data).toEqual({ retry_after: 2, reason: 'redelivery_recent' });
    expect(fake.updated).toHaveLength(1);
    now += 1500;
    expect(await call(handler, 'https://a.example')).toEqual({ due: 1 });
  });

  it('takes no field: {} is fine, a field (another site_url) is 400 naming it, before the interval counts', async () => {
    const fake = fakeServices({ 'https://a.example': 1 });
    const handler = redeliverWithClock(fake.services, () => 1_000_000);
    const refused = await call(handler, 'https://a.example', { site_url: 'https://b.example' }).catch((error: unknown) => error);
    expect((refused as ApiError).status).toBe(400);
    expect((refused as ApiError).data.params).toEqual({ site_url: 'is not a field of this route' });
    expect(fake.updated).toEqual([]);
    expect(await call(handler, 'https://a.example', {})).toEqual({ due: 1 });
  });
});
