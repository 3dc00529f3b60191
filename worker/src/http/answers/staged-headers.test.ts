import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { browserHeaderList } from '../wordpress/browser-headers';
import { answerError } from '../server/error-handler';
import { sendJson } from './send-json';
import { SseWriter } from './sse-writer';
import { stageHeader, stageHeaders } from './staged-headers';
import { ApiError } from '../../support/api-error';
import { silentLogger } from '../../support/logger';

/** Each answer writer puts the staged headers in its head, once each, with what was set or staged meanwhile. */
async function answerOf(handle: (request: IncomingMessage, response: ServerResponse) => void, headers: Record<string, string> = {}) {
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const answer = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { method: 'POST', headers });
    const names = [...answer.headers.keys()];
    return { status: answer.status, headers: Object.fromEntries(answer.headers), names, body: await answer.text() };
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('staged headers', () => {
  const stage = (request: IncomingMessage, response: ServerResponse) =>
    stageHeaders(response, ['X-Request-Id', 'req_1', ...browserHeaderList(request)]);

  it('go out in the head of a JSON answer, with a header staged or set later', async () => {
    const answer = await answerOf(
      (request, response) => {
        stage(request, response);
        stageHeader(response, 'X-Svc-Cache', 'miss');
        stageHeader(response, 'x-svc-cache', 'hit'); // replaces, as setHeader would (two would read "miss, hit")
        response.setHeader('X-Set-Directly', 'yes');
        sendJson(response, 200, { ok: true });
      },
      { Origin: 'https://app.example' },
    );
    expect(answer.status).toBe(200);
    expect(answer.headers).toMatchObject({
      'x-request-id': 'req_1',
      'x-content-type-options': 'nosniff',
      'x-robots-tag': 'noindex',
      'access-control-allow-origin': 'https://app.example',
      'access-control-allow-credentials': 'true',
      vary: 'Origin',
      'x-svc-cache': 'hit',
      'x-set-directly': 'yes',
      'content-type': 'application/json; charset=utf-8',
      'content-length': '11',
    });
    expect(answer.body).toBe('{"ok":true}');
  });

  it('go out with an error answer and its own headers (Retry-After)', async () => {
    const answer = await answerOf((request, response) => {
      stage(request, response);
      answerError(silentLogger, response, new ApiError(429, 'svc_rate_limited', 'slow down', {}, { 'Retry-After': '7' }), {
        id: 'req_1',
        method: 'POST',
        path: '/',
      });
    });
    expect(answer.status).toBe(429);
    expect(answer.headers).toMatchObject({
      'x-request-id': 'req_1',
      'access-control-expose-headers': 'X-WP-Total, X-WP-TotalPages, Link',
      'retry-after': '7',
    });
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'svc_rate_limited' });
  });

  it('go out in the head of an event stream, before the call’s and the stream’s own', async () => {
    const answer = await answerOf((request, response) => {
      stage(request, response);
      const writer = new SseWriter(response, 60_000, new Map([['X-Svc-Cache', 'miss']]));
      writer.send({ a: 1 });
      writer.done();
    });
    expect(answer.names).toEqual(expect.arrayContaining(['x-request-id', 'x-robots-tag', 'x-svc-cache', 'content-type']));
    expect(answer.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(answer.body).toBe('data: {"a":1}\n\ndata: [DONE]\n\n');
  });

  it('are set at once on a response that stages nothing (the Express dispatch)', async () => {
    const answer = await answerOf((_request, response) => {
      stageHeader(response, 'X-Svc-Cache', 'bypass');
      if (response.getHeader('X-Svc-Cache') !== 'bypass') throw new Error('not set');
      sendJson(response, 200, {});
    });
    expect(answer.headers['x-svc-cache']).toBe('bypass');
  });
});
