import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errors as undiciErrors } from 'undici';
import { UpstreamError, UpstreamTimeoutError } from '../errors';
import { HttpClient, redactUrl, toUpstreamError } from './http';
import { createOpenAiProvider } from '../openai/openai';
import {
  collect,
  frameChunks,
  readFixture,
  rejection,
  respondJson,
  settingsFor,
  startServer,
  type FixtureServer,
} from '../__fixtures__/fixture-server';
import type { StreamEvent } from '../types';

const request = { model: 'gpt-4o-mini', messages: [{ role: 'user' as const, content: 'Hi' }] };
const firstEvent =
  'data: {"id":"c","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"content":"Hel"},"finish_reason":null}]}\n\n';
const fast = { connectMs: 500, firstTokenMs: 300, idleMs: 300 };

/** Everything a test opened, closed after it even when an assertion failed (so jest can exit). */
const opened: Array<{ close(): Promise<void> }> = [];
function track<T extends { close(): Promise<void> }>(resource: T): T {
  opened.push(resource);
  return resource;
}
afterEach(async () => {
  await Promise.allSettled(opened.splice(0).map((resource) => resource.close()));
});

describe('HTTP helper: timeouts', () => {
  let server: FixtureServer;
  let behaviour: 'silent' | 'stall-after-first-event' = 'silent';

  beforeAll(async () => {
    server = await startServer((_request, response) => {
      if (behaviour === 'stall-after-first-event') {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        response.write(firstEvent);
      } // 'silent': accept the request, never answer
    });
  });
  afterAll(() => server.close());

  it('maps a server that never sends headers to a first_token timeout', async () => {
    behaviour = 'silent';
    const provider = track(createOpenAiProvider(settingsFor(server, 'openai', '/v1', { timeouts: fast })));
    const started = Date.now();
    const error = await rejection(provider.chat(request, { signal: new AbortController().signal }));

    expect(error).toBeInstanceOf(UpstreamTimeoutError);
    expect(error).toMatchObject({ phase: 'first_token', isRetryable: true });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('maps a body that stalls after the first event to an idle timeout', async () => {
    behaviour = 'stall-after-first-event';
    const provider = track(createOpenAiProvider(settingsFor(server, 'openai', '/v1', { timeouts: fast })));
    const seen: StreamEvent[] = [];
    const error = await rejection(
      (async () => {
        for await (const event of provider.stream(request, { signal: new AbortController().signal })) seen.push(event);
      })(),
    );

    expect(seen).toEqual([{ type: 'delta', text: 'Hel' }]);
    expect(error).toBeInstanceOf(UpstreamTimeoutError);
    expect(error).toMatchObject({ phase: 'idle', isRetryable: true });
  });

  it('maps undici connect, headers and body timeouts (connect is hard to provoke locally)', () => {
    const url = 'https://user:secret@example.test/v1beta/models/m:generateContent?key=AIza-secret&alt=sse';
    const connect = toUpstreamError(new undiciErrors.ConnectTimeoutError(), 'google', url);
    expect(connect).toBeInstanceOf(UpstreamTimeoutError);
    expect(connect).toMatchObject({ phase: 'connect', isRetryable: true, details: { provider: 'google' } });
    expect((connect as UpstreamError).details.url).toBe('https://example.test/v1beta/models/m:generateContent?alt=sse');
    expect(toUpstreamError(new undiciErrors.HeadersTimeoutError(), 'x', url)).toMatchObject({ phase: 'first_token' });
    expect(toUpstreamError(new undiciErrors.BodyTimeoutError(), 'x', url)).toMatchObject({ phase: 'idle' });
    const unrelated = new TypeError('a bug');
    expect(toUpstreamError(unrelated, 'x', url)).toBe(unrelated);
    expect(redactUrl('http://127.0.0.1:1/v1?key=k&x=1')).toBe('http://127.0.0.1:1/v1?x=1');
  });
});

describe('HTTP helper: broken connections', () => {
  it('makes a refused connection a retryable error without status', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const client = track(new HttpClient({ provider: 'compat', baseUrl: `http://127.0.0.1:${port}/v1`, timeouts: fast, headers: {} }));
    const error = (await rejection(client.postJson('/chat/completions', {}, new AbortController().signal))) as UpstreamError;

    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).not.toBeInstanceOf(UpstreamTimeoutError);
    expect(error.details).toMatchObject({ isRetryable: true, url: `http://127.0.0.1:${port}/v1/chat/completions` });
    expect(error.statusCode).toBeUndefined();
    expect(error.message).toContain('ECONNREFUSED');
  });

  it('makes a connection reset by the server a retryable error without status', async () => {
    const server = track(await startServer((request) => request.socket.destroy()));
    const client = track(new HttpClient({ provider: 'compat', baseUrl: server.baseUrl, timeouts: fast, headers: {} }));
    const error = (await rejection(client.postJson('/chat/completions', {}, new AbortController().signal))) as UpstreamError;

    expect(error).toBeInstanceOf(UpstreamError);
    expect(error.details.isRetryable).toBe(true);
    expect(error.statusCode).toBeUndefined();
  });
});

