import type { AckBoard, Behaviour, ProviderName, ScriptBook } from './behaviours';
import type { Exchange } from './exchange';
import type { RequestLog } from './request-log';
import type { Reply } from './answer';

/** What every wire format needs from the emulator. */
export interface EmulatorState {
  keys: EmulatorKeys;
  scripts: ScriptBook;
  acks: AckBoard;
  log: RequestLog;
}

/** The key each provider expects (Ollama takes none). */
export interface EmulatorKeys {
  openai: string;
  anthropic: string;
  google: string;
  mistral: string;
  openrouter: string;
  compat: string;
  deepseek: string;
  groq: string;
  xai: string;
}

/** A parsed request, relative to the provider's prefix (`/v1/chat/completions` → `/chat/completions` etc.). */
export interface Incoming {
  method: string;
  /** The path after the provider's prefix, e.g. `/chat/completions`. */
  path: string;
  url: URL;
  headers: Record<string, string | string[] | undefined>;
  body: any;
  /** The body was present but not JSON. */
  bodyInvalid: boolean;
  /** The body's bytes (multipart image edits). */
  raw: Buffer;
}

export type ErrorWriter = (status: number, retryAfter?: string) => void;

/**
 * Takes the request's scripted behaviour and plays its opening: the header delay, then a
 * scripted error status. Returns the behaviour when the answer should go on, else null.
 */
export async function openingMoves(
  exchange: Exchange,
  state: EmulatorState,
  provider: ProviderName,
  model: string | null,
  writeError: ErrorWriter,
): Promise<Behaviour | null> {
  const behaviour = state.scripts.take(provider, model);
  exchange.entry.behaviour = behaviour;
  if (behaviour.delayHeadersMs && !(await exchange.pause(behaviour.delayHeadersMs))) return null;
  if (behaviour.status) {
    writeError(behaviour.status, behaviour.retryAfter);
    return null;
  }
  return behaviour;
}

/** A blocking JSON answer; `stallAfterFirstChunk` sends the headers and a first slice of it, then stalls. */
export async function answerJson(
  exchange: Exchange,
  behaviour: Behaviour,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<void> {
  if (!behaviour.stallAfterFirstChunk) return exchange.json(200, body, headers);
  exchange.startStream('application/json', headers);
  exchange.write(JSON.stringify(body).slice(0, 16));
  await exchange.hold();
}

/** How one wire format frames a streamed reply. */
export interface StreamFraming {
  contentType: string;
  headers?: Record<string, string>;
  /** Everything before the first text delta (comments, role chunk, message_start, …). */
  opening(): string;
  delta(text: string, index: number, isLast: boolean): string;
  /** The provider's own error in the middle of a stream. */
  midStreamError(): string;
  /** Everything after the last delta (finish, usage, terminator). */
  closing(): string;
}

/** Plays a streamed reply through `framing`, applying the behaviour's stream effects. */
export async function playStream(
  exchange: Exchange,
  state: EmulatorState,
  behaviour: Behaviour,
  reply: Reply,
  framing: StreamFraming,
): Promise<void> {
  exchange.startStream(framing.contentType, framing.headers);
  if (behaviour.delayFirstChunkMs && !(await exchange.pause(behaviour.delayFirstChunkMs))) return;
  exchange.write(framing.opening());
  for (const [index, text] of reply.deltas.entries()) {
    if (index > 0 && behaviour.intervalMs && !(await exchange.pause(behaviour.intervalMs))) return;
    exchange.write(framing.delta(text, index, index === reply.deltas.length - 1));
    if (index > 0) continue;
    if (behaviour.midStreamError) return exchange.end(framing.midStreamError());
    if (behaviour.stallAfterFirstChunk) return exchange.hold();
    if (behaviour.waitForAck && !(await exchange.until(state.acks.wait(behaviour.waitForAck)))) return;
  }
  exchange.end(framing.closing());
}

/** `data: <json>\n\n` — one server-sent event (OpenAI, Mistral, OpenRouter). */
export const sseData = (payload: unknown, separator = '\n\n'): string =>
  `data: ${typeof payload === 'string' ? payload : JSON.stringify(payload)}${separator}`;

/** Bearer token of an `Authorization` header, or null. */
export function bearerToken(headers: Incoming['headers']): string | null {
  const value = headers.authorization;
  const text = Array.isArray(value) ? value[0] : value;
  const match = text ? /^Bearer\s+(.+)$/i.exec(text.trim()) : null;
  return match ? match[1]! : null;
}

export function header(headers: Incoming['headers'], name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

let idSequence = 0;
/** A fresh id with `prefix`, unique within this emulator process. */
export function nextId(prefix: string, length = 24): string {
  idSequence += 1;
  return prefix + `emu${idSequence.toString(36)}`.padEnd(length, '0');
}

export const unixSeconds = () => Math.floor(Date.now() / 1000);
