import type { ChatRequest, ChatResult, Provider } from '../../providers/types';
import type { CallRecord } from '../usage/call-record';
import { CACHE_HEADER, withResponseCache } from './cached-provider';
import type { ResponseCache } from './response-cache';

const cached: ChatResult = { content: 'from the cache', finishReason: 'stop', usage: null };
const fresh: ChatResult = { content: 'from the provider', finishReason: 'stop', usage: null };
const request: ChatRequest = { model: 'claude-sonnet-4-5', messages: [{ role: 'user', content: 'hi' }], temperature: 0 };

/** A cache whose policy covers every call and which holds an answer for every slot. */
function setUp(providerName = 'anthropic') {
  const cache = {
    hits: 0,
    policyFor: () => ({ enabled: true }),
    slotFor: () => ({ scope: 'key:key_1', hash: 'h' }),
    find: async () => cached,
    store: () => undefined,
  } as unknown as ResponseCache;
  const provider: Provider = {
    name: providerName,
    chat: async () => fresh,
    stream: () => [][Symbol.iterator]() as never,
    close: async () => {},
  };
  const headers = new Map<string, string>();
  const record = {
    identity: { keyId: 'key_1', keyTeam: '', siteUrl: 'https://a.example', purpose: null },
    markCacheHit: () => undefined,
  } as unknown as CallRecord;
  const wrapped = withResponseCache(cache, provider, 'anthropic/claude-sonnet-4-5', { record, headers }) as Provider;
  return { wrapped, headers };
}

describe('the response cache and native requests (docs/architecture.md §9)', () => {
  const signal = new AbortController().signal;

  it('answers a translated request from the cache', async () => {
    const { wrapped, headers } = setUp();
    expect(await wrapped.chat(request, { signal })).toBe(cached);
    expect(headers.get(CACHE_HEADER)).toBe('hit');
  });

  it('passes a native request by (bypass): the cache keeps translated answers only', async () => {
    const { wrapped, headers } = setUp();
    const native = { ...request, native: { dialect: 'anthropic-messages' as const, body: { model: 'claude-sonnet-4-5' } } };
    expect(await wrapped.chat(native, { signal })).toBe(fresh);
    expect(headers.get(CACHE_HEADER)).toBe('bypass');
  });

  it('answers a native request to a provider that does not speak its dialect (translated) from the cache', async () => {
    const { wrapped, headers } = setUp('openai');
    const native = { ...request, native: { dialect: 'anthropic-messages' as const, body: { model: 'gpt-4o-mini' } } };
    expect(await wrapped.chat(native, { signal })).toBe(cached);
    expect(headers.get(CACHE_HEADER)).toBe('hit');
  });
});
