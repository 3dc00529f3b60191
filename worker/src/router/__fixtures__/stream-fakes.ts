import { CallRecord, type CallIdentity } from '../usage/call-record';
import { findModel, type CatalogModel } from '../catalog/models';
import { parseChatRequest } from '../request/chat-request';
import type { PriceBook } from '../catalog/prices';
import type { CallOptions, ChatResult, Provider, StreamEvent } from '../../providers/types';
import type { RouterServices } from '../router-services';
import { NO_MARKUP } from '../usage/billing';
import type { UsageCompletion, UsageRecorder } from '../usage/recorder';

/**
 * Fakes for the router's streamed-call unit tests (chat-stream.test.ts,
 * responses/run-stream.test.ts): scripted providers, a usage recorder that keeps what it is
 * given, and a RouterServices with just the parts a streamed call reaches (no database).
 */
export const OPENAI = findModel('openai/gpt-4o-mini')!;
export const ANTHROPIC = findModel('anthropic/claude-3-5-haiku-latest')!;

/** One step of a scripted stream: an event, a failure, or a pause until the test opens `gate`. */
export type Step = StreamEvent | { throws: Error } | { gate: Promise<void> };

/** A provider whose stream plays `steps`; it keeps the signal of each call it was asked for. */
export function scriptedProvider(name: string, steps: Step[]): Provider & { signals: AbortSignal[] } {
  const signals: AbortSignal[] = [];
  return {
    name,
    signals,
    chat: async () => Promise.reject(new Error('not scripted')),
    stream: (_request, options: CallOptions) => ({
      async *[Symbol.asyncIterator]() {
        signals.push(options.signal!);
        for (const step of steps) {
          if ('throws' in step) throw step.throws;
          if ('gate' in step)
            await Promise.race([
              step.gate,
              new Promise((_resolve, reject) => options.signal!.addEventListener('abort', () => reject(options.signal!.reason))),
            ]);
          else yield step;
        }
      },
    }),
    close: async () => undefined,
  };
}

/** A cache that answers every look-up with `hit` (or misses when null), under a policy for all. */
export function cacheAnswering(hit: ChatResult | null) {
  return {
    hits: 0,
    policyFor: async () => ({ scope: 'key' }),
    slotFor: () => ({ key: 'slot' }),
    find: async () => hit,
    store: () => undefined,
  };
}

export function fakeRouter(providers: Provider[], responseCache: unknown = { policyFor: async () => null }): RouterServices {
  return {
    config: {
      streamMaxMs: 60_000,
      streamKeepAliveMs: 15_000,
      timeouts: { connectMs: 5_000, firstTokenMs: 30_000, idleMs: 30_000 },
      retry: { max: 0, maxWaitMs: 0 },
    },
    logger: { warn: () => undefined, error: () => undefined, info: () => undefined },
    providers: { get: async (name: string) => providers.find((provider) => provider.name === name) ?? null },
    keyPools: { wrap: async (provider: Provider) => provider },
    images: { prepare: async (request: unknown) => request },
    responseCache,
  } as unknown as RouterServices;
}

/** A real CallRecord over a recorder that keeps each completed row. */
export function recordedCall(kind: CallIdentity['kind']) {
  const completed: UsageCompletion[] = [];
  const recorder = {
    open: () => undefined,
    complete: (_id: string, completion: UsageCompletion) => completed.push(completion),
    markup: NO_MARKUP,
  } as unknown as UsageRecorder;
  const prices = {
    priceFor: async () => ({ inputPerMtok: 1, outputPerMtok: 2, cacheReadPerMtok: 0, cacheWritePerMtok: 0, currency: 'USD' }),
  } as unknown as PriceBook;
  const identity = {
    requestId: 'req_1',
    keyId: 'key_1',
    keyTeam: 'team',
    siteUrl: 'https://client.example',
    metadata: { team: '', campaign: '', user: '' },
    purpose: null,
    kind,
  };
  return { completed, record: new CallRecord(recorder, prices, identity) };
}

export const streamedBody = (model: CatalogModel) =>
  parseChatRequest({ model: model.id, messages: [{ role: 'user', content: 'hi' }], stream: true });

/**
 * Every piece of a sequence, or the error it threw after them — returned after the turn of the
 * event loop in which it ended, when the call's record is complete (CallRecord.finish records
 * right after the answer).
 */
export async function collect<T>(pieces: AsyncIterable<T>): Promise<{ pieces: T[]; thrown: unknown }> {
  const seen: T[] = [];
  let thrown: unknown = null;
  try {
    for await (const piece of pieces) seen.push(piece);
  } catch (error) {
    thrown = error;
  }
  await afterAnswer();
  return { pieces: seen, thrown };
}

/** The end of this turn of the event loop: what a call records after its answer is recorded. */
export const afterAnswer = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** A promise the test opens. */
export function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}
