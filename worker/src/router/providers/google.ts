/**
 * Google Gemini (generativelanguage.googleapis.com, v1beta): `models/{model}:generateContent`,
 * streams from `:streamGenerateContent?alt=sse`, embeddings from `:batchEmbedContents`. The
 * key travels in the `x-goog-api-key` header, never in the URL.
 */
import { describeCommonError, HttpClient, type ErrorDescription } from './http';
import { invalidResponse, isRetryableStatus, truncateResponseBody, UpstreamError } from './errors';
import { arrayField, isObject, numberField, parseJsonObject, stringField, vectorField, type JsonObject } from './schema';
import { serverSentEvents } from './sse';
import type { CallOptions, ChatRequest, ChatResult, EmbeddingRequest, EmbeddingResult, FinishReason, ProviderFactory, StreamEvent, TokenUsage } from './types';

const FILTERED = new Set(['SAFETY', 'RECITATION', 'BLOCKLIST', 'PROHIBITED_CONTENT', 'SPII', 'IMAGE_SAFETY']);

/** The generateContent request body: roles user|model, system prompts as systemInstruction. */
export function toGeneratePayload(request: ChatRequest): JsonObject {
  const system = request.messages.filter((message) => message.role === 'system').map((message) => message.content);
  const payload: JsonObject = {
    contents: request.messages
      .filter((message) => message.role !== 'system')
      .map((message) => ({ role: message.role === 'assistant' ? 'model' : 'user', parts: [{ text: message.content }] })),
  };
  if (system.length > 0) payload.systemInstruction = { parts: [{ text: system.join('\n\n') }] };
  const config: JsonObject = {};
  if (request.temperature !== undefined) config.temperature = request.temperature;
  if (request.topP !== undefined) config.topP = request.topP;
  if (request.maxTokens !== undefined) config.maxOutputTokens = request.maxTokens;
  if (request.stop !== undefined && request.stop.length > 0) config.stopSequences = request.stop;
  if (Object.keys(config).length > 0) payload.generationConfig = config;
  return payload;
}

/** STOP → stop, MAX_TOKENS → length, SAFETY/RECITATION and the other blocks → content_filter. */
export function toFinishReason(value: string): FinishReason {
  if (value === 'MAX_TOKENS') return 'length';
  if (FILTERED.has(value)) return 'content_filter';
  return 'stop';
}

/** usageMetadata → TokenUsage; thinking tokens are billed as output, so they count as completion. */
export function toUsage(metadata: unknown): TokenUsage | null {
  if (!isObject(metadata)) return null;
  const prompt = numberField(metadata.promptTokenCount);
  const candidates = numberField(metadata.candidatesTokenCount);
  const thoughts = numberField(metadata.thoughtsTokenCount) ?? 0;
  if (prompt === undefined && candidates === undefined) return null;
  const completion = (candidates ?? 0) + thoughts;
  return { promptTokens: prompt ?? 0, completionTokens: completion, totalTokens: numberField(metadata.totalTokenCount) ?? (prompt ?? 0) + completion };
}

/** One generateContent response (or stream chunk): its text, finish reason and usage. */
export function fromGenerateResponse(body: JsonObject, provider: string): { text: string; finishReason?: FinishReason; usage: TokenUsage | null } {
  if (isObject(body.error)) {
    const { message, providerCode } = describeCommonError(body);
    const code = numberField(body.error.code);
    throw new UpstreamError(`${provider}: stream failed: ${message ?? 'error'}`, {
      provider,
      isRetryable: code === undefined || isRetryableStatus(code),
      responseBody: truncateResponseBody(JSON.stringify(body)),
      providerCode,
    });
  }
  const candidates = arrayField(body.candidates);
  const usage = toUsage(body.usageMetadata);
  if (!candidates || candidates.length === 0) {
    const blocked = isObject(body.promptFeedback) && stringField(body.promptFeedback.blockReason);
    if (blocked) return { text: '', finishReason: 'content_filter', usage };
    if (usage) return { text: '', usage };
    throw invalidResponse(provider, 'no candidates');
  }
  const candidate = candidates[0];
  if (!isObject(candidate)) throw invalidResponse(provider, 'candidate is not an object');
  const parts = isObject(candidate.content) ? arrayField(candidate.content.parts) ?? [] : [];
  const text = parts
    .filter((part): part is JsonObject => isObject(part) && part.thought !== true)
    .map((part) => stringField(part.text) ?? '')
    .join('');
  const finish = stringField(candidate.finishReason);
  return { text, finishReason: finish ? toFinishReason(finish) : undefined, usage };
}

