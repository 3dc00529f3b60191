import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleAnthropic } from './anthropic-format';
import { AckBoard, ScriptBook, type ProviderName } from './behaviours';
import { handleControl } from './control';
import { Exchange } from './exchange';
import type { EmulatorKeys, EmulatorState, Incoming } from './flow';
import { handleGemini } from './gemini-format';
import { handleOllama } from './ollama-format';
import { handleOpenAi } from './openai-format';
import { createTestServer } from '../support/test-server';
import { RequestLog } from './request-log';

/** The keys the emulator expects unless told otherwise (test values, never real ones). */
export const DEFAULT_KEYS: EmulatorKeys = {
  openai: 'sk-emulator-openai-0123456789',
  anthropic: 'sk-ant-emulator-0123456789',
  google: 'AIzaEmulatorGoogle0123456789',
  mistral: 'emulator-mistral-0123456789',
  openrouter: 'sk-or-v1-emulator-0123456789',
  compat: 'emulator-compat-0123456789',
  deepseek: 'sk-emulator-deepseek-0123456789',
  groq: 'gsk_emulator_groq_0123456789',
  xai: 'xai-emulator-0123456789',
};

/** Each provider's base URL lives under its own prefix; the rest of the path is the provider's. */
const PREFIXES: Array<{ prefix: string; provider: ProviderName }> = [
  { prefix: '/openai/v1', provider: 'openai' },
  { prefix: '/mistral/v1', provider: 'mistral' },
  { prefix: '/openrouter/api/v1', provider: 'openrouter' },
  { prefix: '/compat/v1', provider: 'compat' },
  { prefix: '/deepseek', provider: 'deepseek' },
  { prefix: '/groq/openai/v1', provider: 'groq' },
  { prefix: '/xai/v1', provider: 'xai' },
  { prefix: '/anthropic', provider: 'anthropic' },
  { prefix: '/google', provider: 'google' },
  { prefix: '/ollama', provider: 'ollama' },
];

export interface RunningEmulator {
  /** e.g. http://127.0.0.1:41234 (no trailing slash). */
  url: string;
  keys: EmulatorKeys;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function parse(text: string): { body: unknown; invalid: boolean } {
  if (!text) return { body: null, invalid: false };
  try {
    return { body: JSON.parse(text), invalid: false };
  } catch {
    return { body: text, invalid: true };
  }
}

async function handle(request: IncomingMessage, response: ServerResponse, state: EmulatorState): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://emulator.invalid');
  const raw = await readBody(request);
  const { body, invalid } = parse(raw.toString('utf8'));
  const method = request.method ?? 'GET';
  if (url.pathname.startsWith('/_control/')) return handleControl(method, url, body, response, state);
  const match = PREFIXES.find(({ prefix }) => url.pathname === prefix || url.pathname.startsWith(`${prefix}/`));
  if (!match) {
    response.writeHead(404, { 'Content-Type': 'application/json' });
    response.end(
      JSON.stringify({
        error: { message: `No emulated provider at ${url.pathname}`, type: 'invalid_request_error', param: null, code: null },
      }),
    );
    return;
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) headers[name] = Array.isArray(value) ? value.join(', ') : (value ?? '');
  const entry = state.log.open({ provider: match.provider, method, path: url.pathname, query: url.search, body, headers });
  const exchange = new Exchange(request, response, entry);
  const incoming: Incoming = {
    method,
    path: url.pathname.slice(match.prefix.length) || '/',
    url,
    headers: request.headers,
    body,
    bodyInvalid: invalid,
    raw,
  };
  switch (match.provider) {
    case 'anthropic':
      return handleAnthropic(exchange, incoming, state);
    case 'google':
      return handleGemini(exchange, incoming, state);
    case 'ollama':
      return handleOllama(exchange, incoming, state);
    default:
      return handleOpenAi(exchange, incoming, state, match.provider);
  }
}

/** Starts the emulator on 127.0.0.1 (port 0: the OS picks a free one). */
export async function startEmulator(options: { port?: number; keys?: Partial<EmulatorKeys> } = {}): Promise<RunningEmulator> {
  const state: EmulatorState = {
    keys: { ...DEFAULT_KEYS, ...options.keys },
    scripts: new ScriptBook(),
    acks: new AckBoard(),
    log: new RequestLog(),
  };
  const server = createTestServer((request, response) => {
    handle(request, response, state).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'Content-Type': 'application/json' });
      response.end(
        JSON.stringify({ error: { message: `emulator bug: ${String(error)}`, type: 'emulator_error', param: null, code: null } }),
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    keys: state.keys,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
