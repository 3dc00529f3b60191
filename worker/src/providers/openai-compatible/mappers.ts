/**
 * Request, response and stream-chunk mappers for the OpenAI chat-completions wire format,
 * shared by every OpenAI-compatible provider (OpenAI, Mistral, OpenRouter, vLLM, llama.cpp,
 * LM Studio, Groq, DeepSeek …). Extra fields those servers add are ignored; the request body
 * is built in openai-compatible-request.ts.
 */
import { invalidResponse, isRetryableStatus, truncateResponseBody, UpstreamError } from '../errors';
import { arrayField, isObject, numberField, stringField, vectorField, type JsonObject } from '../shared/schema';
import { toProviderCost } from '../shared/provider-cost';
import { StreamedToolCalls, toToolCalls } from './tool-calls';
import type { ChatResult, EmbeddingResult, FinishReason, StreamEvent, TokenUsage } from '../types';

/** stop, length, tool_calls, content_filter; anything else (e.g. "eos", "error") ends as stop. */
export function toFinishReason(value: string): FinishReason {
  if (value === 'length' || value === 'content_filter' || value === 'tool_calls') return value;
  if (value === 'function_call') return 'tool_calls';
  return 'stop';
}

/** How a server reports usage where it differs from OpenAI (the provider's factory names it). */
export interface UsageDialect {
  /** Reasoning tokens are counted beside `completion_tokens`, not inside (xAI): they are added to the billed completion tokens. */
  reasoningOutsideCompletion: boolean;
  /** A vendor object whose `usage` holds the figures when the top level has none (Groq's `x_groq`). */
  usageBlock: string | null;
  /** `usage.cost` is the provider's bill for the call in USD (OpenRouter), kept as TokenUsage.providerCost. */
  reportsCost: boolean;
}

export const OPENAI_USAGE: UsageDialect = { reasoningOutsideCompletion: false, usageBlock: null, reportsCost: false };

/** The body's or chunk's usage object: top-level `usage`, else the dialect's vendor block's. */
function usageOf(body: JsonObject, dialect: UsageDialect): unknown {
  if (body.usage !== undefined && body.usage !== null) return body.usage;
  const block = dialect.usageBlock === null ? undefined : body[dialect.usageBlock];
  return isObject(block) ? block.usage : undefined;
}

/** `usage` → TokenUsage, or null when absent or without token counts (`cost` kept where the dialect trusts it). */
export function toUsage(value: unknown, dialect: UsageDialect = OPENAI_USAGE): TokenUsage | null {
  if (!isObject(value)) return null;
  const promptTokens = numberField(value.prompt_tokens);
  const completionTokens = numberField(value.completion_tokens);
  if (promptTokens === undefined || completionTokens === undefined) return null;
  const usage: TokenUsage = {
    promptTokens,
    completionTokens,
    totalTokens: numberField(value.total_tokens) ?? promptTokens + completionTokens,
  };
  const cost = dialect.reportsCost ? toProviderCost(value.cost) : undefined;
  if (cost !== undefined) usage.providerCost = cost;
  const promptDetails = isObject(value.prompt_tokens_details) ? value.prompt_tokens_details : {};
  // DeepSeek also reports prompt_cache_hit_tokens; the OpenAI-shaped figure wins when both are there (they agree).
  const cached = numberField(promptDetails.cached_tokens) ?? numberField(value.prompt_cache_hit_tokens);
  if (cached !== undefined && cached > 0) usage.cachedTokens = cached;
  const reasoning = isObject(value.completion_tokens_details) ? numberField(value.completion_tokens_details.reasoning_tokens) : undefined;
  if (reasoning !== undefined && reasoning > 0) {
    usage.reasoningTokens = reasoning;
    if (dialect.reasoningOutsideCompletion) usage.completionTokens += reasoning;
  }
  return usage;
}

