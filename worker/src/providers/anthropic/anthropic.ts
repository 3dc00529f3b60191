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
import { parseJsonObject } from '../shared/schema';
import { serverSentEvents } from '../shared/sse';
import type { CallOptions, ChatRequest, ChatResult, ProviderFactory, StreamEvent } from '../types';

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
    const { payload, jsonMode } = planMessagesRequest(request, true);
    const response = await client.postStream('/v1/messages', payload, signal);
    const reader = new AnthropicStreamReader(provider, jsonMode);
    for await (const event of serverSentEvents(response)) {
      yield* reader.read(event.event, parseJsonObject(event.data, provider));
      if (reader.done) {
        response.markComplete();
        return;
      }
    }
  }

  return {
    name: provider,
    async chat(request: ChatRequest, { signal }: CallOptions): Promise<ChatResult> {
      const { payload, jsonMode } = planMessagesRequest(request, false);
      return fromMessage(await client.postJson('/v1/messages', payload, signal), provider, jsonMode);
    },
    stream,
    close: () => client.close(),
  };
};
