/**
 * Anthropic answers → router types: a blocking Messages body, the usage figures (also as a
 * stream reveals them), stop reasons, and `error` events inside a 200 stream.
 */
import { invalidResponse, truncateResponseBody, UpstreamError } from '../errors';
import type { AnthropicJsonMode } from './json';
import { JSON_TOOL_NAME } from './json';
import { arrayField, isObject, numberField, stringField, type JsonObject } from '../shared/schema';
import type { ChatResult, FinishReason, TokenUsage, ToolCall } from '../types';

const RETRYABLE_STREAM_ERRORS = new Set(['overloaded_error', 'api_error', 'rate_limit_error']);

/** end_turn/stop_sequence → stop, max_tokens → length, refusal → content_filter, tool_use → tool_calls. */
export function toFinishReason(stopReason: string): FinishReason {
  if (stopReason === 'max_tokens' || stopReason === 'model_context_window_exceeded') return 'length';
  if (stopReason === 'refusal') return 'content_filter';
  if (stopReason === 'tool_use') return 'tool_calls';
  return 'stop';
}

/** A forced `json` tool answers the client's JSON request: its call ends the answer as a plain stop. */
export function finishFor(stopReason: string, jsonMode: AnthropicJsonMode, calledClientTools: boolean): FinishReason {
  const reason = toFinishReason(stopReason);
  return reason === 'tool_calls' && jsonMode.kind === 'tool' && !calledClientTools ? 'stop' : reason;
}

/**
 * Token counts as the stream reveals them: each figure is replaced by a later one, so
 * `message_delta`'s input_tokens (the billed figure) beats `message_start`'s. Prompt tokens
 * are input + cache writes + cache reads (Anthropic reports them apart; OpenAI's
 * prompt_tokens include cached ones), with the cache figures kept as cachedTokens and
 * cacheWriteTokens.
 */
export class UsageTally {
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
    const written = this.figures.get('cache_creation_input_tokens') ?? 0;
    const read = this.figures.get('cache_read_input_tokens') ?? 0;
    const prompt = input + written + read;
    const usage: TokenUsage = { promptTokens: prompt, completionTokens: output, totalTokens: prompt + output };
    if (read > 0) usage.cachedTokens = read;
    if (written > 0) usage.cacheWriteTokens = written;
    return usage;
  }
}

/** A blocking Messages response → ChatResult; thinking blocks are not part of the answer. */
export function fromMessage(
  body: JsonObject,
  provider: string,
  jsonMode: AnthropicJsonMode = { kind: 'none', strictTools: false },
): ChatResult {
  const content = arrayField(body.content);
  if (!content) throw invalidResponse(provider, 'no content list');
  const blocks = content.filter(isObject);
  let text = blocks
    .filter((block) => block.type === 'text')
    .map((block) => stringField(block.text) ?? '')
    .join('');
  const toolCalls: ToolCall[] = [];
  for (const block of blocks) {
    if (block.type !== 'tool_use') continue;
    const input = isObject(block.input) ? block.input : {};
    if (jsonMode.kind === 'tool' && block.name === JSON_TOOL_NAME) {
      text += JSON.stringify(input);
      continue;
    }
    const id = stringField(block.id);
    const name = stringField(block.name);
    if (!id || !name) throw invalidResponse(provider, 'tool_use block without id or name');
    toolCalls.push({ id, name, arguments: JSON.stringify(input) });
  }
  const usage = new UsageTally();
  usage.add(body.usage);
  const stopReason = stringField(body.stop_reason);
  const result: ChatResult = {
    content: text,
    finishReason: stopReason ? finishFor(stopReason, jsonMode, toolCalls.length > 0) : 'stop',
    usage: usage.current(),
  };
  if (toolCalls.length > 0) result.toolCalls = toolCalls;
  return result;
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
