import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OutboundGuard } from '../../support/outbound-guard';
import type { PriceOverride, StoredPrice } from '../catalog/prices';
import { syncPrices, type PriceSyncServices } from './price-sync';

const LIST = readFileSync(join(__dirname, '../../providers/__fixtures__/openrouter-models-synthetic.json'), 'utf8');

/** A price-list server answering `body` (and its status), the price book in memory. */
async function setUp(initial: Array<[string, StoredPrice]> = []) {
  let body = LIST;
  let status = 200;
  const server: Server = createServer((_request, response) => response.writeHead(status, { 'content-type': 'application/json' }).end(body));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  const stored = new Map<string, StoredPrice>(initial);
  const writes: number[] = [];
  const router = {
    config: { version: 'test' },
    providers: { guard: new OutboundGuard([host]), statuses: async () => [{ name: 'openrouter', base_url: `http://${host}/api/v1` }] },
    prices: {
      stored: async () => stored,
      forget: () => undefined,
      setMany: async (prices: Array<[string, PriceOverride]>, source: string) => {
        writes.push(prices.length);
        for (const [model, price] of prices) stored.set(model, { ...price, source });
      },
    },
  } as unknown as PriceSyncServices;
  return {
    router,
    stored,
    writes,
    answer: (next: string, nextStatus = 200) => ((body = next), (status = nextStatus)),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe('syncPrices', () => {
  it('stores the listed prices as openrouter/<id>, says what it did, and finds nothing to do the second time', async () => {
    const sync = await setUp();
    try {
      const lines: string[] = [];
      const first = await syncPrices(sync.router, 'openrouter', (line) => lines.push(line));
      // gpt-4o-mini and claude-3.5-haiku are listed at the shipped catalog price: nothing to store
      expect(first).toMatchObject({ listed: 4, added: 2, changed: 0, unchanged: 2, kept: 0 });
      expect(first.refused.map((entry) => entry.model)).toEqual(['openrouter/auto', 'example/overpriced']);
      expect(sync.stored.get('openrouter/meta-llama/llama-4-maverick')).toEqual({
        inputPerMtok: 0.2,
        outputPerMtok: 0.8,
        cacheReadPerMtok: null,
        cacheWritePerMtok: null,
        currency: 'USD',
        source: 'openrouter',
      });
      expect(lines[0]).toMatch(/^Fetching http:\/\/127\.0\.0\.1:\d+\/api\/v1\/models/);
      const second = await syncPrices(sync.router, 'openrouter', () => undefined);
      expect(second).toMatchObject({ added: 0, changed: 0, unchanged: 4 });
      expect(sync.writes).toEqual([2]);
    } finally {
      await sync.close();
    }
  });

  it('changes a price the list changed, and never one the admin set', async () => {
    const admin: StoredPrice = {
      inputPerMtok: 9,
      outputPerMtok: 9,
      cacheReadPerMtok: null,
      cacheWritePerMtok: null,
      currency: 'USD',
      source: 'admin',
    };
    const old: StoredPrice = { ...admin, inputPerMtok: 0.1, source: 'openrouter' };
    const sync = await setUp([
      ['openrouter/meta-llama/llama-4-maverick', old],
      ['openrouter/mistralai/mistral-7b-instruct:free', admin],
    ]);
    try {
      expect(await syncPrices(sync.router, 'openrouter', () => undefined)).toMatchObject({ added: 0, changed: 1, unchanged: 2, kept: 1 });
      expect(sync.stored.get('openrouter/mistralai/mistral-7b-instruct:free')).toBe(admin);
      expect(sync.stored.get('openrouter/meta-llama/llama-4-maverick')!.inputPerMtok).toBe(0.2);
    } finally {
      await sync.close();
    }
  });

  it.each([
    ['{"data": [{"id": "a/b"}]}', 200, 'has no pricing.prompt'],
    ['<html>', 200, 'not JSON'],
    ['{"error": "down"}', 503, 'answered HTTP 503'],
  ])('changes nothing when the list is malformed or unreadable (%s), and says why', async (body, status, why) => {
    const sync = await setUp();
    sync.answer(body, status);
    try {
      const failure = syncPrices(sync.router, 'openrouter', () => undefined);
      await expect(failure).rejects.toMatchObject({ status: 502, code: 'svc_upstream_error' });
      await expect(syncPrices(sync.router, 'openrouter', () => undefined)).rejects.toThrow(why);
      expect(sync.stored.size).toBe(0);
      expect(sync.writes).toEqual([]);
    } finally {
      await sync.close();
    }
  });

  it('refuses a provider that publishes no price list', async () => {
    const sync = await setUp();
    try {
      await expect(syncPrices(sync.router, 'anthropic', () => undefined)).rejects.toMatchObject({ status: 404 });
    } finally {
      await sync.close();
    }
  });
});
