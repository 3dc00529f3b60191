/**
 * Test helper (used only by the provider unit tests): a real HTTP server on 127.0.0.1, port 0,
 * that records each request and answers with a fixture framed the way the provider frames it;
 * `useFixtureProvider` sets one up with a provider pointed at it for a whole describe block.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Provider, ProviderSettings, Timeouts } from '../types';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

/** What a test sets to decide the next answer. */
export type Responder = (response: ServerResponse) => void;

export type Handler = (request: IncomingMessage, response: ServerResponse, recorded: RecordedRequest) => void;

export interface FixtureServer {
  baseUrl: string;
  requests: RecordedRequest[];
  /** Sockets the server has seen (keep-alive reuse shows as fewer sockets than requests). */
  connections: number;
  close(): Promise<void>;
}

export const TEST_TIMEOUTS: Timeouts = { connectMs: 2000, firstTokenMs: 5000, idleMs: 5000 };

export function settingsFor(server: FixtureServer, name: string, path = '', overrides: Partial<ProviderSettings> = {}): ProviderSettings {
  return { name, baseUrl: server.baseUrl + path, apiKey: 'test-key-123', timeouts: TEST_TIMEOUTS, ...overrides };
}

export function readFixture(name: string): string {
  return readFileSync(join(__dirname, name), 'utf8');
}

/** The payload lines of a `.chunks.txt` fixture. */
export function fixtureLines(name: string): string[] {
  return readFixture(name)
    .split('\n')
    .filter((line) => line.trim() !== '');
}

/** Frames a `.chunks.txt` fixture as SSE: `data: <line>\n\n`, with `event: <type>` and/or `[DONE]` when asked. */
export function frameChunks(name: string, options: { eventNames?: boolean; done?: boolean } = {}): string {
  let text = '';
  for (const line of fixtureLines(name)) {
    if (options.eventNames) text += `event: ${(JSON.parse(line) as { type: string }).type}\n`;
    text += `data: ${line}\n\n`;
  }
  if (options.done) text += 'data: [DONE]\n\n';
  return text;
}

/** Writes a body in small pieces so events straddle chunk boundaries. */
export function writeInPieces(response: ServerResponse, text: string, contentType = 'text/event-stream'): void {
  response.writeHead(200, { 'content-type': contentType });
  const bytes = Buffer.from(text, 'utf8');
  for (let offset = 0; offset < bytes.length; offset += 97) response.write(bytes.subarray(offset, offset + 97));
  response.end();
}

export function respondJson(response: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(body);
}

export async function startServer(handler: Handler): Promise<FixtureServer> {
  const requests: RecordedRequest[] = [];
  const state = { connections: 0 };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: keep the text
      }
      const recorded = { method: request.method ?? '', url: request.url ?? '', headers: request.headers, body };
      requests.push(recorded);
      handler(request, response, recorded);
    });
  });
  server.on('connection', () => (state.connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    get connections() {
      return state.connections;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface FixtureProviderOptions {
  /** Appended to the server's URL to make the provider's base URL (`/v1`, `/openai/v1` …). */
  path?: string;
  /** Settings beside the test defaults (another API key, none …). */
  settings?: Partial<ProviderSettings>;
  /** How `.chunks.txt` fixtures are framed: Anthropic names its events, the OpenAI dialect ends with `[DONE]`. */
  framing?: { eventNames?: boolean; done?: boolean };
}

/** A provider talking to its own fixture server, for the describe block that made it. */
export interface FixtureProvider {
  readonly server: FixtureServer;
  readonly provider: Provider;
  /**
   * Answers the next requests with a fixture, by its ending: `.json` as a whole body (with `status`
   * and `headers`), `.chunks.txt` framed as SSE, `.ndjson` and `.sse.txt` byte for byte in pieces.
   */
  serve(fixture: string, status?: number, headers?: Record<string, string>): void;
  /** Answers the next requests with a body no fixture holds. */
  answer(responder: Responder): void;
}

/** Starts the server and the provider before the block's tests (beforeAll) and closes both after them (afterAll). */
export function useFixtureProvider(
  create: (settings: ProviderSettings) => Provider,
  name: string,
  options: FixtureProviderOptions = {},
): FixtureProvider {
  let server: FixtureServer | undefined;
  let provider: Provider | undefined;
  let responder: Responder = (response) => respondJson(response, 500, '{"error":{"message":"the test served no fixture"}}');

  beforeAll(async () => {
    server = await startServer((_request, response) => responder(response));
    provider = create(settingsFor(server, name, options.path, options.settings));
  });
  afterAll(async () => {
    await provider?.close();
    await server?.close();
  });

  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('useFixtureProvider: the fixture server starts in beforeAll');
    return value;
  };
  return {
    get server() {
      return started(server);
    },
    get provider() {
      return started(provider);
    },
    serve(fixture, status = 200, headers = {}) {
      if (!/\.(json|chunks\.txt|ndjson|sse\.txt)$/.test(fixture)) throw new Error(`useFixtureProvider: no framing for ${fixture}`);
      const text = fixture.endsWith('.chunks.txt') ? frameChunks(fixture, options.framing) : readFixture(fixture);
      const contentType = fixture.endsWith('.ndjson') ? 'application/x-ndjson' : undefined;
      responder = fixture.endsWith('.json')
        ? (response) => respondJson(response, status, text, headers)
        : (response) => writeInPieces(response, text, contentType);
    },
    answer(answer) {
      responder = answer;
    },
  };
}

/** Drains a provider stream into an array. */
export async function collect<T>(events: AsyncIterable<T>): Promise<T[]> {
  const result: T[] = [];
  for await (const event of events) result.push(event);
  return result;
}

/** Awaits a promise that must reject, and returns what it rejected with. */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection, but the promise resolved');
}
