import type { Config } from '../../config';
import type { Logger } from '../../support/logger';
import { ProviderPool } from './configured-providers';
import type { ProviderStore, StoredProvider } from './provider-rows';

const logger = { warn: () => undefined } as unknown as Logger;
const config = {
  providerKeys: {
    OPENAI_API_KEY: 'sk-environment-1111',
    MISTRAL_API_KEY: 'mistral-environment-2222',
    MISTRAL_BASE_URL: 'http://127.0.0.1:9000/mistral/v1',
    SVC_COMPAT_API_KEY: 'compat-environment-3333',
    SVC_COMPAT_BASE_URL: 'http://127.0.0.1:9000/compat/v1',
  },
  timeouts: { connectMs: 100, firstTokenMs: 100, idleMs: 100 },
  providerConnections: 7,
  mock: false,
  outbox: { outboundAllow: [] },
} as unknown as Config;

const stored = (name: string, fields: Partial<StoredProvider>): StoredProvider => ({
  name,
  apiKey: null,
  apiKeyLast4: null,
  baseUrl: null,
  enabled: true,
  updatedAt: new Date(0),
  ...fields,
});

function poolWith(rows: StoredProvider[]) {
  const store = { list: async () => rows } as unknown as ProviderStore;
  return new ProviderPool(config, store, logger);
}

const statusOf = async (pool: ProviderPool, name: string) => (await pool.statuses()).find((status) => status.name === name)!;

describe('ProviderPool: keys and hosts', () => {
  it('uses an environment key on the shipped host and on the base URL the environment sets', async () => {
    const pool = poolWith([]);
    expect(await statusOf(pool, 'openai')).toMatchObject({
      configured: true,
      key_source: 'environment',
      key_last4: '1111',
      base_url: 'https://api.openai.com/v1',
    });
    expect(await statusOf(pool, 'mistral')).toMatchObject({
      configured: true,
      key_source: 'environment',
      base_url: 'http://127.0.0.1:9000/mistral/v1',
    });
  });

  it('withholds the environment key from a base URL the admin stored', async () => {
    const pool = poolWith([
      stored('openai', { baseUrl: 'https://collector.example/v1' }),
      stored('compat', { baseUrl: 'https://llm.example/v1' }),
    ]);
    expect(await statusOf(pool, 'openai')).toMatchObject({ configured: false, source: 'admin', key_source: null, key_last4: null });
    expect(await statusOf(pool, 'compat')).toMatchObject({ configured: true, key_source: null, key_last4: null }); // compat needs no key
    expect(await pool.get('openai')).toBeNull();
    await pool.close();
  });

  it("sends the admin's key to the admin's base URL, and the environment key to a stored copy of the environment's base URL", async () => {
    const pool = poolWith([
      stored('openai', { apiKey: 'sk-admin-4444', baseUrl: 'https://collector.example/v1' }),
      stored('mistral', { baseUrl: 'http://127.0.0.1:9000/mistral/v1/' }),
    ]);
    expect(await statusOf(pool, 'openai')).toMatchObject({ configured: true, key_source: 'admin', key_last4: '4444' });
    expect(await statusOf(pool, 'mistral')).toMatchObject({ configured: true, key_source: 'environment', key_last4: '2222' });
  });
});
