/**
 * The mock provider (no network), for the dev stack and tests: `echo` answers by docs/architecture.md §9's
 * deterministic rules (mock-rules.ts: the last user message, tool calls, JSON, images),
 * text streamed word by word and tool-call arguments in a few fragments; `slow` does the same
 * one word every 100 ms, honouring the abort signal; `embed` returns deterministic
 * 256-dimension unit vectors, or with `dimensions` their first floats renormalised to unit length
 * (how OpenAI's text-embedding-3 shortens its vectors; docs/api-notes.md "Embeddings"). Usage is billed as a provider bills (billing.ts: about four
 * UTF-8 bytes a token over everything sent, images by OpenAI's tile rule, the answer cut to
 * `maxTokens` with finish `length`, reasoning when asked); an embedding input, bytes / 4.
 *
 * `logprobs: true` (mock-logprobs.ts) gives each streamed word piece its entry, on its delta and
 * gathered blocking as `{content: [...], refusal: null}`; JSON answers are text and get them
 * like any other. Log probabilities cover the message's content tokens only (OpenAI's
 * `logprobs.content`, "message content tokens"), so a tool call — content null — answers
 * blocking `{content: null, refusal: null}` and streams its pieces without entries.
 */
import { createHash } from 'node:crypto';
import { abortError, UpstreamError } from '../errors';
import { billAnswer, textTokens, type BilledAnswer } from './billing';
import { logprobsAsked, tokenLogprob } from './logprobs';
import { echoAnswer, fragments } from './rules';
import { mockImages } from './image';
import type {
  CallOptions,
  ChatRequest,
  ChatResult,
  EmbeddingRequest,
  EmbeddingResult,
  ImageRequest,
  ImageResult,
  ProviderFactory,
  StreamEvent,
} from '../types';

/** Length of every mock/embed vector. */
export const MOCK_EMBEDDING_DIMENSIONS = 256;
/** mock/slow's pause before each word. */
export const MOCK_SLOW_WORD_MS = 100;

const CHAT_MODELS = new Set(['echo', 'slow']);
const EMBEDDING_MODELS = new Set(['embed']);
const IMAGE_MODELS = new Set(['image']);

/** Each word with the whitespace after it; joined they give the text back exactly. */
export function splitWords(text: string): string[] {
  return text.match(/\s*\S+\s*/g) ?? [];
}

/** The first `dimensions` floats of a unit vector, scaled back to unit length (Matryoshka shortening). */
export function shortenEmbedding(vector: number[], dimensions: number): number[] {
  if (dimensions >= vector.length) return vector;
  const kept = vector.slice(0, dimensions);
  const norm = Math.sqrt(kept.reduce((sum, value) => sum + value * value, 0));
  return kept.map((value) => value / norm);
}

/** A deterministic unit vector (L2 norm 1) from the text, seeded by sha256; `dimensions` shortens it. */
export function embedText(text: string, dimensions = MOCK_EMBEDDING_DIMENSIONS): number[] {
  const values: number[] = [];
  for (let block = 0; values.length < MOCK_EMBEDDING_DIMENSIONS; block += 1) {
    const digest = createHash('sha256').update(`${block}:${text}`).digest();
    for (let offset = 0; offset < digest.length && values.length < MOCK_EMBEDDING_DIMENSIONS; offset += 4) {
      values.push(digest.readUInt32BE(offset) / 0x80000000 - 1);
    }
  }
  const norm = Math.sqrt(values.reduce((sum, value) => sum + value * value, 0));
  return shortenEmbedding(
    values.map((value) => value / norm),
    dimensions,
  );
}

function mockError(statusCode: number, message: string, providerCode: string): UpstreamError {
  return new UpstreamError(`mock: ${message}`, { provider: 'mock', statusCode, isRetryable: false, providerCode });
}

function checkModel(model: string, wanted: Set<string>, purpose: string): void {
  if (wanted.has(model)) return;
  if (CHAT_MODELS.has(model) || EMBEDDING_MODELS.has(model) || IMAGE_MODELS.has(model))
    throw mockError(400, `mock/${model} does not do ${purpose}`, 'unsupported_operation');
  throw mockError(404, `there is no model mock/${model} (try echo, slow, embed or image)`, 'model_not_found');
}

function wait(milliseconds: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(abortError(signal));
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortError(signal));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, milliseconds);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

function answer(request: ChatRequest): BilledAnswer {
  checkModel(request.model, CHAT_MODELS, 'chat');
  return billAnswer(request, echoAnswer(request));
}

/** The billed answer as stream events: word pieces (or argument fragments), the finish, the usage. */
async function* speak(request: ChatRequest, billed: BilledAnswer, signal: AbortSignal): AsyncGenerator<StreamEvent> {
  const { reply, finishReason, usage } = billed;
  const pieces = reply.kind === 'text' ? splitWords(reply.text) : fragments(reply.call.arguments);
  const top = logprobsAsked(request);
  for (const [index, piece] of pieces.entries()) {
    if (request.model === 'slow') await wait(MOCK_SLOW_WORD_MS, signal);
    else if (signal.aborted) throw abortError(signal);
    if (reply.kind === 'text')
      yield top === null ? { type: 'delta', text: piece } : { type: 'delta', text: piece, logprobs: [tokenLogprob(piece, top)] };
    else
      yield index === 0
        ? { type: 'tool_call', index: 0, id: reply.call.id, name: reply.call.name, arguments: piece }
        : { type: 'tool_call', index: 0, arguments: piece };
  }
  yield { type: 'finish', reason: finishReason };
  yield { type: 'usage', usage };
}

async function* streamAnswer(request: ChatRequest, { signal }: CallOptions): AsyncGenerator<StreamEvent> {
  yield* speak(request, answer(request), signal);
}

async function imageAnswer(request: ImageRequest, options: CallOptions): Promise<ImageResult> {
  checkModel(request.model, IMAGE_MODELS, 'images');
  return mockImages(request, options);
}

/** The mock provider; its settings' base URL and key are ignored. */
export const createMockProvider: ProviderFactory = (settings) => ({
  name: settings.name,
  async chat(request: ChatRequest, { signal }: CallOptions): Promise<ChatResult> {
    const billed = answer(request);
    let content = '';
    const entries: unknown[] = [];
    for await (const event of speak(request, billed, signal)) {
      if (event.type !== 'delta') continue;
      content += event.text;
      entries.push(...(event.logprobs ?? []));
    }
    const { reply, finishReason, usage } = billed;
    const asked = logprobsAsked(request) !== null;
    if (reply.kind === 'tool_call') {
      const result: ChatResult = { content: '', toolCalls: [reply.call], finishReason, usage };
      return asked ? { ...result, logprobs: { content: null, refusal: null } } : result;
    }
    return asked ? { content, finishReason, usage, logprobs: { content: entries, refusal: null } } : { content, finishReason, usage };
  },
  stream: streamAnswer,
  generateImages: imageAnswer,
  editImages: imageAnswer,
  async embed(request: EmbeddingRequest, { signal }: CallOptions): Promise<EmbeddingResult> {
    checkModel(request.model, EMBEDDING_MODELS, 'embeddings');
    if (signal.aborted) throw abortError(signal);
    const promptTokens = request.input.reduce((sum, text) => sum + textTokens(text), 0);
    return { vectors: request.input.map((text) => embedText(text, request.dimensions)), usage: { promptTokens } };
  },
  close: async () => undefined,
});
