import { silentLogger } from '../../support/logger';
import { CallRecord } from '../usage/call-record';
import { findModel } from '../catalog/models';
import { parseChatRequest } from '../request/chat-request';
import type { PriceBook } from '../catalog/prices';
import { UpstreamError } from '../../providers/errors';
import type { Provider, StreamEvent } from '../../providers/types';
import type { RouterServices } from '../router-services';
import type { UsageRecorder } from '../usage/recorder';
import { NO_MARKUP } from '../usage/billing';
import { streamCall, type StreamShaper } from './stream-call';

/** Anthropic-like native events around the translated ones, as providers/anthropic yields them. */
const native = (event: string): StreamEvent => ({ type: 'native', event, data: { type: event } });
const ANSWER: StreamEvent[] = [
  native('message_start'),
  native('content_block_start'),
  native('content_block_delta'),
  { type: 'delta', text: 'hi' },
  native('message_delta'),
  { type: 'finish', reason: 'stop' },
  { type: 'usage', usage: { promptTokens: 3, completionTokens: 1, totalTokens: 4 } },
  native('message_stop'),
];

/** A provider whose first stream fails (retryably) after its message_start, when `failFirst`. */
function provider(failFirst: boolean): Provider {
  let calls = 0;
  return {
    name: 'mock',
    chat: async () => {
      throw new Error('not used');
    },
    async *stream() {
      calls += 1;
      if (failFirst && calls === 1) {
        yield native('message_start');
        throw new UpstreamError('overloaded', { provider: 'mock', isRetryable: true, statusCode: 529 });
      }
      yield* ANSWER;
    },
    close: async () => undefined,
  };
}

function services(upstream: Provider): RouterServices {
  return {
    config: {
      streamMaxMs: 60_000,
      streamKeepAliveMs: 60_000,
      timeouts: { connectMs: 1000, firstTokenMs: 10_000, idleMs: 10_000 },
      retry: { max: 0, maxWaitMs: 0 },
    },
    providers: { get: async () => upstream },
    keyPools: { wrap: async (wrapped: unknown) => wrapped },
    images: { prepare: async (request: unknown) => request },
    responseCache: { policyFor: async () => null },
    logger: silentLogger,
  } as unknown as RouterServices;
}

function record(): CallRecord {
  const recorder = { open: async () => undefined, complete: () => undefined, markup: NO_MARKUP } as unknown as UsageRecorder;
  const prices = { priceFor: async () => null } as unknown as PriceBook;
  const identity = { requestId: 'req_1', keyId: 'key_1', keyTeam: 'e2e', siteUrl: 'https://client.example', purpose: null };
  return new CallRecord(recorder, prices, { ...identity, metadata: { team: '', campaign: '', user: '' }, kind: 'stream' });
}

/** Runs a stream to its end through a shaper that notes what it was handed, in order. */
async function shaped(upstream: Provider, models: string[]): Promise<string[]> {
  const seen: string[] = [];
  const shaper = (push: (piece: never) => void): StreamShaper => ({
    begin: (model) => seen.push(`begin ${model.id}`),
    output: (event) => seen.push(`output ${event.type}`),
    native: (event) => seen.push(`native ${event.event}`),
    outputText: () => '',
    complete: async () => {
      seen.push('complete');
      push({ kind: 'end' } as never);
    },
    fail: async ({ error }) => {
      throw error;
    },
    abandoned: async () => undefined,
  });
  const body = parseChatRequest({ model: models[0], messages: [{ role: 'user', content: 'hello' }], stream: true });
  const candidates = models.map((id) => findModel(id)!);
  const stream = streamCall(services(upstream), { body, candidates, record: record(), clientGone: new AbortController().signal }, shaper);
  const pieces: unknown[] = [];
  for await (const piece of stream.pieces) pieces.push(piece);
  return seen;
}

describe('the stream engine and native events (docs/architecture.md §9)', () => {
  it('hands the native events to the shaper in order, those before the first output once it begins', async () => {
    expect(await shaped(provider(false), ['mock/echo'])).toEqual([
      'begin mock/echo',
      'native message_start',
      'native content_block_start',
      'native content_block_delta',
      'output delta',
      'native message_delta',
      'native message_stop',
      'complete',
    ]);
  });

  it('drops the native events of an attempt that failed before its first output (the next attempt starts clean)', async () => {
    const seen = await shaped(provider(true), ['mock/echo', 'mock/slow']);
    expect(seen.filter((entry) => entry === 'native message_start')).toHaveLength(1);
    expect(seen.slice(0, 2)).toEqual(['begin mock/slow', 'native message_start']);
  });
});
