/**
 * A call's reservation: an upper bound of what the provider can bill for it, never below
 * (docs/architecture.md §11, docs/api-notes.md "Budgets"). Input: the UTF-8 bytes of everything
 * sent as text — every message's text, tool calls and ids, tool definitions and the
 * response_format schema as JSON (no BPE token is shorter than a byte) — plus a frame per
 * message, per tool and per request for the tokens a provider's template adds, and each image at
 * the model's largest image cost (docs/external/image-tokens.md). Output: the call's limit, plus
 * what a provider bills beyond it for reasoning (Anthropic's thinking budget).
 */
import type { ChatMessage, ChatRequest } from '../../providers/types';
import type { CatalogModel } from '../catalog/models';
import { costOf, type Price } from '../usage/cost';
import { toUnits, type Units } from './lease';

/** Role markers and separators a chat template adds around each message (OpenAI's are 3–4 tokens). */
export const MESSAGE_FRAME_TOKENS = 8;
/** The reply's priming and the request's own framing. */
export const REQUEST_FRAME_TOKENS = 16;
/** What a provider wraps each tool definition in besides its JSON. */
export const TOOL_FRAME_TOKENS = 16;
/**
 * The system prompt a provider adds when a call has tools or a JSON schema (Anthropic documents
 * 159–530 tokens per model; its JSON modes go through a tool).
 */
export const TOOL_PROMPT_TOKENS = 600;
/** Per embeddings input: the start and end tokens an embedding model adds. */
export const EMBEDDING_INPUT_FRAME_TOKENS = 4;
/** The least output a call must be able to pay for to start (docs/api-notes.md "Budgets"). */
export const MINIMUM_OUTPUT_TOKENS = 16;
/** The output limit given to a call on a model whose maximum output is not documented. */
export const DEFAULT_MAX_OUTPUT_TOKENS = 4096;

/** What a call asks to be admitted for: where it may go and what it sends. */
export interface CallBound {
  /** The models it may be sent to: its model, or its purpose's primary and fallbacks (the priciest bounds it). */
  candidates: readonly CatalogModel[];
  /** What it sends, measured only when a budget applies (the measure serialises its tools and schema). */
  measure: () => SentMeasure;
  /** The request's own output limit; absent: the call is given one. */
  maxTokens?: number;
  reasoningEffort?: string;
  /** Embeddings write no output. */
  embeddings?: boolean;
  /** Images: the call's whole worst case on a model in USD, tokens included (router/images/image-cost.ts). */
  worstCost?: (model: CatalogModel) => string;
}

/** What a call sends, measured once for every model it may go to: text tokens (bound) and image count. */
export interface SentMeasure {
  textTokens: number;
  images: number;
}

const bytesOf = (text: string) => Buffer.byteLength(text, 'utf8');

function messageTokens(message: ChatMessage): { tokens: number; images: number } {
  let bytes = bytesOf(message.content);
  let images = 0;
  if (message.parts) for (const part of message.parts) if (part.type === 'image') images += 1;
  if (message.toolCalls) for (const call of message.toolCalls) bytes += bytesOf(call.id) + bytesOf(call.name) + bytesOf(call.arguments);
  if (message.toolCallId !== undefined) bytes += bytesOf(message.toolCallId);
  if (message.name !== undefined) bytes += bytesOf(message.name);
  return { tokens: bytes + MESSAGE_FRAME_TOKENS, images };
}

/** A chat (or Responses, turned into chat with its history) request's measure. */
export function measureChat(request: Pick<ChatRequest, 'messages' | 'tools' | 'responseFormat'>): SentMeasure {
  let textTokens = REQUEST_FRAME_TOKENS;
  let images = 0;
  for (const message of request.messages) {
    const measured = messageTokens(message);
    textTokens += measured.tokens;
    images += measured.images;
  }
  const tools = request.tools ?? [];
  for (const tool of tools) textTokens += bytesOf(JSON.stringify(tool)) + TOOL_FRAME_TOKENS;
  const format = request.responseFormat;
  if (format && format.type !== 'text') textTokens += bytesOf(JSON.stringify(format));
  if (tools.length > 0 || (format && format.type !== 'text')) textTokens += TOOL_PROMPT_TOKENS;
  return { textTokens, images };
}

