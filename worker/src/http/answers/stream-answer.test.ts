import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError } from '../../support/api-error';
import type { AnswerStream, StreamPiece } from '../../router/calls/answer-stream';
import { StreamChannel } from '../../router/calls/stream-channel';
import { clientSignal } from '../server/client-signal';
import { answerError } from '../server/error-handler';
import { sendAnswerStream } from './stream-answer';

/**
 * The http side of a streamed answer on a real node server: the SSE framing of each piece
 * (sse-writer.ts), the call's headers, keep-alive comments, the failure piece's two
 * answers, and the hang-up signal that tells the router its client is gone.
 */
const silentLogger = { error: () => undefined, warn: () => undefined, info: () => undefined } as never;

interface Served {
  url: string;
  server: Server;
  /** The stream the next request answers with (set by the test before it asks). */
  next: (response: ServerResponse) => AnswerStream;
  settled: Promise<void>;
}

async function serve(keepAliveMs = 60_000, keepAlive?: string): Promise<Served> {
  const served = {
    next: () => ({ headers: new Map(), pieces: StreamChannel.run<StreamPiece>(async () => undefined) }),
  } as unknown as Served;
  served.server = createServer((request, response) => {
    response.setHeader('X-Request-Id', 'req_test');
    served.settled = sendAnswerStream(response, served.next(response), keepAliveMs, keepAlive).catch((error) =>
      answerError(silentLogger, response, error, { id: 'req_test', method: 'POST', path: '/stream' }),
    );
  });
  await new Promise<void>((resolve) => served.server.listen(0, '127.0.0.1', resolve));
  served.url = `http://127.0.0.1:${(served.server.address() as AddressInfo).port}/stream`;
  return served;
}

/** A manual channel: the test pushes each piece itself. */
function manualStream(headers: [string, string][] = []) {
  const channel = new StreamChannel<StreamPiece>();
  return { channel, stream: { headers: new Map(headers), pieces: channel } as AnswerStream };
}

/** The answer's head, then its body as it arrives (`waitFor` resolves once the body holds a text). */
function ask(url: string) {
  let body = '';
  const waiters: { text: string; resolve: () => void }[] = [];
  let request!: ReturnType<typeof httpRequest>;
  let ending!: (body: string) => void;
  const ended = new Promise<string>((resolve) => (ending = resolve));
  const head = new Promise<IncomingMessage>((resolve, reject) => {
    request = httpRequest(url, { method: 'POST' }, (answer) => {
      answer.setEncoding('utf8');
      answer.on('end', () => ending(body));
      answer.on('data', (text: string) => {
        body += text;
        for (const waiter of waiters.filter((entry) => body.includes(entry.text))) waiter.resolve();
      });
      resolve(answer);
    });
    request.on('error', reject);
    request.end();
  });
  const waitFor = (text: string) =>
    body.includes(text) ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ text, resolve }));
  return { head, ended, waitFor, hangUp: () => request.destroy() };
}

