/**
 * Anthropic Messages API: `POST {baseUrl}/v1/messages` with `x-api-key` and
 * `anthropic-version: 2023-06-01`; system prompts go in the top-level `system`; `max_tokens`
 * is required (4096 when the caller gave none). Streams are SSE with `event:` names.
 */
import { HttpClient } from './http';
import { invalidResponse, truncateResponseBody, UpstreamError } from './errors';
import { arrayField, isObject, numberField, parseJsonObject, stringField, type JsonObject } from './schema';
import { serverSentEvents } from './sse';
import type { CallOptions, ChatRequest, ChatResult, FinishReason, ProviderFactory, StreamEvent, TokenUsage } from './types';

const DEFAULT_MAX_TOKENS = 4096;
const RETRYABLE_STREAM_ERRORS = new Set(['overloaded_error', 'api_error', 'rate_limit_error']);

/** The Messages request body. */
export function toMessagesPayload(request: ChatRequest, stream: boolean): JsonObject {
  const system = request.messages.filter((message) => message.role === 'system').map((message) => message.content);
  const payload: JsonObject = {
    model: request.model,
    max_tokens: request.maxTokens ?? DEFAULT_MAX_TOKENS,
    messages: request.messages.filter((message) => message.role !== 'system').map(({ role, content }) => ({ role, content })),
  };
  if (system.length > 0) payload.system = system.join('\n\n');
  if (request.temperature !== undefined) payload.temperature = request.temperature;
  if (request.topP !== undefined) payload.top_p = request.topP;
  if (request.stop !== undefined && request.stop.length > 0) payload.stop_sequences = request.stop;
  if (stream) payload.stream = true;
  return payload;
}

/** end_turn/stop_sequence → stop, max_tokens → length, refusal → content_filter, tool_use → tool_calls. */
export function toFinishReason(stopReason: string): FinishReason {
  if (stopReason === 'max_tokens' || stopReason === 'model_context_window_exceeded') return 'length';
  if (stopReason === 'refusal') return 'content_filter';
  if (stopReason === 'tool_use') return 'tool_calls';
  return 'stop';
}

/**
 * Token counts as the stream reveals them: each figure is replaced by a later one, so
 * `message_delta`'s input_tokens (the billed figure) beats `message_start`'s. Prompt tokens
 * include cache writes and reads, as OpenAI's prompt_tokens include cached tokens.
 */
class UsageTally {
  private readonly figures = new Map<string, number>();

  add(usage: unknown): void {
    if (!isObject(usage)) return;
    for (const field of ['input_tokens', 'cache_creation_input_tokens', 'cache_read_input_tokens', 'output_tokens']) {
      const value = numberField(usage[field]);
      if (value !== undefined) this.figures.set(field, value);
    }
  }

  current(): TokenUsage | null {
    const output = this.figures.get('output_tokens');
    const input = this.figures.get('input_tokens');
    if (output === undefined || input === undefined) return null;
    const prompt = input + (this.figures.get('cache_creation_input_tokens') ?? 0) + (this.figures.get('cache_read_input_tokens') ?? 0);
    return { promptTokens: prompt, completionTokens: output, totalTokens: prompt + output };
  }
}

/** A blocking Messages response → ChatResult. */
export function fromMessage(body: JsonObject, provider: string): ChatResult {
  const content = arrayField(body.content);
  if (!content) throw invalidResponse(provider, 'no content list');
  const text = content
    .filter((block): block is JsonObject => isObject(block) && block.type === 'text')
    .map((block) => stringField(block.text) ?? '')
    .join('');
  const usage = new UsageTally();
  usage.add(body.usage);
  const stopReason = stringField(body.stop_reason);
  return { content: text, finishReason: stopReason ? toFinishReason(stopReason) : 'stop', usage: usage.current() };
}

/** An `error` event inside a 200 stream (e.g. overloaded_error) → UpstreamError. */
export function fromErrorEvent(data: JsonObject, provider: string): UpstreamError {
  const error = isObject(data.error) ? data.error : {};
  const type = stringField(error.type) ?? 'error';
  return new UpstreamError(`${provider}: stream failed: ${stringField(error.message) ?? type}`, {
    provider,
    isRetryable: RETRYABLE_STREAM_ERRORS.has(type),
    responseBody: truncateResponseBody(JSON.stringify(data)),
    providerCode: type,
  });
}

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
    const response = await client.postStream('/v1/messages', toMessagesPayload(request, true), signal);
    const usage = new UsageTally();
    let finished = false;
    for await (const event of serverSentEvents(response)) {
      const data = parseJsonObject(event.data, provider);
      switch (event.event ?? stringField(data.type)) {
        case 'message_start':
          usage.add(isObject(data.message) ? data.message.usage : undefined);
          break;
        case 'content_block_delta': {
          const delta = isObject(data.delta) ? data.delta : {};
          const text = delta.type === 'text_delta' ? stringField(delta.text) : undefined;
          if (text) yield { type: 'delta', text };
          break;
        }
        case 'message_delta': {
          const stopReason = isObject(data.delta) ? stringField(data.delta.stop_reason) : undefined;
          if (stopReason && !finished) {
            finished = true;
            yield { type: 'finish', reason: toFinishReason(stopReason) };
          }
          usage.add(data.usage);
          const current = usage.current();
          if (current) yield { type: 'usage', usage: current };
          break;
        }
        case 'message_stop':
          response.markComplete();
          return;
        case 'error':
          throw fromErrorEvent(data, provider);
        default:
          break; // ping, content_block_start/stop, and event types added later
      }
    }
  }

  return {
    name: provider,
    async chat(request: ChatRequest, { signal }: CallOptions): Promise<ChatResult> {
      return fromMessage(await client.postJson('/v1/messages', toMessagesPayload(request, false), signal), provider);
    },
    stream,
    close: () => client.close(),
  };
};
