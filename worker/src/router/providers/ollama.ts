/**
 * Ollama's native API: `POST {baseUrl}/api/chat` streams NDJSON lines
 * `{message:{content}, done:false}` … `{done:true, done_reason, prompt_eval_count, eval_count}`
 * (or one object with `stream:false`); embeddings from `/api/embed`. No key is needed; one
 * given (an authenticating proxy in front) is sent as a Bearer token.
 */
import { HttpClient } from './http';
import { invalidResponse, truncateResponseBody, UpstreamError } from './errors';
import { arrayField, isObject, numberField, parseJsonObject, stringField, vectorField, type JsonObject } from './schema';
import { jsonLines } from './sse';
import type { CallOptions, ChatRequest, ChatResult, EmbeddingRequest, EmbeddingResult, FinishReason, ProviderFactory, StreamEvent, TokenUsage } from './types';

/** The /api/chat request body; sampling settings go in `options`. */
export function toChatPayload(request: ChatRequest, stream: boolean): JsonObject {
  const options: JsonObject = {};
  if (request.temperature !== undefined) options.temperature = request.temperature;
  if (request.topP !== undefined) options.top_p = request.topP;
  if (request.maxTokens !== undefined) options.num_predict = request.maxTokens;
  if (request.stop !== undefined && request.stop.length > 0) options.stop = request.stop;
  const payload: JsonObject = { model: request.model, messages: request.messages.map(({ role, content }) => ({ role, content })), stream };
  if (Object.keys(options).length > 0) payload.options = options;
  return payload;
}

/** One /api/chat object (a stream line or the blocking answer). */
export function fromChatLine(line: JsonObject, provider: string): { text: string; done: boolean; finishReason: FinishReason; usage: TokenUsage | null } {
  if (line.error !== undefined) {
    const message = stringField(line.error) ?? JSON.stringify(line.error);
    throw new UpstreamError(`${provider}: stream failed: ${message}`, { provider, isRetryable: true, responseBody: truncateResponseBody(JSON.stringify(line)) });
  }
  if (typeof line.done !== 'boolean') throw invalidResponse(provider, 'no done flag');
  const message = line.message;
  if (message !== undefined && !isObject(message)) throw invalidResponse(provider, 'message is not an object');
  const text = (message && stringField(message.content)) ?? '';
  const completion = numberField(line.eval_count);
  const usage =
    line.done && completion !== undefined
      ? { promptTokens: numberField(line.prompt_eval_count) ?? 0, completionTokens: completion, totalTokens: (numberField(line.prompt_eval_count) ?? 0) + completion }
      : null;
  return { text, done: line.done, finishReason: line.done_reason === 'length' ? 'length' : 'stop', usage };
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
    const response = await client.postStream('/api/chat', toChatPayload(request, true), signal);
    for await (const text of jsonLines(response)) {
      const line = fromChatLine(parseJsonObject(text, provider), provider);
      if (line.text) yield { type: 'delta', text: line.text };
      if (line.done) {
        yield { type: 'finish', reason: line.finishReason };
        if (line.usage) yield { type: 'usage', usage: line.usage };
        response.markComplete();
        return;
      }
    }
  }

  async function embed(request: EmbeddingRequest, { signal }: CallOptions): Promise<EmbeddingResult> {
    const body = await client.postJson('/api/embed', { model: request.model, input: request.input }, signal);
    const embeddings = arrayField(body.embeddings);
    if (!embeddings || embeddings.length !== request.input.length) throw invalidResponse(provider, `expected ${request.input.length} embeddings`);
    const promptTokens = numberField(body.prompt_eval_count);
    return {
      vectors: embeddings.map((values) => vectorField(values, provider)),
      usage: promptTokens === undefined ? null : { promptTokens },
    };
  }

  return {
    name: provider,
    async chat(request: ChatRequest, { signal }: CallOptions): Promise<ChatResult> {
      const line = fromChatLine(await client.postJson('/api/chat', toChatPayload(request, false), signal), provider);
      if (!line.done) throw invalidResponse(provider, 'blocking answer not done');
      return { content: line.text, finishReason: line.finishReason, usage: line.usage };
    },
    stream,
    embed,
    close: () => client.close(),
  };
};