/** An embeddings request's measure: its inputs' bytes, each with its frame. */
export function measureEmbeddings(input: readonly string[]): SentMeasure {
  let textTokens = 0;
  for (const text of input) textTokens += bytesOf(text) + EMBEDDING_INPUT_FRAME_TOKENS;
  return { textTokens, images: 0 };
}

/** The input tokens a model can bill for what was measured: the text bound and each image at the model's largest. */
export function inputBound(sent: SentMeasure, model: CatalogModel): number {
  return sent.textTokens + sent.images * model.imageTokens;
}

/** Output tokens a model bills beyond the request's limit for this reasoning effort (0 but for Anthropic's thinking). */
export function beyondLimit(model: CatalogModel, reasoningEffort: string | undefined): number {
  return reasoningEffort === undefined ? 0 : (model.reasoningBeyondLimit?.[reasoningEffort] ?? 0);
}

/** The largest output limit the model takes for this effort: its documented maximum less what it adds beyond the limit. */
export function outputCeiling(model: CatalogModel, reasoningEffort: string | undefined): number {
  const ceiling = (model.maxOutputTokens ?? DEFAULT_MAX_OUTPUT_TOKENS) - beyondLimit(model, reasoningEffort);
  return Math.max(MINIMUM_OUTPUT_TOKENS, ceiling);
}

/** One model a call may be sent to, as the reservation prices it. */
export interface PricedCandidate {
  model: CatalogModel;
  price: Price;
  inputTokens: number;
  /** Output billed beyond the limit (reasoning). */
  beyondLimit: number;
  /** What the call costs whatever its output limit (images: CallBound.worstCost), in 10⁻⁸ USD. */
  fixed?: Units;
}

/**
 * The price the bound charges input at: the dearest way a provider may bill an input token — its
 * input price, or its cache-write price where that is higher (Anthropic's is 1.25× input).
 */
export function boundingPrice(price: Price): Price {
  const dearest = Math.max(price.inputPerMtok, price.cacheWritePerMtok, price.cacheReadPerMtok);
  return dearest === price.inputPerMtok ? price : { ...price, inputPerMtok: dearest };
}

/** What a call would cost at most with `limit` output tokens: the priciest of its candidates, in 10⁻⁸ USD. */
export function boundAt(candidates: readonly PricedCandidate[], limit: number): Units {
  let most = 0n;
  for (const candidate of candidates) {
    const cost =
      toUnits(costOf(candidate.inputTokens, limit + candidate.beyondLimit, boundingPrice(candidate.price))) + (candidate.fixed ?? 0n);
    if (cost > most) most = cost;
  }
  return most;
}

/**
 * The largest output limit, at most `ceiling`, whose bound fits in `room` (10⁻⁸ USD); below
 * MINIMUM_OUTPUT_TOKENS when not even that fits. Worked out from the output price, then
 * checked with the exact cost arithmetic.
 */
export function affordableLimit(candidates: readonly PricedCandidate[], room: Units, ceiling: number): number {
  let limit = ceiling;
  for (const candidate of candidates) {
    const perToken = candidate.price.outputPerMtok * 100; // 10⁻⁸ USD per output token
    if (perToken <= 0) continue;
    const input = toUnits(costOf(candidate.inputTokens, candidate.beyondLimit, boundingPrice(candidate.price))) + (candidate.fixed ?? 0n);
    const fits = Math.floor(Number(room - input) / perToken);
    if (fits < limit) limit = fits;
  }
  while (limit >= 0 && boundAt(candidates, limit) > room) limit -= 1 + Math.floor(limit / 1000);
  return limit;
}

/** A chat (or Responses) call's bound: its request measured, its own limit and reasoning effort. */
export function chatBound(
  request: Pick<ChatRequest, 'messages' | 'tools' | 'responseFormat' | 'maxTokens' | 'reasoningEffort'>,
  candidates: readonly CatalogModel[],
): CallBound {
  return { candidates, measure: () => measureChat(request), maxTokens: request.maxTokens, reasoningEffort: request.reasoningEffort };
}

/** An embeddings call's bound: its inputs measured, no output. */
export function embeddingsBound(input: readonly string[], candidates: readonly CatalogModel[]): CallBound {
  return { candidates, measure: () => measureEmbeddings(input), embeddings: true };
}
