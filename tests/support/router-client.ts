import { request, type IncomingHttpHeaders } from 'node:http';
import { waitUntil } from './eventually';
import { hub } from './hub-cli';
import { baseUrl, bearer, call, json, type JsonAnswer, type Lane } from './lanes';
import { noKeepAliveAgent } from './test-fetch';

/** Calls into the LLM router (docs/architecture.md §4) for the router e2e suites. */

export const ROUTER = '/wp-json/llm/router/v1';

/** A chat request whose answers the emulator makes predictable: 5 prompt words, reply "Echo: hello there router" (4 words). */
export const MESSAGES = [
  { role: 'system', content: 'Be brief.' },
  { role: 'user', content: 'hello there router' },
];
export const REPLY = 'Echo: hello there router';
export const PROMPT_TOKENS = 5;
export const COMPLETION_TOKENS = 4;

/** Each provider family: router model id, emulator provider, the model name upstream, the upstream path. */
export const FAMILIES = [
  ['openai/gpt-4o-mini', 'openai', 'gpt-4o-mini', '/openai/v1/chat/completions'],
  ['anthropic/claude-3-5-haiku-latest', 'anthropic', 'claude-3-5-haiku-latest', '/anthropic/v1/messages'],
  ['google/gemini-2.0-flash', 'google', 'gemini-2.0-flash', '/google/v1beta/models/gemini-2.0-flash:generateContent'],
  ['mistral/mistral-small-latest', 'mistral', 'mistral-small-latest', '/mistral/v1/chat/completions'],
  ['openrouter/openai/gpt-4o-mini', 'openrouter', 'openai/gpt-4o-mini', '/openrouter/api/v1/chat/completions'],
  ['ollama/llama3.2', 'ollama', 'llama3.2', '/ollama/api/chat'],
  ['compat/any-model', 'compat', 'any-model', '/compat/v1/chat/completions'],
] as const;

/** `data.params` names the field: a key equal to it or starting with it (`messages[0].role`). */
export function expectParam(answer: JsonAnswer, field: RegExp): void {
  expect(answer.body?.data?.status).toBe(answer.status);
  const params = answer.body?.data?.params;
  expect(params && typeof params === 'object').toBe(true);
  expect(Object.keys(params)).toEqual(expect.arrayContaining([expect.stringMatching(field)]));
}

/**
 * Sets a purpose with the operator CLI, then waits (up to 5 s) until the worker serves it:
 * workers cache the purpose map for a few seconds.
 */
export async function setPurpose(key: string, purpose: string, models: string[]): Promise<void> {
  hub('purpose', 'set', purpose, models.join(','));
  const served = async () => {
    const answer = await call('direct', `${ROUTER}/models/purposes`, { headers: bearer(key) });
    const entry = answer.body?.data?.find((item: { purpose: string }) => item.purpose === purpose);
    return JSON.stringify(entry?.models) === JSON.stringify(models);
  };
  await waitUntil(served, `purpose ${purpose} served as ${models.join(',')}`);
}

export function postJson(key: string, body: unknown): RequestInit {
  const init = json(body);
  return { ...init, headers: { ...(init.headers as Record<string, string>), ...bearer(key) } };
}

export interface RouterStream {
  status: number;
  headers: IncomingHttpHeaders;
  /** The next event's `data` (comments skipped; `[DONE]` included); null once the stream ended. */
  next(): Promise<string | null>;
  /** Every remaining `data` payload until the end. */
  rest(): Promise<string[]>;
  /** The whole body, for answers that are not event streams (errors). */
  body(): Promise<string>;
  /** Hangs up. */
  destroy(): void;
}

/** POSTs `body` and reads the answer as server-sent events, one event at a time. */
export function postStream(lane: Lane, path: string, key: string, body: unknown): Promise<RouterStream> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const outgoing = request(
      `${baseUrl(lane)}${path}`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream', ...bearer(key) },
        agent: noKeepAliveAgent,
      },
      (response) => {
        let buffer = '';
        let raw = '';
        let ended = false;
        const events: Array<string | null> = [];
        const waiting: Array<(event: string | null) => void> = [];
        const push = (event: string | null) => {
          const next = waiting.shift();
          if (next) next(event);
          else events.push(event);
        };
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          raw += chunk;
          buffer += chunk.replace(/\r\n/g, '\n');
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const data = block
              .split('\n')
              .filter((line) => line.startsWith('data:'))
              .map((line) => line.slice(5).replace(/^ /, ''));
            if (data.length > 0) push(data.join('\n'));
          }
        });
        const finish = () => {
          if (ended) return;
          ended = true;
          push(null);
        };
        response.on('end', finish);
        response.on('close', finish);
        response.on('error', finish);
        const next = () =>
          new Promise<string | null>((resolveEvent) => {
            if (events.length > 0) resolveEvent(events.shift()!);
            else if (ended) resolveEvent(null);
            else waiting.push(resolveEvent);
          });
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          next,
          rest: async () => {
            const all: string[] = [];
            for (let event = await next(); event !== null; event = await next()) all.push(event);
            return all;
          },
          body: () => new Promise((resolveBody) => (ended ? resolveBody(raw) : response.on('end', () => resolveBody(raw)))),
          destroy: () => response.destroy(),
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

/** The JSON chunks of a finished stream's payloads (without `[DONE]`). */
export const chunksOf = (payloads: string[]) => payloads.filter((payload) => payload !== '[DONE]').map((payload) => JSON.parse(payload));

/** The text the chunks carry, joined. */
export const textOf = (chunks: any[]) => chunks.map((chunk) => chunk.choices?.[0]?.delta?.content ?? '').join('');

/** Reads events until one carries `fragment` in its text delta; returns the payloads read. */
export async function readUntilText(stream: RouterStream, fragment: string): Promise<string[]> {
  const seen: string[] = [];
  for (let event = await stream.next(); event !== null; event = await stream.next()) {
    seen.push(event);
    if (event !== '[DONE]' && (JSON.parse(event).choices?.[0]?.delta?.content ?? '').includes(fragment)) return seen;
  }
  throw new Error(`the stream ended before "${fragment}" arrived: ${seen.join(' | ')}`);
}
