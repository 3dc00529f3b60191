import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OutboundGuard } from '../support/outbound-guard';
import { WebhookSender, type WebhookRequest } from './outbox-sender';

type Handler = (incoming: IncomingMessage, outgoing: ServerResponse, body: string) => void;

const SECRET = `whsec_${Buffer.alloc(32, 9).toString('base64')}`;

describe('WebhookSender', () => {
  let server: Server;
  let base: string;
  let handler: Handler;
  const received: Array<{ headers: IncomingMessage['headers']; body: string; path: string }> = [];

  beforeAll(async () => {
    server = createServer((incoming, outgoing) => {
      let body = '';
      incoming.setEncoding('utf8');
      incoming.on('data', (chunk: string) => (body += chunk));
      incoming.on('end', () => {
        received.push({ headers: incoming.headers, body, path: incoming.url ?? '' });
        handler(incoming, outgoing, body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  });

  beforeEach(() => {
    received.length = 0;
  });

  const sender = (timeoutMs = 2000) =>
    new WebhookSender(new OutboundGuard([new URL(base).host]), { timeoutMs, userAgent: 'svc-hub/9.9.9' });
  const webhook = (path = '/hook'): WebhookRequest => ({
    endpoint: `${base}${path}`,
    messageId: 'msg_01J00000000000000000000000',
    sequence: '42',
    body: '{"type":"entitlement.updated","timestamp":"2026-01-01T00:00:00.000Z","data":{"site_url":"https://a.example"}}',
    secrets: [SECRET],
  });
  const neverStop = new AbortController().signal;

  it('POSTs the body with Standard Webhooks headers, the sequence and the user agent', async () => {
    handler = (_incoming, outgoing) => outgoing.writeHead(204).end();
    const report = await sender().send(webhook(), neverStop);
    expect(report).toMatchObject({ httpStatus: 204, error: null, abandoned: false });
    const [request] = received;
    expect(request!.body).toBe(webhook().body);
    expect(request!.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': 'svc-hub/9.9.9',
      'webhook-id': 'msg_01J00000000000000000000000',
      'svc-sequence': '42',
    });
    const timestamp = request!.headers['webhook-timestamp'] as string;
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(60);
    const expected = createHmac('sha256', Buffer.from(SECRET.slice(6), 'base64'))
      .update(`msg_01J00000000000000000000000.${timestamp}.${request!.body}`)
      .digest('base64');
    expect(request!.headers['webhook-signature']).toBe(`v1,${expected}`);
  });

  it('keeps the first 1000 characters of the answer and reads Retry-After', async () => {
    handler = (_incoming, outgoing) => outgoing.writeHead(429, { 'Retry-After': '30' }).end('x'.repeat(50_000));
    const report = await sender().send(webhook(), neverStop);
    expect(report).toMatchObject({ httpStatus: 429, error: 'answered HTTP 429', retryAfterMs: 30_000 });
    expect(report.responseExcerpt).toBe('x'.repeat(1000));
  });

  it('does not follow a redirect', async () => {
    handler = (incoming, outgoing) =>
      incoming.url === '/moved' ? outgoing.writeHead(307, { Location: `${base}/elsewhere` }).end() : outgoing.writeHead(200).end('reached');
    const report = await sender().send(webhook('/moved'), neverStop);
    expect(report.httpStatus).toBe(307);
    expect(report.error).toContain('redirects are not followed');
    expect(received.map((request) => request.path)).toEqual(['/moved']);
  });

  it('reports a refused target without sending anything', async () => {
    const port = new URL(base).port;
    const report = await sender().send({ ...webhook(), endpoint: `http://localhost:${port}/hook` }, neverStop);
    expect(report.httpStatus).toBeNull();
    expect(report.error).toMatch(/^refused: localhost resolves to .*loopback/);
    expect(received).toEqual([]);
  });

  it('gives up at the timeout', async () => {
    handler = () => undefined; // never answers
    const report = await sender(300).send(webhook(), neverStop);
    expect(report).toMatchObject({ httpStatus: null, error: 'timed out after 300 ms', abandoned: false });
  });

  it('is abandoned, not failed, when the worker stops', async () => {
    handler = () => undefined;
    const stop = new AbortController();
    const pending = sender(10_000).send(webhook(), stop.signal);
    while (received.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    stop.abort();
    expect(await pending).toMatchObject({ abandoned: true, httpStatus: null });
  });

  it('reports a refused connection', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const guarded = new WebhookSender(new OutboundGuard([`127.0.0.1:${port}`]), { timeoutMs: 2000, userAgent: 'svc-hub/test' });
    const report = await guarded.send({ ...webhook(), endpoint: `http://127.0.0.1:${port}/hook` }, neverStop);
    expect(report.error).toContain('ECONNREFUSED');
  });
});
