import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { silentLogger } from '../support/logger';
import { CallRecord } from './call-record';
import { findModel } from './catalog';
import { streamChat } from './chat-stream';
import { parseChatRequest } from './chat-request';
import type { PriceBook } from './prices';
import { createMockProvider } from './providers/mock';
import { ResponseShape } from './responses/output';
import { streamResponse } from './responses/run-stream';
import type { RouterServices } from './router-services';
import type { UsageRecorder } from './usage-recorder';

/** The router pieces a stream touches, around the real mock provider (mock/echo answers at once). */
function fakeRouter(): RouterServices {
  const provider = createMockProvider({ name: 'mock', baseUrl: '', apiKey: '', timeouts: { connectMs: 1000, firstTokenMs: 1000, idleMs: 1000 } });
  return {
    config: { streamMaxMs: 60_000, streamKeepAliveMs: 60_000, timeouts: { connectMs: 1000, firstTokenMs: 10_000, idleMs: 10_000 }, retry: { max: 0, maxWaitMs: 0 } },
    providers: { get: async () => provider },
    keyPools: { wrap: async (wrapped: unknown) => wrapped },
    images: { prepare: async (request: unknown) => request },
    responseCache: { policyFor: async () => null },
    logger: silentLogger,
  } as unknown as RouterServices;
}

/** A response that keeps what is written to it. */
function fakeResponse() {
  const written: string[] = [];
  const response = Object.assign(new EventEmitter(), {
    statusCode: 0,
    writableEnded: false,
    writableFinished: false,
    destroyed: false,
    headersSent: false,
    setHeader: () => undefined,
    flushHeaders: () => void written.push('<headers>'),
    write: (text: string) => void written.push(text),
    end: () => {
      response.writableEnded = true;
    },
  });
  return { response: response as unknown as ServerResponse, written };
}

/** A call record whose usage row is written only when the test says so. */
function gatedRecord() {
  let rowWritten!: () => void;
  const opened = new Promise<void>((resolve) => (rowWritten = resolve));
  const recorder = { open: () => opened, complete: () => undefined } as unknown as UsageRecorder;
  const prices = { priceFor: async () => null } as unknown as PriceBook;
  const record = new CallRecord(recorder, prices, { requestId: 'req_1', keyId: 'key_1', keyTeam: 'e2e', metadata: { team: '', campaign: '', user: '' }, purpose: null, kind: 'stream' });
  return { record, rowWritten };
}

/** Lets the stream run as far as it can without the row (a few loop turns). */
const turns = async () => {
  for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
};

describe('a stream and its usage row', () => {
  const body = parseChatRequest({ model: 'mock/echo', messages: [{ role: 'user', content: 'hello there' }], stream: true });
  const candidates = [findModel('mock/echo')!];

  it('chat: sends no byte, not even headers, before the row is in the database', async () => {
    const { response, written } = fakeResponse();
    const { record, rowWritten } = gatedRecord();
    const streaming = streamChat(fakeRouter(), response, body, candidates, record);
    await turns();
    expect(written).toEqual([]);
    rowWritten();
    await streaming;
    expect(written[0]).toBe('<headers>');
    expect(written.join('')).toContain('data: [DONE]');
  });

  it('Responses: sends no event before the row is in the database', async () => {
    const { response, written } = fakeResponse();
    const { record, rowWritten } = gatedRecord();
    const describe = (model: { id: string }) => new ResponseShape(model.id, {}, null);
    const streaming = streamResponse(fakeRouter(), response, body, candidates, record, describe, async () => undefined);
    await turns();
    expect(written).toEqual([]);
    rowWritten();
    await streaming;
    expect(written.join('')).toContain('event: response.completed');
  });
});
