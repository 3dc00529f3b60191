/**
 * Anthropic Messages API: `POST {baseUrl}/v1/messages` with `x-api-key` and
 * `anthropic-version: 2023-06-01`; system prompts go in the top-level `system`; `max_tokens`
 * is required (4096 when the caller gave none). Streams are SSE with `event:` names.
 * Requests: anthropic-request.ts (+ anthropic-json.ts for JSON modes); answers:
 * anthropic-response.ts (blocking) and anthropic-stream.ts (streamed).
 */
import { HttpClient } from '../shared/http';
import { planMessagesRequest } from './request';
import { fromMessage } from './response';
import { AnthropicStreamReader } from './stream';
import { countTokensBody, nativeBody, nativeHeaders } from './native';
import { numberField, parseJsonObject } from '../shared/schema';
import { invalidResponse } from '../errors';
import { serverSentEvents } from '../shared/sse';
import type { CallOptions, ChatRequest, ChatResult, ProviderFactory, StreamEvent } from '../types';

/** A native request's tools are the client's own: no forced `json` tool to read back. */
const NO_JSON_MODE = { kind: 'none', strictTools: false } as const;

/** The Anthropic provider. */
export const createAnthropicProvider: ProviderFactory = (settings) => {
  const provider = settings.name;
  const client = new HttpClient({
    provider,
    baseUrl: settings.baseUrl,
    timeouts: settings.timeouts,
    connections: settings.connections,
    outboundGuard: settings.outboundGuard,
    headers: { 'x-api-key': settings.apiKey, 'anthropic-version': '2023-06-01' },
  });

  async function* stream(request: ChatRequest, { signal }: CallOptions): AsyncGenerator<StreamEvent> {
    const native = nativeBody(request, true);
    const { payload, jsonMode } = native ? { payload: native, jsonMode: NO_JSON_MODE } : planMessagesRequest(request, true);
    const response = await client.postStream('/v1/messages', payload, signal, nativeHeaders(request));
    const reader = new AnthropicStreamReader(provider, jsonMode);
    for await (const event of serverSentEvents(response)) {
      const data = parseJsonObject(event.data, provider);
      const translated = reader.read(event.event, data);
      // A native request also gets each event as received, before what it translates to (providers/types.ts).
      if (native) yield { type: 'native', event: event.event ?? String(data.type), data };
      yield* translated;
      if (reader.done) {
        response.markComplete();
        return;
      }
    }
  }

  return {
    name: provider,
    async chat(request: ChatRequest, { signal }: CallOptions): Promise<ChatResult> {
      const native = nativeBody(request, false);
      if (native) {
        const message = await client.postJson('/v1/messages', native, signal, nativeHeaders(request));
        return { ...fromMessage(message, provider, NO_JSON_MODE), native: message };
      }
      const { payload, jsonMode } = planMessagesRequest(request, false);
      return fromMessage(await client.postJson('/v1/messages', payload, signal), provider, jsonMode);
    },
    stream,
    async countTokens(request: ChatRequest, { signal }: CallOptions): Promise<number> {
      const answer = await client.postJson('/v1/messages/count_tokens', countTokensBody(request), signal, nativeHeaders(request));
      const tokens = numberField(answer.input_tokens);
      if (tokens === undefined) throw invalidResponse(provider, 'count_tokens answered without input_tokens');
      return tokens;
    },
    close: () => client.close(),
  };
};