describe('sendAnswerStream', () => {
  let served: Served;
  beforeEach(async () => {
    served = await serve();
  });
  afterEach(async () => {
    served.server.closeAllConnections();
    await new Promise((resolve) => served.server.close(resolve));
  });

  it('frames data pieces, named events and [DONE] as text/event-stream, with the call’s headers before the stream’s own', async () => {
    const { channel, stream } = manualStream([['X-Svc-Cache', 'hit']]);
    served.next = () => stream;
    const answer = ask(served.url);
    channel.push({ kind: 'data', payload: { a: 1 } });
    channel.push({ kind: 'event', name: 'response.created', payload: { type: 'response.created' } });
    channel.push({ kind: 'done' });
    channel.close();
    const head = await answer.head;
    expect(head.statusCode).toBe(200);
    const names = head.rawHeaders.filter((_value, index) => index % 2 === 0);
    expect(names.slice(0, 5)).toEqual(['X-Request-Id', 'X-Svc-Cache', 'Content-Type', 'Cache-Control', 'X-Accel-Buffering']);
    expect(head.headers).toMatchObject({
      'x-svc-cache': 'hit',
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      'x-accel-buffering': 'no',
    });
    expect(await answer.ended).toBe('data: {"a":1}\n\nevent: response.created\ndata: {"type":"response.created"}\n\ndata: [DONE]\n\n');
  });

  it('sends each piece the moment it arrives: the client reads the first before the second exists', async () => {
    const { channel, stream } = manualStream();
    served.next = () => stream;
    const answer = ask(served.url);
    channel.push({ kind: 'data', payload: { n: 1 } });
    await answer.waitFor('data: {"n":1}\n\n');
    channel.push({ kind: 'data', payload: { n: 2 } });
    await answer.waitFor('data: {"n":2}\n\n');
    channel.push({ kind: 'end' });
    channel.close();
    expect(await answer.ended).toBe('data: {"n":1}\n\ndata: {"n":2}\n\n');
  });

  it('answers a failure before anything went out as the ordinary HTTP error, with the call’s headers', async () => {
    const { channel, stream } = manualStream([['X-Svc-Cache', 'miss']]);
    served.next = () => stream;
    const answer = ask(served.url);
    channel.push({
      kind: 'failure',
      error: new ApiError(502, 'svc_upstream_error', 'The provider failed.', { attempts: 2 }),
      payload: { error: { code: 'x' } },
    });
    channel.close();
    const head = await answer.head;
    expect(head.statusCode).toBe(502);
    expect(head.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(head.headers['x-svc-cache']).toBe('miss');
    expect(JSON.parse(await answer.ended)).toEqual({
      code: 'svc_upstream_error',
      message: 'The provider failed.',
      data: { status: 502, attempts: 2 },
    });
  });

  it('answers a failure after the stream began as one error event and [DONE]', async () => {
    const { channel, stream } = manualStream();
    served.next = () => stream;
    const answer = ask(served.url);
    channel.push({ kind: 'data', payload: { n: 1 } });
    channel.push({
      kind: 'failure',
      error: new ApiError(502, 'svc_upstream_error', 'The provider failed.'),
      payload: { error: { code: 'svc_upstream_error', message: 'The provider failed.' } },
    });
    channel.close();
    expect((await answer.head).statusCode).toBe(200);
    expect(await answer.ended).toBe(
      'data: {"n":1}\n\ndata: {"error":{"code":"svc_upstream_error","message":"The provider failed."}}\n\ndata: [DONE]\n\n',
    );
  });

  it('passes an error the sequence throws (a Responses stream failing before it began) to the error answer', async () => {
    served.next = () => ({ headers: new Map(), pieces: StreamChannel.run<StreamPiece>(async () => Promise.reject(ApiError.notFound())) });
    const answer = ask(served.url);
    expect((await answer.head).statusCode).toBe(404);
    expect(JSON.parse(await answer.ended)).toMatchObject({ code: 'svc_not_found' });
  });

  it('tells the router its client hung up (clientSignal), and not after a complete answer', async () => {
    const { channel, stream } = manualStream();
    let signal!: AbortSignal;
    served.next = (response) => {
      signal = clientSignal(response);
      return stream;
    };
    const answer = ask(served.url);
    channel.push({ kind: 'data', payload: { n: 1 } });
    await answer.waitFor('{"n":1}');
    expect(signal.aborted).toBe(false);
    const aborted = new Promise((resolve) => signal.addEventListener('abort', () => resolve(signal.reason)));
    answer.hangUp();
    expect(await aborted).toMatchObject({ name: 'AbortError' });
    channel.close();
    await served.settled;

    const second = manualStream();
    served.next = (response) => {
      signal = clientSignal(response);
      return second.stream;
    };
    const complete = ask(served.url);
    second.channel.push({ kind: 'done' });
    second.channel.close();
    await complete.ended;
    await served.settled;
    expect(signal.aborted).toBe(false);
  });
});

describe('sendAnswerStream keep-alive', () => {
  it('sends `: keep-alive` after a silence (the head with it, the call’s headers included), so a later failure is an event', async () => {
    const served = await serve(100);
    try {
      const { channel, stream } = manualStream([['X-Svc-Cache', 'miss']]);
      served.next = () => stream;
      const answer = ask(served.url);
      const head = await answer.head;
      expect(head.statusCode).toBe(200);
      expect(head.headers['x-svc-cache']).toBe('miss');
      await answer.waitFor(': keep-alive\n\n');
      channel.push({
        kind: 'failure',
        error: new ApiError(504, 'svc_upstream_timeout', 'Too slow.'),
        payload: { error: { code: 'svc_upstream_timeout' } },
      });
      channel.close();
      expect(await answer.ended).toMatch(/^(: keep-alive\n\n)+data: \{"error":\{"code":"svc_upstream_timeout"\}\}\n\ndata: \[DONE\]\n\n$/);
    } finally {
      served.server.closeAllConnections();
      await new Promise((resolve) => served.server.close(resolve));
    }
  });

  it("sends a dialect's own keep-alive when given (the Messages API's ping event)", async () => {
    const ping = 'event: ping\ndata: {"type":"ping"}\n\n';
    const served = await serve(100, ping);
    try {
      const { channel, stream } = manualStream();
      served.next = () => stream;
      const answer = ask(served.url);
      await answer.waitFor(ping);
      channel.push({ kind: 'end' });
      channel.close();
      expect(await answer.ended).toMatch(/^(event: ping\ndata: \{"type":"ping"\}\n\n)+$/);
    } finally {
      served.server.closeAllConnections();
      await new Promise((resolve) => served.server.close(resolve));
    }
  });
});