/** `{embeddings:[{values}]}` (batchEmbedContents) or Vertex's `{predictions:[{embeddings:{values, statistics}}]}`. */
export function fromEmbeddings(body: JsonObject, provider: string, count: number): EmbeddingResult {
  const predictions = arrayField(body.predictions);
  const entries = predictions
    ? predictions.map((prediction) => (isObject(prediction) ? prediction.embeddings : undefined))
    : arrayField(body.embeddings);
  if (!entries || entries.length !== count) throw invalidResponse(provider, `expected ${count} embeddings`);
  let tokens: number | undefined;
  const vectors = entries.map((entry) => {
    if (!isObject(entry)) throw invalidResponse(provider, 'embedding is not an object');
    const counted = isObject(entry.statistics) ? numberField(entry.statistics.token_count) : undefined;
    if (counted !== undefined) tokens = (tokens ?? 0) + counted;
    return vectorField(entry.values, provider);
  });
  return { vectors, usage: tokens === undefined ? null : { promptTokens: tokens } };
}

/** Google's error body, plus `RetryInfo.retryDelay` ("34.4s") as retryAfterMs. */
export function describeGoogleError(body: unknown): ErrorDescription {
  const description = describeCommonError(body);
  const details = isObject(body) && isObject(body.error) ? arrayField(body.error.details) ?? [] : [];
  for (const detail of details) {
    if (!isObject(detail) || !stringField(detail['@type'])?.endsWith('google.rpc.RetryInfo')) continue;
    const delay = stringField(detail.retryDelay);
    const seconds = delay?.endsWith('s') ? Number(delay.slice(0, -1)) : Number.NaN;
    if (Number.isFinite(seconds) && seconds >= 0) description.retryAfterMs = Math.round(seconds * 1000);
  }
  return description;
}

/** The Gemini provider. */
export const createGoogleProvider: ProviderFactory = (settings) => {
  const provider = settings.name;
  const client = new HttpClient({
    provider,
    baseUrl: settings.baseUrl,
    timeouts: settings.timeouts,
    connections: settings.connections,
    outboundGuard: settings.outboundGuard,
    headers: { 'x-goog-api-key': settings.apiKey },
    describeError: describeGoogleError,
  });
  const bareModel = (model: string) => (model.startsWith('models/') ? model.slice('models/'.length) : model);
  const modelPath = (model: string) => `/v1beta/models/${encodeURIComponent(bareModel(model))}`;

  async function* stream(request: ChatRequest, { signal }: CallOptions): AsyncGenerator<StreamEvent> {
    const response = await client.postStream(`${modelPath(request.model)}:streamGenerateContent?alt=sse`, toGeneratePayload(request), signal);
    let finished = false;
    for await (const event of serverSentEvents(response)) {
      const chunk = fromGenerateResponse(parseJsonObject(event.data, provider), provider);
      if (chunk.text) yield { type: 'delta', text: chunk.text };
      if (chunk.finishReason && !finished) {
        finished = true;
        yield { type: 'finish', reason: chunk.finishReason };
      }
      if (chunk.usage) yield { type: 'usage', usage: chunk.usage };
    }
  }

  async function embed(request: EmbeddingRequest, { signal }: CallOptions): Promise<EmbeddingResult> {
    const model = `models/${bareModel(request.model)}`;
    const requests = request.input.map((text) => ({ model, content: { parts: [{ text }] } }));
    const body = await client.postJson(`${modelPath(request.model)}:batchEmbedContents`, { requests }, signal);
    return fromEmbeddings(body, provider, request.input.length);
  }

  return {
    name: provider,
    async chat(request: ChatRequest, { signal }: CallOptions): Promise<ChatResult> {
      const result = fromGenerateResponse(await client.postJson(`${modelPath(request.model)}:generateContent`, toGeneratePayload(request), signal), provider);
      return { content: result.text, finishReason: result.finishReason ?? 'stop', usage: result.usage };
    },
    stream,
    embed,
    close: () => client.close(),
  };
};
