import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createTestServer } from '../../support/test-server';

/** An HTTP listener on loopback that records every request it gets (a stand-in attacker host). */
export class Recorder {
  readonly seen: { method: string; url: string; headers: Record<string, string | string[] | undefined> }[] = [];
  private server: Server | null = null;
  url = '';

  async start(): Promise<void> {
    this.server = createTestServer((request, response) => {
      this.seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers });
      request.resume();
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"object":"list","data":[]}');
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve) ?? resolve(undefined));
  }
}

/** The recorder of the running findings suite (started in its beforeAll). */
export const attackerHost = new Recorder();
