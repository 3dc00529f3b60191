import { describeProvider } from '../../providers/registry';
import { andThen, type Eventually } from '../../support/eventually';
import { countCacheHit } from '../../support/metrics/hub-metrics';
import type { AnswerHeaders } from '../calls/answer-stream';
import type { CallRecord } from '../usage/call-record';
import type { ChatRequest, ChatResult, Provider, StreamEvent } from '../../providers/types';
import { replayEvents, StreamCollector } from './replay';
import type { CachePolicy } from './policies';
import type { CacheCaller, CacheSlot, ResponseCache } from './response-cache';

/**
 * What a chat call passes to providerFor() for the cache: the call's record (who calls, for which
 * purpose) and the answer's headers, where the outcome goes (http/ writes them).
 */
export interface CacheContext {
  record: CallRecord;
  headers: AnswerHeaders;
}

export const CACHE_HEADER = 'X-Svc-Cache';

/**
 * The provider behind the response cache, when a policy is on for the call (else the provider
 * itself: no look-up). A cacheable request (temperature 0 or a seed, unless the policy allows
 * any) is looked up first: a hit is answered from the cache — blocking as the result, streamed
 * as replayed events — with `X-Svc-Cache: hit` and the call record marked (cost 0, `cache_hit`);
 * a miss calls the provider (`X-Svc-Cache: miss`) and stores a complete answer. A request the
 * policy does not cover is passed through with `X-Svc-Cache: bypass`. At once when the
 * policies are cached.
 */
export function withResponseCache(
  cache: ResponseCache,
  provider: Provider,
  modelId: string,
  context: CacheContext | undefined,
): Eventually<Provider> {
  if (!context) return provider;
  const caller: CacheCaller = {
    keyId: context.record.identity.keyId,
    team: context.record.identity.keyTeam,
    siteUrl: context.record.identity.siteUrl,
    purpose: context.record.identity.purpose,
  };
  return andThen(cache.policyFor(caller), (policy) =>
    policy ? cachedProvider(cache, provider, modelId, context, caller, policy) : provider,
  );
}

/**
 * A native request (the Messages API) to a provider that speaks its dialect is answered in the provider's own shape, which
 * the cache does not keep (docs/architecture.md §9); to any other provider it is a translated call like chat's, and cached.
 */
function answersNatively(provider: Provider, request: ChatRequest): boolean {
  if (!request.native) return false;
  return describeProvider(provider.name)?.nativeDialects?.includes(request.native.dialect) ?? false;
}

function cachedProvider(
  cache: ResponseCache,
  provider: Provider,
  modelId: string,
  context: CacheContext,
  caller: CacheCaller,
  policy: CachePolicy,
): Provider {
  const mark = (value: 'hit' | 'miss' | 'bypass') => context.headers.set(CACHE_HEADER, value);
  const lookUp = async (request: ChatRequest): Promise<{ slot: CacheSlot | null; hit: ChatResult | null }> => {
    const slot = answersNatively(provider, request) ? null : cache.slotFor(policy, caller, modelId, request);
    const hit = slot ? await cache.find(slot) : null;
    mark(slot === null ? 'bypass' : hit ? 'hit' : 'miss');
    if (hit) {
      cache.hits += 1;
      countCacheHit();
      context.record.markCacheHit();
    }
    return { slot, hit };
  };
  return {
    name: provider.name,
    chat: async (request, options) => {
      const { slot, hit } = await lookUp(request);
      if (hit) return hit;
      const result = await provider.chat(request, options);
      if (slot) cache.store(slot, result);
      return result;
    },
    stream: (request, options) => ({
      async *[Symbol.asyncIterator](): AsyncGenerator<StreamEvent> {
        const { slot, hit } = await lookUp(request);
        if (hit) {
          yield* replayEvents(hit);
          return;
        }
        const collector = new StreamCollector();
        for await (const event of provider.stream(request, options)) {
          collector.add(event);
          yield event;
        }
        const result = collector.result();
        if (slot && result) cache.store(slot, result);
      },
    }),
    ...(provider.embed ? { embed: provider.embed.bind(provider) } : {}),
    ...(provider.generateImages && { generateImages: provider.generateImages.bind(provider) }),
    ...(provider.editImages && { editImages: provider.editImages.bind(provider) }),
    close: () => provider.close(),
  };
}
