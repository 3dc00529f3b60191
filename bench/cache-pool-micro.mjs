// Per-call cost of the response cache look-up decision and of the key pool pick on the
// direct lane's code path, in-process (no network, no database: the policy, pool and
// cool-down snapshots are already loaded, as they are on a warm worker). Not a test: prints µs.
// Usage: npm run build && node bench/cache-pool-micro.mjs
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const { withResponseCache } = require('../worker/dist/router/response-cache/cached-provider.js');
const { ResponseCache } = require('../worker/dist/router/response-cache/response-cache.js');
const { KeyPools } = require('../worker/dist/router/key-pools/key-pools.js');

const rows = (list) => [list];
const policies = [];
const deployments = [];
const database = {
  table: (name) => `svc_${name}`,
  pool: {
    query: async (sql) =>
      sql.includes('cache_policies') ? rows(policies) : sql.includes('provider_deployments') ? rows(deployments) : rows([]),
    execute: async () => rows([]),
  },
};
const logger = { warn() {}, info() {}, error() {} };
const answer = { content: 'Echo: hello', finishReason: 'stop', usage: { promptTokens: 3, completionTokens: 2, totalTokens: 5 } };
const provider = { name: 'openai', chat: async () => answer, stream: () => [], close: async () => {} };
const record = { identity: { keyId: 'key_01JAAAAAAAAAAAAAAAAAAAAAAA', keyTeam: 'e2e', purpose: 'customer-care' }, markCacheHit() {} };
const request = {
  model: 'gpt-4o-mini',
  messages: [
    { role: 'system', content: 'You answer customer questions about orders, briefly and politely.' },
    { role: 'user', content: 'Where is my order 12345? It was due yesterday and the tracking page shows nothing.' },
  ],
  temperature: 0,
  maxTokens: 256,
};

async function measure(name, iterations, body) {
  for (let index = 0; index < 2000; index += 1) await body();
  const started = process.hrtime.bigint();
  for (let index = 0; index < iterations; index += 1) await body();
  const micros = Number(process.hrtime.bigint() - started) / 1e3 / iterations;
  console.log(`${name.padEnd(62)} ${micros.toFixed(2)} µs/call`);
}

const cache = new ResponseCache(database, { perScope: 1000, total: 100000 }, logger);
// the call's answer headers, where the cache says X-Svc-Cache (router/calls/answer-stream.ts)
const context = { record, headers: new Map() };
await measure('cache: no policy for the call (the default)', 100000, () =>
  withResponseCache(cache, provider, 'openai/gpt-4o-mini', context),
);
policies.push({ target_type: 'purpose', target: 'customer-care', enabled: 1, scope: 'team', ttl_seconds: 600, any_temperature: 0 });
cache.policies.snapshot.clear();
// the miss path without its database round trip: policy, eligibility, canonical JSON + SHA-256
const entries = cache.entries;
entries.find = async () => null;
cache.store = () => {};
await measure('cache: policy on, miss (decision + hash; DB look-up excluded)', 50000, async () =>
  (await withResponseCache(cache, provider, 'openai/gpt-4o-mini', context)).chat(request, {}),
);

const config = {
  encryptionKey: Buffer.alloc(32),
  providerKeys: {},
  timeouts: { connectMs: 1000, firstTokenMs: 1000, idleMs: 1000 },
  providerConnections: 10,
  poolCooldownSeconds: 60,
};
const providers = { statuses: async () => [{ name: 'openai', base_url: 'https://api.openai.com/v1' }], guard: null };
const pools = new KeyPools(config, database, providers);
await measure('pool: provider without a pool (the default)', 100000, () => pools.wrap(provider));
deployments.push(
  { provider: 'openai', id: 'a', api_key_encrypted: null, api_key_last4: null, base_url: null, weight: 1 },
  { provider: 'openai', id: 'b', api_key_encrypted: null, api_key_last4: null, base_url: null, weight: 3 },
);
pools.refresh();
let instance = 0;
pools.instanceOf = () => ({ name: 'openai', chat: async () => ((instance += 1), answer), stream: () => [], close: async () => {} });
await measure('pool: wrap + weighted pick among 2 (cool-downs cached) + call', 50000, async () =>
  (await pools.wrap(provider)).chat(request, {}),
);
await measure('baseline: the bare provider call', 100000, () => provider.chat(request, {}));
