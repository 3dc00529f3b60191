import { ApiError } from '../../support/api-error';
import type { CallOptions, ChatResult, Provider } from '../../providers/types';
import type { RouterServices } from '../router-services';
import { OPENAI, afterAnswer, cacheAnswering, fakeRouter, recordedCall } from '../__fixtures__/stream-fakes';
import { parseChatRequest } from '../request/chat-request';
import { ResponseShape } from './output';
import { blockingResponse } from './run-blocking';

/** A blocking Responses call on the blocking engine: the call deadline and the response cache, as chat has them. */
const usage = { promptTokens: 3, completionTokens: 2, totalTokens: 5 };
const body = parseChatRequest({ model: OPENAI.id, messages: [{ role: 'user', content: 'hi' }], temperature: 0 });
const describe_ = (model: { id: string }) => new ResponseShape(model.id, {}, null);

/** A provider whose blocking answer is `answer` (or never comes, until the call's signal ends it); it keeps each call's signal. */
function blockingProvider(answer: ChatResult | null): Provider & { signals: AbortSignal[] } {
  const signals: AbortSignal[] = [];
  return {
    name: 'openai',
    signals,
    chat: (_request, options: CallOptions) => {
      signals.push(options.signal!);
      if (answer) return Promise.resolve(answer);
      return new Promise((_resolve, reject) => options.signal!.addEventListener('abort', () => reject(options.signal!.reason)));
    },
    stream: () => ({ [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(new Error('not scripted')) }) }),
    close: async () => undefined,
  };
}

function services(provider: Provider, cache?: unknown, callMaxMs = 60_000): RouterServices {
  const router = fakeRouter([provider], cache);
  return { ...router, config: { ...router.config, callMaxMs } };
}

describe('blockingResponse', () => {
  it('ends a call that outlasts SVC_CALL_MAX_MS: 504 svc_upstream_timeout (total), the upstream request aborted, one error row', async () => {
    const provider = blockingProvider(null);
    const { completed, record } = recordedCall('responses');
    const client = new AbortController();
    const thrown = await blockingResponse(
      services(provider, undefined, 30),
      { body, candidates: [OPENAI], record },
      client.signal,
      describe_,
    ).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(ApiError);
    expect(thrown).toMatchObject({ status: 504, code: 'svc_upstream_timeout', data: { phase: 'total', limit_ms: 30 } });
    expect(provider.signals[0]!.aborted).toBe(true);
    await afterAnswer();
    expect(completed).toEqual([expect.objectContaining({ status: 'error', errorCode: 'svc_upstream_timeout' })]);
  });

  it('is answered by the response cache on a hit: X-Svc-Cache hit, the cached text as output, cost 0, no provider call', async () => {
    const provider = blockingProvider({ content: 'fresh', finishReason: 'stop', usage });
    const { completed, record } = recordedCall('responses');
    const headers = new Map<string, string>();
    const cached = { content: 'cached answer', finishReason: 'stop' as const, usage };
    const done = await blockingResponse(
      services(provider, cacheAnswering(cached)),
      { body, candidates: [OPENAI], record },
      new AbortController().signal,
      describe_,
      headers,
    );
    expect(headers.get('X-Svc-Cache')).toBe('hit');
    expect(done!.body).toMatchObject({
      object: 'response',
      status: 'completed',
      output: [{ type: 'message', content: [{ text: 'cached answer' }] }],
    });
    expect(provider.signals).toHaveLength(0);
    await afterAnswer();
    expect(completed).toEqual([expect.objectContaining({ status: 'ok', cacheHit: true, cost: '0.00000000' })]);
  });
});
