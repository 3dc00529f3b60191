import { silentLogger } from '../../support/logger';
import { CallRecord } from '../usage/call-record';
import { findModel } from '../catalog/models';
import { streamChat } from './chat-stream';
import { parseChatRequest } from '../request/chat-request';
import type { PriceBook } from '../catalog/prices';
import type { AnswerStream, StreamPiece } from './answer-stream';
import { createMockProvider } from '../../providers/mock/mock';
import { ResponseShape } from '../responses/output';
import { streamResponse } from '../responses/run-stream';
import type { RouterServices } from '../router-services';
import type { UsageRecorder } from '../usage/recorder';
import { NO_MARKUP } from '../usage/billing';

/** The router pieces a stream touches, around the real mock provider (mock/echo answers at once). */
function fakeRouter(): RouterServices {
  const provider = createMockProvider({
    name: 'mock',
    baseUrl: '',
    apiKey: '',
    timeouts: { connectMs: 1000, firstTokenMs: 1000, idleMs: 1000 },
  });
  return {
    config: {
      streamMaxMs: 60_000,
      streamKeepAliveMs: 60_000,
      timeouts: { connectMs: 1000, firstTokenMs: 10_000, idleMs: 10_000 },
      retry: { max: 0, maxWaitMs: 0 },
    },
    providers: { get: async () => provider },
    keyPools: { wrap: async (wrapped: unknown) => wrapped },
    images: { prepare: async (request: unknown) => request },
    responseCache: { policyFor: async () => null },
    logger: silentLogger,
  } as unknown as RouterServices;
}

/** Reads a stream's pieces as they come, keeping them (http/ would write each at once). */
function collect(stream: AnswerStream) {
  const pieces: StreamPiece[] = [];
  const reading = (async () => {
    for await (const piece of stream.pieces) pieces.push(piece);
  })();
  return { pieces, reading };
}

/** The stream's pieces as the text http/answers/sse-writer.ts would frame (enough to find events). */
const text = (pieces: StreamPiece[]) =>
  pieces.map((piece) => (piece.kind === 'done' ? 'data: [DONE]' : piece.kind === 'event' ? `event: ${piece.name}` : piece.kind)).join('\n');

/** A call record whose usage row is written only when the test says so. */
function gatedRecord() {
  let rowWritten!: () => void;
  const opened = new Promise<void>((resolve) => (rowWritten = resolve));
  const recorder = { open: () => opened, complete: () => undefined, markup: NO_MARKUP } as unknown as UsageRecorder;
  const prices = { priceFor: async () => null } as unknown as PriceBook;
  const record = new CallRecord(recorder, prices, {
    requestId: 'req_1',
    keyId: 'key_1',
    keyTeam: 'e2e',
    siteUrl: 'https://client.example',
    metadata: { team: '', campaign: '', user: '' },
    purpose: null,
    kind: 'stream',
  });
  return { record, rowWritten };
}

/** Lets the stream run as far as it can without the row (a few loop turns). */
const turns = async () => {
  for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
};

describe('a stream and its usage row', () => {
  const body = parseChatRequest({ model: 'mock/echo', messages: [{ role: 'user', content: 'hello there' }], stream: true });
  const candidates = [findModel('mock/echo')!];

  it('chat: hands over no piece (so http/ sends no byte, not even headers) before the row is in the database', async () => {
    const { record, rowWritten } = gatedRecord();
    const { pieces, reading } = collect(streamChat(fakeRouter(), body, candidates, record, new AbortController().signal));
    await turns();
    expect(pieces).toEqual([]);
    rowWritten();
    await reading;
    expect(pieces[0]!.kind).toBe('data');
    expect(text(pieces)).toContain('data: [DONE]');
  });

  it('Responses: hands over no event before the row is in the database', async () => {
    const { record, rowWritten } = gatedRecord();
    const describe = (model: { id: string }) => new ResponseShape(model.id, {}, null);
    const { pieces, reading } = collect(
      streamResponse(fakeRouter(), body, candidates, record, new AbortController().signal, describe, async () => undefined),
    );
    await turns();
    expect(pieces).toEqual([]);
    rowWritten();
    await reading;
    expect(text(pieces)).toContain('event: response.completed');
  });
});
