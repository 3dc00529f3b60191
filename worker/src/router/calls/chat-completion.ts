import { ulid } from '../../support/ids';
import type { RouterBlock } from '../usage/call-record';
import type { ChatResult, FinishReason, TokenUsage, ToolCall } from '../../providers/types';

/** A tool call as OpenAI's message.tool_calls carries it. */
export function openAiToolCall(call: ToolCall) {
  return { id: call.id, type: 'function' as const, function: { name: call.name, arguments: call.arguments } };
}

/** A streamed tool-call delta: the first of a call carries id, type and name (arguments ""), later ones only index and a fragment. */
export type ToolCallDelta = { index: number; id?: string; type?: 'function'; function: { name?: string; arguments: string } };

/** What an answer said, for the usage row's estimate when the provider reported no usage. */
export function outputText(result: Pick<ChatResult, 'content' | 'toolCalls'>): string {
  return [result.content, ...(result.toolCalls ?? []).map((call) => `${call.name} ${call.arguments}`)]
    .filter((text) => text !== '')
    .join('\n');
}

/** OpenAI's `chat.completion` / `chat.completion.chunk` shapes, with the router block. */
export class CompletionShape {
  readonly id = `chatcmpl-${ulid()}`;
  readonly created = Math.floor(Date.now() / 1000);

  constructor(readonly model: string) {}

  /** content null when the model only called tools (OpenAI's shape); the provider's `logprobs` on the choice when it sent them. */
  completion(result: Pick<ChatResult, 'content' | 'toolCalls' | 'finishReason' | 'logprobs'>, usage: TokenUsage, router: RouterBlock) {
    const calls = result.toolCalls ?? [];
    const message =
      calls.length > 0
        ? { role: 'assistant', content: result.content === '' ? null : result.content, tool_calls: calls.map(openAiToolCall) }
        : { role: 'assistant', content: result.content };
    return {
      id: this.id,
      object: 'chat.completion',
      created: this.created,
      model: this.model,
      choices: [
        result.logprobs === undefined
          ? { index: 0, message, finish_reason: result.finishReason }
          : { index: 0, message, logprobs: result.logprobs, finish_reason: result.finishReason },
      ],
      usage: openAiUsage(usage),
      router,
    };
  }

  /**
   * One chunk. A delta's `logprobs` (the token entries of its text, stream-output.ts) move to the
   * choice as OpenAI sends them: `logprobs: {content: [...], refusal: null}` beside `delta`.
   */
  chunk(
    piece: { role?: 'assistant'; content?: string | null; tool_calls?: ToolCallDelta[]; logprobs?: unknown[] },
    finishReason: FinishReason | null = null,
  ) {
    let choice: Record<string, unknown> = { index: 0, delta: piece, finish_reason: finishReason };
    if (piece.logprobs !== undefined) {
      const { logprobs, ...delta } = piece;
      choice = { index: 0, delta, logprobs: { content: logprobs, refusal: null }, finish_reason: finishReason };
    }
    return { id: this.id, object: 'chat.completion.chunk', created: this.created, model: this.model, choices: [choice] };
  }

  usageChunk(usage: TokenUsage, router: RouterBlock) {
    return {
      id: this.id,
      object: 'chat.completion.chunk',
      created: this.created,
      model: this.model,
      choices: [],
      usage: openAiUsage(usage),
      router,
    };
  }
}

/** OpenAI's usage object; the details appear when the provider reported cached or reasoning tokens. */
export function openAiUsage(usage: TokenUsage) {
  return {
    prompt_tokens: usage.promptTokens,
    completion_tokens: usage.completionTokens,
    total_tokens: usage.totalTokens,
    ...(usage.cachedTokens !== undefined && { prompt_tokens_details: { cached_tokens: usage.cachedTokens } }),
    ...(usage.reasoningTokens !== undefined && { completion_tokens_details: { reasoning_tokens: usage.reasoningTokens } }),
  };
}