describe('HTTP helper: aborts and connection reuse', () => {
  let server: FixtureServer;
  let socketClosed: Promise<void>;
  let behaviour: 'hold-open' | 'complete' = 'hold-open';

  beforeAll(async () => {
    server = await startServer((incoming, response) => {
      socketClosed = new Promise((resolve) => incoming.socket.once('close', () => resolve()));
      if (behaviour === 'complete') {
        // [DONE] first, the end of the body a moment later: the stream must drain, not drop, the connection
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        response.write(frameChunks('mistral-text.chunks.txt', { done: true }));
        setTimeout(() => response.end(), 30);
        return;
      }
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(firstEvent);
    });
  });
  afterAll(() => server.close());

  const within = (promise: Promise<void>, milliseconds: number) =>
    Promise.race([promise.then(() => 'closed'), new Promise((resolve) => setTimeout(() => resolve('still open'), milliseconds))]);

  it('an abort mid-stream ends with an AbortError and closes the upstream connection', async () => {
    behaviour = 'hold-open';
    const provider = track(createOpenAiProvider(settingsFor(server, 'openai', '/v1')));
    const controller = new AbortController();
    const error = await rejection(
      (async () => {
        for await (const event of provider.stream(request, { signal: controller.signal })) if (event.type === 'delta') controller.abort();
      })(),
    );

    expect(error).not.toBeInstanceOf(UpstreamError);
    expect((error as Error).name).toBe('AbortError');
    expect(await within(socketClosed, 1000)).toBe('closed');
  });

  it('an abort before the headers is an AbortError too, keeping the reason as cause', async () => {
    const silent = track(await startServer(() => undefined));
    const provider = track(createOpenAiProvider(settingsFor(silent, 'openai', '/v1')));
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error('client went away')), 50);
    const error = (await rejection(provider.chat(request, { signal: controller.signal }))) as Error;

    expect(error.name).toBe('AbortError');
    expect((error.cause as Error).message).toBe('client went away');
  });

  it('leaving a stream early without aborting still closes the upstream connection', async () => {
    behaviour = 'hold-open';
    const provider = track(createOpenAiProvider(settingsFor(server, 'openai', '/v1')));
    for await (const event of provider.stream(request, { signal: new AbortController().signal })) if (event.type === 'delta') break;

    expect(await within(socketClosed, 1000)).toBe('closed');
  });

  it('reuses one keep-alive connection for streams that ran to [DONE]', async () => {
    behaviour = 'complete';
    const provider = track(createOpenAiProvider(settingsFor(server, 'openai', '/v1')));
    const before = server.connections;
    for (let round = 0; round < 3; round += 1) {
      const events = await collect(provider.stream(request, { signal: new AbortController().signal }));
      expect(events.at(-1)).toMatchObject({ type: 'usage' });
      await new Promise((resolve) => setImmediate(resolve)); // undici frees the socket a tick after the body ends
    }

    expect(server.connections - before).toBe(1);
  });
});

