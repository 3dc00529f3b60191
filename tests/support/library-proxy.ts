import { spawn } from 'node:child_process';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { stack } from './stack';
import { testFetch } from './test-fetch';
import { createTestServer } from './test-server';

export interface ProxiedRequest {
  path: string;
  ifNoneMatch: string | null;
}

/**
 * A small HTTP proxy in front of a hub (either lane) that records every request and can
 * rewrite answers: `tamper(path, body)` changes a body on its way to the client, and
 * `dropConditional` strips If-None-Match so the hub answers 200.
 */
export class LibraryProxy {
  requests: ProxiedRequest[] = [];
  tamper: ((path: string, body: string) => string) | null = null;
  dropConditional = false;
  private server: Server | null = null;

  constructor(private readonly target: string) {}

  async start(): Promise<string> {
    this.server = createTestServer((request, response) => {
      const path = request.url ?? '/';
      const ifNoneMatch = request.headers['if-none-match'] ?? null;
      this.requests.push({ path, ifNoneMatch: typeof ifNoneMatch === 'string' ? ifNoneMatch : null });
      const headers: Record<string, string> = {};
      if (ifNoneMatch && !this.dropConditional) headers['If-None-Match'] = String(ifNoneMatch);
      if (request.headers.accept) headers.Accept = request.headers.accept;
      void testFetch(this.target + path, { headers }).then(
        async (upstream) => {
          let body = Buffer.from(await upstream.arrayBuffer());
          if (this.tamper && upstream.status === 200) body = Buffer.from(this.tamper(path, body.toString('utf8')));
          const forwarded: Record<string, string> = {};
          upstream.headers.forEach((value, name) => {
            if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive'].includes(name))
              forwarded[name] = value;
          });
          response.writeHead(upstream.status, forwarded);
          response.end(upstream.status === 304 ? undefined : body);
        },
        (error: Error) => {
          response.writeHead(502);
          response.end(error.message);
        },
      );
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The request paths since the last reset, without the query string's noise. */
  paths(): string[] {
    return this.requests.map((entry) => entry.path);
  }

  reset(): void {
    this.requests = [];
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `hub library sync` as its own process, asynchronously (the proxy answers in this process),
 * with nothing but PATH in its environment: the sync needs no database or worker settings.
 */
export function runLibrarySync(from: string, dir: string): Promise<CliRun> {
  const script = join(stack().repoRoot, 'worker', 'dist', 'cli', 'hub.js');
  const child = spawn('node', [script, 'library', 'sync', '--from', from, '--dir', dir], {
    env: { PATH: process.env.PATH, SVC_ENV_FILE: '/nonexistent' },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return new Promise((resolve) => child.on('close', (status) => resolve({ status, stdout, stderr })));
}