/** A blocking `chat.completion` → ChatResult. */
export function fromChatCompletion(body: JsonObject, provider: string, usageDialect: UsageDialect = OPENAI_USAGE): ChatResult {
  const choice = arrayField(body.choices)?.[0];
  if (!isObject(choice) || !isObject(choice.message)) throw invalidResponse(provider, 'no choices[0].message');
  const content = choice.message.content;
  if (content !== null && content !== undefined && typeof content !== 'string')
    throw invalidResponse(provider, 'message content is not text');
  const finish = stringField(choice.finish_reason);
  const toolCalls = toToolCalls(choice.message.tool_calls, provider);
  // Some servers answer tool calls with finish_reason "stop" (vLLM, Ollama /v1): the calls decide.
  const finishReason = toolCalls && (!finish || finish === 'stop') ? 'tool_calls' : finish ? toFinishReason(finish) : 'stop';
  const result: ChatResult = { content: content ?? '', finishReason, usage: toUsage(usageOf(body, usageDialect), usageDialect) };
  if (toolCalls) result.toolCalls = toolCalls;
  if (choice.logprobs !== undefined && choice.logprobs !== null) result.logprobs = choice.logprobs;
  return result;
}

/** An `error` carried inside a 200 stream (OpenRouter, vLLM) → UpstreamError. */
export function streamError(error: unknown, provider: string): UpstreamError {
  const details = isObject(error) ? error : { message: error };
  const numericCode = numberField(details.code);
  const code = numericCode !== undefined ? String(numericCode) : (stringField(details.code) ?? stringField(details.type));
  const message = stringField(details.message) ?? 'the stream reported an error';
  return new UpstreamError(`${provider}: stream failed: ${message}`, {
    provider,
    isRetryable: numericCode !== undefined ? isRetryableStatus(numericCode) : true,
    responseBody: truncateResponseBody(JSON.stringify(error)),
    providerCode: code,
  });
}

/**
 * One `chat.completion.chunk` → events. Usage is read wherever it comes: the final
 * empty-choices chunk (OpenAI) or the chunk carrying finish_reason (Mistral, Groq, DeepSeek).
 * `toolCalls` carries the numbering of tool calls across one stream's chunks. A text piece keeps
 * the choice's `logprobs.content` entries (sent when the request asked for logprobs).
 */
export function fromStreamChunk(
  chunk: JsonObject,
  provider: string,
  toolCalls = new StreamedToolCalls(),
  usageDialect: UsageDialect = OPENAI_USAGE,
): StreamEvent[] {
  if (chunk.error !== undefined && chunk.error !== null) throw streamError(chunk.error, provider);
  if (chunk.choices !== undefined && chunk.choices !== null && !Array.isArray(chunk.choices)) {
    throw invalidResponse(provider, 'chunk choices is not a list');
  }
  const events: StreamEvent[] = [];
  const choice = arrayField(chunk.choices)?.find((item) => isObject(item) && (item.index ?? 0) === 0);
  if (isObject(choice)) {
    const text = isObject(choice.delta) ? stringField(choice.delta.content) : undefined;
    const logprobs = isObject(choice.logprobs) ? arrayField(choice.logprobs.content) : undefined;
    if (text) events.push(logprobs ? { type: 'delta', text, logprobs } : { type: 'delta', text });
    if (isObject(choice.delta)) events.push(...toolCalls.read(choice.delta.tool_calls, provider));
    const finish = stringField(choice.finish_reason);
    if (finish) events.push({ type: 'finish', reason: toolCalls.seen && finish === 'stop' ? 'tool_calls' : toFinishReason(finish) });
  }
  const usage = toUsage(usageOf(chunk, usageDialect), usageDialect);
  if (usage) events.push({ type: 'usage', usage });
  return events;
}

/** `{data:[{index, embedding}], usage}` → vectors in input order. */
export function fromEmbeddings(body: JsonObject, provider: string, count: number): EmbeddingResult {
  const data = arrayField(body.data);
  if (!data || data.length !== count) throw invalidResponse(provider, `expected ${count} embeddings`);
  const vectors: number[][] = new Array(count);
  data.forEach((item, position) => {
    if (!isObject(item)) throw invalidResponse(provider, 'embedding entry is not an object');
    const index = numberField(item.index) ?? position;
    if (index < 0 || index >= count || vectors[index]) throw invalidResponse(provider, 'embedding index out of range');
    vectors[index] = vectorField(item.embedding, provider);
  });
  const promptTokens = isObject(body.usage) ? numberField(body.usage.prompt_tokens) : undefined;
  return { vectors, usage: promptTokens === undefined ? null : { promptTokens } };
}
