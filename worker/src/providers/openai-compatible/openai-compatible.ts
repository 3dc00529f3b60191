/**
 * The shared base for OpenAI-like providers (Portkey's pattern): `{baseUrl}/chat/completions`
 * with a Bearer key, SSE streams ending in `data: [DONE]`, `{baseUrl}/embeddings`. A provider
 * built on it only names its dialect and headers.
 */
import { HttpClient, type ErrorDescriber } from '../shared/http';
import { fromChatCompletion, fromEmbeddings, fromStreamChunk, OPENAI_USAGE, type UsageDialect } from './mappers';
import { DEFAULT_DIALECT, toChatPayload, type RequestDialect } from './request';
import { StreamedToolCalls } from './tool-calls';
import { parseJsonObject } from '../shared/schema';
import { serverSentEvents } from '../shared/sse';
import type {
  ChatRequest,
  ChatResult,
  CallOptions,
  EmbeddingRequest,
  EmbeddingResult,
  Provider,
  ProviderSettings,
  StreamEvent,
} from '../types';

export interface OpenAiCompatibleOptions extends Partial<RequestDialect> {
  /** Headers sent besides `Authorization: Bearer <key>` (which is left out when the key is empty). */
  headers?: Record<string, string>;
  /** false when the server has no `/embeddings` endpoint. */
  embeddings?: boolean;
  /** The embeddings request's name for the vector length (OpenAI's `dimensions`; Mistral's `output_dimension`). */
  dimensionsField?: string;
  describeError?: ErrorDescriber;
  /** Where usage differs from OpenAI's (xAI's reasoning beside completion tokens, Groq's `x_groq.usage`). */
  usage?: Partial<UsageDialect>;
}

/** Builds a Provider that speaks the OpenAI chat-completions wire format. */
export function createOpenAiCompatibleProvider(settings: ProviderSettings, options: OpenAiCompatibleOptions = {}): Provider {
  const provider = settings.name;
  const { headers, embeddings, dimensionsField = 'dimensions', describeError, usage, ...overrides } = options;
  const dialect: RequestDialect = { ...DEFAULT_DIALECT, ...overrides };
  const usageDialect: UsageDialect = { ...OPENAI_USAGE, ...usage };
  const client = new HttpClient({
    provider,
    baseUrl: settings.baseUrl,
    timeouts: settings.timeouts,
    connections: settings.connections,
    outboundGuard: settings.outboundGuard,
    headers: { ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}), ...headers },
    describeError,
  });

  async function chat(request: ChatRequest, { signal }: CallOptions): Promise<ChatResult> {
    const body = await client.postJson('/chat/completions', toChatPayload(request, false, dialect), signal);
    return fromChatCompletion(body, provider, usageDialect);
  }

  async function* stream(request: ChatRequest, { signal }: CallOptions): AsyncGenerator<StreamEvent> {
    const response = await client.postStream('/chat/completions', toChatPayload(request, true, dialect), signal);
    let finished = false;
    const toolCalls = new StreamedToolCalls();
    for await (const event of serverSentEvents(response)) {
      if (event.data === '[DONE]') {
        response.markComplete();
        return;
      }
      for (const item of fromStreamChunk(parseJsonObject(event.data, provider), provider, toolCalls, usageDialect)) {
        if (item.type === 'finish') {
          if (finished) continue;
          finished = true;
        }
        yield item;
      }
    }
  }

  async function embed(request: EmbeddingRequest, { signal }: CallOptions): Promise<EmbeddingResult> {
    const payload = { model: request.model, input: request.input, ...(request.dimensions && { [dimensionsField]: request.dimensions }) };
    const body = await client.postJson('/embeddings', payload, signal);
    return fromEmbeddings(body, provider, request.input.length);
  }

  return {
    name: provider,
    chat,
    stream,
    ...(embeddings === false ? {} : { embed }),
    close: () => client.close(),
  };
}
