/**
 * Google Gemini (generativelanguage.googleapis.com, v1beta): `models/{model}:generateContent`,
 * streams from `:streamGenerateContent?alt=sse`, embeddings from `:batchEmbedContents`. The
 * key travels in the `x-goog-api-key` header, never in the URL. Requests: google-request.ts
 * (+ google-schema.ts); answers: google-response.ts and google-answer.ts.
 */
import { HttpClient } from '../shared/http';
import { googleImages } from './images';
import { GeminiAnswerReader, toChatResult } from './answer';
import { toGeneratePayload } from './request';
import { describeGoogleError, fromEmbeddings, readGenerateResponse } from './response';
import { parseJsonObject } from '../shared/schema';
import { serverSentEvents } from '../shared/sse';
import type { CallOptions, ChatRequest, ChatResult, EmbeddingRequest, EmbeddingResult, ProviderFactory, StreamEvent } from '../types';

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
  const payloadFor = (request: ChatRequest) => toGeneratePayload({ ...request, model: bareModel(request.model) });

  async function* stream(request: ChatRequest, { signal }: CallOptions): AsyncGenerator<StreamEvent> {
    const response = await client.postStream(`${modelPath(request.model)}:streamGenerateContent?alt=sse`, payloadFor(request), signal);
    const reader = new GeminiAnswerReader(request.parallelToolCalls === false);
    for await (const event of serverSentEvents(response)) {
      yield* reader.read(readGenerateResponse(parseJsonObject(event.data, provider), provider));
    }
  }

  async function embed(request: EmbeddingRequest, { signal }: CallOptions): Promise<EmbeddingResult> {
    const model = `models/${bareModel(request.model)}`;
    const shortened = request.dimensions ? { outputDimensionality: request.dimensions } : {};
    const requests = request.input.map((text) => ({ model, content: { parts: [{ text }] }, ...shortened }));
    const body = await client.postJson(`${modelPath(request.model)}:batchEmbedContents`, { requests }, signal);
    return fromEmbeddings(body, provider, request.input.length);
  }

  return {
    name: provider,
    async chat(request: ChatRequest, { signal }: CallOptions): Promise<ChatResult> {
      const body = await client.postJson(`${modelPath(request.model)}:generateContent`, payloadFor(request), signal);
      const reader = new GeminiAnswerReader(request.parallelToolCalls === false);
      return toChatResult(reader.read(readGenerateResponse(body, provider)));
    },
    stream,
    embed,
    ...googleImages(client, provider, modelPath),
    close: () => client.close(),
  };
};
