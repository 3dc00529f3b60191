/**
 * Ollama's native API: `POST {baseUrl}/api/chat` streams NDJSON lines
 * `{message:{content}, done:false}` … `{done:true, done_reason, prompt_eval_count, eval_count}`
 * (or one object with `stream:false`); embeddings from `/api/embed`. No key is needed; one
 * given (an authenticating proxy in front) is sent as a Bearer token. The request body is built
 * in ollama-request.ts. Tool calls come as `message.tool_calls:[{function:{name, arguments
 * (an object)}}]` with no ids: ids are made here (`call_<answer>_<n>`, stable within the answer)
 * and `done_reason` stays "stop", so an answer with calls finishes as `tool_calls`.
 */
import { randomBytes } from 'node:crypto';
import { HttpClient } from '../shared/http';
import { invalidResponse, truncateResponseBody, UpstreamError } from '../errors';
import { arrayField, isObject, numberField, parseJsonObject, stringField, vectorField, type JsonObject } from '../shared/schema';
import { jsonLines } from '../shared/sse';
import { toChatPayload } from './request';
import type {
  CallOptions,
  ChatRequest,
  ChatResult,
  EmbeddingRequest,
  EmbeddingResult,
  FinishReason,
  ProviderFactory,
  StreamEvent,
  TokenUsage,
  ToolCall,
} from '../types';

/** Names this answer's tool calls: `call_<12 hex>_<n>`, n counting from 0 across the answer. */
export class ToolCallIds {
  private readonly prefix = `call_${randomBytes(6).toString('hex')}_`;
  private count = 0;
  next(): string {
    return this.prefix + String(this.count++);
  }
  get made(): number {
    return this.count;
  }
}

function toToolCalls(value: unknown, provider: string, ids: ToolCallIds): ToolCall[] {
  if (value === undefined || value === null) return [];
  const items = arrayField(value);
  if (!items) throw invalidResponse(provider, 'tool_calls is not a list');
  return items.map((item) => {
    const fn = isObject(item) ? item.function : undefined;
    const name = isObject(fn) ? stringField(fn.name) : undefined;
    if (!isObject(fn) || !name) throw invalidResponse(provider, 'tool call without a function name');
    const args = fn.arguments;
    return { id: ids.next(), name, arguments: typeof args === 'string' ? args : JSON.stringify(args ?? {}) };
  });
}

/** One /api/chat object (a stream line or the blocking answer). */
export function fromChatLine(
  line: JsonObject,
  provider: string,
  ids: ToolCallIds,
): { text: string; toolCalls: ToolCall[]; done: boolean; finishReason: FinishReason; usage: TokenUsage | null } {
  if (line.error !== undefined) {
    const message = stringField(line.error) ?? JSON.stringify(line.error);
    throw new UpstreamError(`${provider}: stream failed: ${message}`, {
      provider,
      isRetryable: true,
      responseBody: truncateResponseBody(JSON.stringify(line)),
    });
  }
  if (typeof line.done !== 'boolean') throw invalidResponse(provider, 'no done flag');
  const message = line.message;
  if (message !== undefined && !isObject(message)) throw invalidResponse(provider, 'message is not an object');
  const text = (message && stringField(message.content)) ?? '';
  const toolCalls = message ? toToolCalls(message.tool_calls, provider, ids) : [];
  const completion = numberField(line.eval_count);
  const usage =
    line.done && completion !== undefined
      ? {
          promptTokens: numberField(line.prompt_eval_count) ?? 0,
          completionTokens: completion,
          totalTokens: (numberField(line.prompt_eval_count) ?? 0) + completion,
        }
      : null;
  const finishReason = line.done_reason === 'length' ? 'length' : ids.made > 0 ? 'tool_calls' : 'stop';
  return { text, toolCalls, done: line.done, finishReason, usage };
}

/** The Ollama provider. */
export const createOllamaProvider: ProviderFactory = (settings) => {
  const provider = settings.name;
  const client = new HttpClient({
    provider,
    baseUrl: settings.baseUrl,
    timeouts: settings.timeouts,
    connections: settings.connections,
    outboundGuard: settings.outboundGuard,
    headers: settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {},
  });

  async function* stream(request: ChatRequest, { signal }: CallOptions): AsyncGenerator<StreamEvent> {
    const response = await client.postStream('/api/chat', toChatPayload(request, true, provider), signal);
    const ids = new ToolCallIds();
    let index = 0;
    for await (const text of jsonLines(response)) {
      const line = fromChatLine(parseJsonObject(text, provider), provider, ids);
      if (line.text) yield { type: 'delta', text: line.text };
      for (const call of line.toolCalls)
        yield { type: 'tool_call', index: index++, id: call.id, name: call.name, arguments: call.arguments };
      if (line.done) {
        yield { type: 'finish', reason: line.finishReason };
        if (line.usage) yield { type: 'usage', usage: line.usage };
        response.markComplete();
        return;
      }
    }
  }

  async function embed(request: EmbeddingRequest, { signal }: CallOptions): Promise<EmbeddingResult> {
    const payload = { model: request.model, input: request.input, ...(request.dimensions && { dimensions: request.dimensions }) };
    const body = await client.postJson('/api/embed', payload, signal);
    const embeddings = arrayField(body.embeddings);
    if (!embeddings || embeddings.length !== request.input.length)
      throw invalidResponse(provider, `expected ${request.input.length} embeddings`);
    const promptTokens = numberField(body.prompt_eval_count);
    return {
      vectors: embeddings.map((values) => vectorField(values, provider)),
      usage: promptTokens === undefined ? null : { promptTokens },
    };
  }

  return {
    name: provider,
    async chat(request: ChatRequest, { signal }: CallOptions): Promise<ChatResult> {
      const body = await client.postJson('/api/chat', toChatPayload(request, false, provider), signal);
      const line = fromChatLine(body, provider, new ToolCallIds());
      if (!line.done) throw invalidResponse(provider, 'blocking answer not done');
      const result: ChatResult = { content: line.text, finishReason: line.finishReason, usage: line.usage };
      if (line.toolCalls.length > 0) result.toolCalls = line.toolCalls;
      return result;
    },
    stream,
    embed,
    close: () => client.close(),
  };
};
