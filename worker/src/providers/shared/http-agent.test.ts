import type { LookupAddress } from 'node:dns';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OutboundGuard } from '../../support/outbound-guard';
import { UpstreamError } from '../errors';
import { HttpClient } from './http';

const timeouts = { connectMs: 2000, firstTokenMs: 5000, idleMs: 5000 };
const signal = () => new AbortController().signal;

/** A local provider stand-in that counts connections and holds each request until `release()`. */
async function startCountingServer() {
  const held: ServerResponse[] = [];
  const hosts: string[] = [];
  let released = false;
  let open = 0;
  const counts = { connections: 0, mostOpen: 0, requests: 0 };
  const waiters: Array<() => void> = [];
  const answer = (response: ServerResponse) => response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    counts.requests += 1;
    hosts.push(String(request.headers.host));
    request.resume();
    request.on('end', () => (released ? answer(response) : held.push(response)));
    waiters.splice(0).forEach((wake) => wake());
  });
  server.on('connection', (socket) => {
    counts.connections += 1;
    open += 1;
    counts.mostOpen = Math.max(counts.mostOpen, open);
    socket.on('close', () => (open -= 1));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    counts,
    hosts,
    /** Resolves once the server has received `count` requests. */
    async received(count: number): Promise<void> {
      while (counts.requests < count) await new Promise<void>((resolve) => waiters.push(resolve));
    },
    release(): void {
      released = true;
      held.splice(0).forEach(answer);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type CountingServer = Awaited<ReturnType<typeof startCountingServer>>;

const resolverOf = (table: Record<string, LookupAddress[]>) => async (hostname: string) => {
  const answer = table[hostname];
  if (!answer) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
  return answer;
};

describe('HTTP helper: the connection limit per provider origin', () => {
  let server: CountingServer;
  let client: HttpClient;
  beforeEach(async () => {
    server = await startCountingServer();
  });
  afterEach(async () => {
    await client?.close();
    await server.close();
  });

  it('opens at most `connections` sockets: 5 concurrent calls with a limit of 2 share 2 connections', async () => {
    client = new HttpClient({ provider: 'compat', baseUrl: `http://127.0.0.1:${server.port}/v1`, timeouts, headers: {}, connections: 2 });
    const calls = Array.from({ length: 5 }, () => client.postJson('/chat/completions', {}, signal()));
    await server.received(2); // two calls reached the server and are held there; the other three wait for a connection
    server.release();
    expect(await Promise.all(calls)).toEqual(Array.from({ length: 5 }, () => ({ ok: true })));
    expect(server.counts).toEqual({ connections: 2, mostOpen: 2, requests: 5 });
  });
});

describe('HTTP helper: an admin-entered base URL passes the outbound guard at every connection', () => {
  let server: CountingServer;
  let client: HttpClient;
  beforeEach(async () => {
    server = await startCountingServer();
    server.release();
  });
  afterEach(async () => {
    await client?.close();
    await server.close();
  });

  it.each([
    ['a loopback address', (port: number) => `http://127.0.0.1:${port}/v1`, {}],
    [
      'a name that resolves to a private address',
      (port: number) => `http://inside.test:${port}/v1`,
      { 'inside.test': [{ address: '10.0.0.1', family: 4 }] },
    ],
  ])('refuses %s without connecting, as a non-retryable upstream error', async (_case, url, table) => {
    const guard = new OutboundGuard([], resolverOf(table));
    client = new HttpClient({
      provider: 'compat',
      baseUrl: url(server.port),
      timeouts,
      headers: { authorization: 'Bearer sk-secret' },
      outboundGuard: guard,
    });
    const error = await client.postJson('/chat/completions', {}, signal()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as UpstreamError).details).toMatchObject({ isRetryable: false, providerCode: 'outbound_refused' });
    expect((error as UpstreamError).message).toMatch(/SVC_OUTBOUND_ALLOW/);
    expect(server.counts.connections).toBe(0);
  });

  it('connects a host SVC_OUTBOUND_ALLOW names to the address the guard checked (pinned), keeping its Host', async () => {
    const guard = new OutboundGuard(
      [`provider.test:${server.port}`],
      resolverOf({ 'provider.test': [{ address: '127.0.0.1', family: 4 }] }),
    );
    client = new HttpClient({
      provider: 'compat',
      baseUrl: `http://provider.test:${server.port}/v1`,
      timeouts,
      headers: {},
      outboundGuard: guard,
    });
    expect(await client.postJson('/chat/completions', {}, signal())).toEqual({ ok: true }); // the system resolver knows no provider.test
    expect(server.hosts).toEqual([`provider.test:${server.port}`]);
  });

  it('reports a host that does not resolve as a connection failure, not an internal error', async () => {
    client = new HttpClient({
      provider: 'compat',
      baseUrl: 'http://nowhere.test/v1',
      timeouts,
      headers: {},
      outboundGuard: new OutboundGuard([], resolverOf({})),
    });
    const error = await client.postJson('/chat/completions', {}, signal()).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as UpstreamError).message).toContain('ENOTFOUND');
  });
});
