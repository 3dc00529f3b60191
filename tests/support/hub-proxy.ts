import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { testFetch } from './test-fetch';
import { createTestServer } from './test-server';

/**
 * A small HTTP proxy the client site takes for its hub: forwards every request (method, headers,
 * body) to `target` and the answer back. `stop()` closes it (the hub looks unreachable: connection
 * refused) and `start()` opens it again on the same port; `rewrite` may change a 200 answer's body
 * on its way to the client (a tampered library item).
 */
export class HubProxy {
  rewrite: ((path: string, body: string) => string) | null = null;
  paths: string[] = [];
  private server: Server | null = null;
  private port = 0;

  constructor(private readonly target: string) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<string> {
    const server = createTestServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on(
        'end',
        () => void this.forward(request.method ?? 'GET', request.url ?? '/', request.headers, Buffer.concat(chunks), response),
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
    return this.url;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async forward(
    method: string,
    path: string,
    incoming: NodeJS.Dict<string | string[]>,
    body: Buffer,
    response: import('node:http').ServerResponse,
  ): Promise<void> {
    this.paths.push(path);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(incoming)) {
      if (value === undefined || ['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive'].includes(name)) continue;
      headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
    try {
      const upstream = await testFetch(this.target + path, {
        method,
        headers,
        body: ['GET', 'HEAD'].includes(method) ? undefined : body,
        redirect: 'manual',
      });
      let answer = Buffer.from(await upstream.arrayBuffer());
      if (this.rewrite && upstream.status === 200) answer = Buffer.from(this.rewrite(path, answer.toString('utf8')));
      const forwarded: Record<string, string> = {};
      upstream.headers.forEach((value, name) => {
        if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive'].includes(name))
          forwarded[name] = value;
      });
      response.writeHead(upstream.status, forwarded);
      response.end(upstream.status === 304 ? undefined : answer);
    } catch (error) {
      response.writeHead(502, { 'Content-Type': 'text/plain' });
      response.end((error as Error).message);
    }
  }
}
