import { request as httpRequest, type IncomingMessage } from 'node:http';
import { EmulatorClient } from '../support/emulator';
import { noKeepAliveAgent, testFetch } from '../support/test-fetch';
import { startEmulator, type RunningEmulator } from './server';

/** Helpers for the emulator's own unit tests: one in-process emulator per test file. */

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  body: any;
}

export function useEmulator(): { emulator: () => RunningEmulator; control: () => EmulatorClient } {
  let running: RunningEmulator | undefined;
  let client: EmulatorClient | undefined;
  beforeAll(async () => {
    running = await startEmulator();
    client = new EmulatorClient(running.url);
  });
  afterAll(() => running?.close());
  beforeEach(() => client?.reset());
  return { emulator: () => running!, control: () => client! };
}

export async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await testFetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return read(response);
}

export async function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return read(await testFetch(url, { headers }));
}

async function read(response: Response): Promise<Answer> {
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, headers: response.headers, text, body };
}

/** The JSON payloads of `data:` events (not `[DONE]`), in order. */
export function dataEvents(text: string, separator = '\n\n'): any[] {
  return text
    .split(separator)
    .filter((event) => event.startsWith('data: ') && event !== 'data: [DONE]')
    .map((event) => JSON.parse(event.slice('data: '.length)));
}

/** An open response read piece by piece: `until(text)` resolves once the body so far contains it. */
export interface OpenResponse {
  response: IncomingMessage;
  received: () => string;
  until: (fragment: string, timeoutMs?: number) => Promise<string>;
  ended: Promise<string>;
  destroy: () => void;
}

export function open(url: string, body: unknown, headers: Record<string, string> = {}): Promise<OpenResponse> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      url,
      { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, agent: noKeepAliveAgent },
      (response) => {
        let text = '';
        const watchers: Array<() => void> = [];
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
          watchers.forEach((watch) => watch());
        });
        const ended = new Promise<string>((resolveEnd) => response.on('end', () => resolveEnd(text)));
        ended.catch(() => undefined);
        const until = (fragment: string, timeoutMs = 3000) =>
          new Promise<string>((resolveUntil, rejectUntil) => {
            const timer = setTimeout(() => rejectUntil(new Error(`no "${fragment}" within ${timeoutMs} ms; got: ${text}`)), timeoutMs);
            const watch = () => {
              if (!text.includes(fragment)) return;
              clearTimeout(timer);
              resolveUntil(text);
            };
            watchers.push(watch);
            watch();
          });
        resolve({ response, received: () => text, until, ended, destroy: () => response.destroy() });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(JSON.stringify(body));
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