describe('HTTP helper: blocking answers (collected by a dispatch handler)', () => {
  it('sends the key and the JSON headers with every blocking call, the same on each', async () => {
    const seen: Array<Record<string, unknown>> = [];
    const server = track(
      await startServer((incoming, response) => {
        seen.push({
          authorization: incoming.headers.authorization,
          type: incoming.headers['content-type'],
          accept: incoming.headers.accept,
        });
        respondJson(response, 200, readFixture('openai-text.json'));
      }),
    );
    const provider = track(createOpenAiProvider(settingsFor(server, 'openai', '/v1')));
    await provider.chat(request, { signal: new AbortController().signal });
    await provider.chat(request, { signal: new AbortController().signal });
    const expected = { authorization: 'Bearer test-key-123', type: 'application/json', accept: 'application/json' };
    expect(seen).toEqual([expected, expected]);
  });

  it('reads an error answer: status, Retry-After, the provider message, and keeps the connection for the next call', async () => {
    let calls = 0;
    const server = track(
      await startServer((_incoming, response) => {
        calls += 1;
        if (calls === 1)
          respondJson(response, 429, '{"error":{"message":"Rate limit reached","type":"requests","code":"rate_limit_exceeded"}}', {
            'retry-after': '7',
          });
        else respondJson(response, 200, readFixture('openai-text.json'));
      }),
    );
    const provider = track(createOpenAiProvider(settingsFor(server, 'openai', '/v1')));
    const before = server.connections;
    const error = await rejection(provider.chat(request, { signal: new AbortController().signal }));

    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as UpstreamError).details).toMatchObject({
      statusCode: 429,
      isRetryable: true,
      retryAfterMs: 7000,
      providerCode: 'rate_limit_exceeded',
    });
    expect((error as UpstreamError).message).toContain('Rate limit reached');
    await new Promise((resolve) => setImmediate(resolve)); // undici frees the socket a tick after the body ends
    await expect(provider.chat(request, { signal: new AbortController().signal })).resolves.toMatchObject({ content: expect.any(String) });
    expect(server.connections - before).toBe(1);
  });

  it('keeps only the first 64 KiB of a huge error body and does not wait for the rest', async () => {
    const server = track(
      await startServer((_incoming, response) => {
        response.writeHead(500, { 'content-type': 'text/plain' });
        response.write('x'.repeat(70_000)); // then never ends
      }),
    );
    const provider = track(createOpenAiProvider(settingsFor(server, 'openai', '/v1')));
    const error = (await rejection(provider.chat(request, { signal: new AbortController().signal }))) as UpstreamError;

    expect(error).toBeInstanceOf(UpstreamError);
    expect(error.details).toMatchObject({ statusCode: 500, isRetryable: true });
    expect(error.details.responseBody!.length).toBeGreaterThan(0);
    expect(error.details.responseBody!.length).toBeLessThanOrEqual(70_000);
  });

  it('refuses an answer that is not JSON as a non-retryable invalid response naming the URL without its key', async () => {
    const server = track(await startServer((_incoming, response) => respondJson(response, 200, '<html>gateway</html>')));
    const provider = track(createOpenAiProvider(settingsFor(server, 'openai', '/v1')));
    const error = (await rejection(provider.chat(request, { signal: new AbortController().signal }))) as UpstreamError;

    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({ isRetryable: false });
    expect(error.message).toMatch(/not JSON/);
  });

  it('answers an already aborted signal without sending anything', async () => {
    const server = track(await startServer((_incoming, response) => respondJson(response, 200, readFixture('openai-text.json'))));
    const provider = track(createOpenAiProvider(settingsFor(server, 'openai', '/v1')));
    const controller = new AbortController();
    controller.abort(new Error('gone before we started'));
    const error = (await rejection(provider.chat(request, { signal: controller.signal }))) as Error;

    expect(error.name).toBe('AbortError');
    expect(server.requests).toHaveLength(0);
  });
});
