import { prefixedId } from '../../support/ids';
import type { RouterBlock } from '../usage/call-record';
import type { ChatResult, FinishReason, TokenUsage, ToolCall } from '../../providers/types';

/** A content block of an answer: text, or a tool call with its input parsed. */
export type AnswerBlock = { type: 'text'; text: string } | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> };

/** Anthropic's `stop_reason` for a chat finish (a stop sequence cannot be told apart from the end of the turn on a translated call). */
export function stopReason(finishReason: FinishReason): string {
  if (finishReason === 'length') return 'max_tokens';
  if (finishReason === 'tool_calls') return 'tool_use';
  if (finishReason === 'content_filter') return 'refusal';
  return 'end_turn';
}

/**
 * The usage object in Anthropic's meaning: `input_tokens` are the input tokens neither read
 * from nor written to the cache (the hub's promptTokens count them all, docs/api-notes.md).
 */
export function messagesUsage(usage: TokenUsage) {
  const cacheRead = usage.cachedTokens ?? 0;
  const cacheWrite = usage.cacheWriteTokens ?? 0;
  return {
    input_tokens: Math.max(0, usage.promptTokens - cacheRead - cacheWrite),
    output_tokens: usage.completionTokens,
    cache_creation_input_tokens: cacheWrite,
    cache_read_input_tokens: cacheRead,
  };
}

/** A tool call's arguments as the object Anthropic's `input` is (none: `{}`; text that is not a JSON object: under `arguments`). */
export function toolInput(text: string): Record<string, unknown> {
  if (text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // handed on below as the text it is
  }
  return { arguments: text };
}

export function answerBlocks(text: string, toolCalls: ToolCall[] = []): AnswerBlock[] {
  const blocks: AnswerBlock[] = text !== '' ? [{ type: 'text', text }] : [];
  for (const call of toolCalls) blocks.push({ type: 'tool_use', id: call.id, name: call.name, input: toolInput(call.arguments) });
  return blocks;
}

/** A new message's identity: `msg_…` and the hub's model id. */
export class MessageShape {
  readonly id = prefixedId('msg');

  constructor(readonly model: string) {}

  /** The `message` object (as message_start carries it: empty content, no stop reason yet). */
  message(content: AnswerBlock[], reason: string | null, usage: ReturnType<typeof messagesUsage>) {
    return { id: this.id, type: 'message', role: 'assistant', model: this.model, content, stop_reason: reason, stop_sequence: null, usage };
  }

  /**
   * A blocking answer: translated, or the provider's own message (a native call) with its id and
   * `model` made the hub's; the router block (docs/architecture.md §4) as an extra top-level field.
   */
  answer(result: ChatResult, usage: TokenUsage, router: RouterBlock) {
    if (result.native) return { ...result.native, id: this.id, model: this.model, router };
    return {
      ...this.message(answerBlocks(result.content, result.toolCalls), stopReason(result.finishReason), messagesUsage(usage)),
      router,
    };
  }
}
