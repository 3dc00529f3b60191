import { UpstreamError } from '../../providers/errors';
import type { ChatResult, Provider, StreamEvent } from '../../providers/types';
import type { Cooldown } from './cooldowns';
import type { Deployment } from './deployment-rows';
import { pickByWeight } from './pick';
import { withKeyPool } from './pooled-provider';

const deployment = (id: string, weight = 1): Deployment => ({
  provider: 'openai',
  id,
  apiKey: `key-${id}`,
  apiKeyLast4: id,
  baseUrl: null,
  weight,
});
const answer = (id: string): ChatResult => ({ content: `from ${id}`, finishReason: 'stop', usage: null });
const tooMany = (retryAfterMs?: number) =>
  new UpstreamError('rate limited', { provider: 'openai', statusCode: 429, isRetryable: true, retryAfterMs });

/** Deployments that answer or fail as told, and an in-memory cool-down book. */
function pool(failing: Record<string, Error>, deployments = [deployment('a'), deployment('b')]) {
  const cooled = new Map<string, Cooldown>();
  const calls: string[] = [];
  const instance = (item: Deployment): Provider => ({
    name: 'openai',
    chat: async () => {
      calls.push(item.id);
      if (failing[item.id]) throw failing[item.id];
      return answer(item.id);
    },
    stream: () => ({
      async *[Symbol.asyncIterator](): AsyncGenerator<StreamEvent> {
        calls.push(item.id);
        if (failing[item.id]) throw failing[item.id];
        yield { type: 'delta', text: `from ${item.id}` };
        yield { type: 'finish', reason: 'stop' };
      },
    }),
    close: async () => undefined,
  });
  const cooldowns = {
    active: async () => cooled,
    isCooling: (active: Map<string, Cooldown>, provider: string, id: string) => active.has(`${provider}\u0000${id}`),
    cool: async (provider: string, id: string, milliseconds: number, status: number | null) => {
      cooled.set(`${provider}\u0000${id}`, {
        provider,
        deployment: id,
        until: new Date(Date.now() + milliseconds),
        upstreamStatus: status,
      });
    },
  };
  return { provider: withKeyPool('openai', { deployments, cooldowns, instanceOf: instance, cooldownMs: 60_000 }), cooled, calls };
}

const options = { signal: new AbortController().signal };
const request = { model: 'gpt-4o-mini', messages: [{ role: 'user' as const, content: 'hi' }] };

describe('weighted pick', () => {
  it('draws in proportion to the weights', () => {
    const items = [
      { id: 'a', weight: 1 },
      { id: 'b', weight: 3 },
    ];
    expect(pickByWeight(items, 0.2)?.id).toBe('a');
    expect(pickByWeight(items, 0.3)?.id).toBe('b');
    expect(pickByWeight(items, 0.99)?.id).toBe('b');
    expect(pickByWeight([], 0.5)).toBeNull();
  });
});

describe('a provider key pool', () => {
  // Every draw lands on `a` first (the lowest point of the weights), so a failing `a` is
  // always tried and cooled: the cases do not depend on chance.
  beforeEach(() => jest.spyOn(Math, 'random').mockReturnValue(0));
  afterEach(() => jest.restoreAllMocks());

  it('fails over to another deployment after a 429 and cools the one that answered it', async () => {
    const { provider, cooled, calls } = pool({ a: tooMany() });
    for (let index = 0; index < 6; index += 1) expect((await provider.chat(request, options)).content).toBe('from b');
    expect(calls.filter((id) => id === 'a')).toHaveLength(1);
    expect(cooled.get('openai\u0000a')?.upstreamStatus).toBe(429);
  });

  it('honours a Retry-After longer than the configured cool-down', async () => {
    const { provider, cooled } = pool({ a: tooMany(600_000) }, [deployment('a')]);
    await expect(provider.chat(request, options)).rejects.toBeInstanceOf(UpstreamError);
    expect(cooled.get('openai\u0000a')!.until.getTime()).toBeGreaterThan(Date.now() + 500_000);
  });

  it('fails at once, not retryable, when every deployment is cooling', async () => {
    const { provider, calls } = pool({ a: tooMany(), b: tooMany() });
    await expect(provider.chat(request, options)).rejects.toMatchObject({ details: { statusCode: 429 } });
    await expect(provider.chat(request, options)).rejects.toMatchObject({
      details: { providerCode: 'every_deployment_cooling', isRetryable: false },
    });
    expect(calls).toHaveLength(2);
  });

  it('does not cool a deployment for a client error (400), and passes it on', async () => {
    const bad = new UpstreamError('bad request', { provider: 'openai', statusCode: 400, isRetryable: false });
    const { provider, cooled } = pool({ a: bad }, [deployment('a')]);
    await expect(provider.chat(request, options)).rejects.toBe(bad);
    expect(cooled.size).toBe(0);
  });

  it('fails a stream over before its first event', async () => {
    const { provider, cooled } = pool({ a: new UpstreamError('overloaded', { provider: 'openai', statusCode: 503, isRetryable: true }) });
    for (let index = 0; index < 4; index += 1) {
      const events: StreamEvent[] = [];
      for await (const event of provider.stream(request, options)) events.push(event);
      expect(events).toEqual([
        { type: 'delta', text: 'from b' },
        { type: 'finish', reason: 'stop' },
      ]);
    }
    expect(cooled.get('openai\u0000a')?.upstreamStatus).toBe(503);
  });
});
