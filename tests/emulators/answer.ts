import { createHash } from 'node:crypto';

/**
 * What every emulated model answers, whatever the wire format: deterministic, so tests can
 * predict the text, the token counts and the vectors exactly.
 *
 * - reply: `Echo: <last user message>`, sent as word deltas ("Echo:", " hello", " world");
 * - prompt tokens: whitespace-separated words over every message (system included);
 * - completion tokens: the reply's words (after any max-tokens cut);
 * - embeddings: 8 float32-exact numbers from the SHA-256 of the text, or as many as the request's
 *   `dimensions` (OpenAI) / `outputDimensionality` (Gemini) / `output_dimension` (Mistral) asks:
 *   the longer vector's first numbers renormalised, as a shortened Matryoshka embedding is.
 */

export const EMBEDDING_DIMENSIONS = 8;

export function countWords(text: string): number {
  const words = text.trim().split(/\s+/);
  return words[0] === '' ? 0 : words.length;
}

export type ReplyFinish = 'stop' | 'length';

export interface Reply {
  /** The reply split into the deltas a stream sends; joined they give `text`. */
  deltas: string[];
  text: string;
  finish: ReplyFinish;
  completionTokens: number;
}

/** The echo reply to `lastUserText`, cut to `maxTokens` words (finish `length`) when given. */
export function replyTo(lastUserText: string, maxTokens?: number): Reply {
  const full = `Echo: ${lastUserText}`.trimEnd();
  let deltas: string[] = full.match(/\s*\S+/g) ?? [];
  let finish: ReplyFinish = 'stop';
  if (maxTokens !== undefined && maxTokens >= 0 && deltas.length > maxTokens) {
    deltas = deltas.slice(0, maxTokens);
    finish = 'length';
  }
  return { deltas, text: deltas.join(''), finish, completionTokens: deltas.length };
}

/** 8 numbers from -1 to 1 per SHA-256 block: the text's own digest first, then `<block>:<text>`'s. */
function rawNumbers(text: string, length: number): number[] {
  const raw: number[] = [];
  for (let block = 0; raw.length < length; block += 1) {
    const digest = createHash('sha256')
      .update(block === 0 ? text : `${block}:${text}`, 'utf8')
      .digest();
    for (let index = 0; index < 8 && raw.length < length; index += 1) raw.push(digest.readUInt32LE(index * 4) / 0x80000000 - 1);
  }
  return raw;
}

/** A unit-ish vector of `dimensions` numbers, each exactly representable as a float32. */
export function embeddingFor(text: string, dimensions = EMBEDDING_DIMENSIONS): number[] {
  const raw = rawNumbers(text, dimensions);
  const norm = Math.sqrt(raw.reduce((sum, value) => sum + value * value, 0)) || 1;
  return raw.map((value) => Math.fround(value / norm));
}

/** OpenAI's `encoding_format: "base64"`: the vector as little-endian float32 bytes. */
export function embeddingToBase64(vector: number[]): string {
  const bytes = Buffer.alloc(vector.length * 4);
  vector.forEach((value, index) => bytes.writeFloatLE(value, index * 4));
  return bytes.toString('base64');
}

export function embeddingFromBase64(encoded: string): number[] {
  const bytes = Buffer.from(encoded, 'base64');
  return Array.from({ length: bytes.length / 4 }, (_, index) => bytes.readFloatLE(index * 4));
}

/** Model names starting with `not-a-` do not exist at any provider (404 in the provider's shape). */
export function isUnknownModel(model: string): boolean {
  return /(^|\/)not-a-/.test(model);
}

/** Text of a message `content` that is a string or an array of text parts (OpenAI, Anthropic). */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .map((part) =>
        part && typeof part === 'object' && typeof (part as { text?: unknown }).text === 'string' ? (part as { text: string }).text : '',
      )
      .join(' ');
  }
  return '';
}
