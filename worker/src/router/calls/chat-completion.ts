import { ulid } from '../../support/ids';
import type { RouterBlock } from '../usage/call-record';
import type { ChatResult, FinishReason, TokenUsage, ToolCall } from '../../providers/types';

/** A tool call as OpenAI's message.tool_calls carries it. */
export function openAiToolCall(call: ToolCall) {
  return { id: call.id, type: 'function' as const, function: { name: call.name, arguments: call.arguments } };
}

/** A streamed legacy function-call delta: the first carries the name (arguments ""), later ones a fragment; no index (OpenAI's legacy stream). */
export type FunctionCallDelta = { name?: string; arguments: string };

/** A streamed tool-call delta: the first of a call carries id, type and name (arguments ""), later ones only index and a fragment. */
export type ToolCallDelta = { index: number; id?: string; type?: 'function'; function: { name?: string; arguments: string } };

/** What an answer said, for the usage row's estimate when the provider reported no usage. */
export function outputText(result: Pick<ChatResult, 'content' | 'toolCalls'>): string {
  return [result.content, ...(result.toolCalls ?? []).map((call) => `${call.name} ${call.arguments}`)]
    .filter((text) => text !== '')
    .join('\n');
}

/**
 * OpenAI's `chat.completion` / `chat.completion.chunk` shapes, with the router block. `legacy`
 * (the request used `functions`): a call answers as `message.function_call` (the first call
 * only: the legacy API had one per turn) and finishes as `function_call`.
 */
export class CompletionShape {
  readonly id = `chatcmpl-${ulid()}`;
  readonly created = Math.floor(Date.now() / 1000);

  constructor(
    readonly model: string,
    readonly legacy = false,
  ) {}

  private finish(reason: FinishReason): string;
  private finish(reason: FinishReason | null): string | null;
  private finish(reason: FinishReason | null): string | null {
    return this.legacy && reason === 'tool_calls' ? 'function_call' : reason;
  }

  private message(result: Pick<ChatResult, 'content' | 'toolCalls'>) {
    const calls = result.toolCalls ?? [];
    const content = result.content === '' ? null : result.content;
    if (calls.length === 0) return { role: 'assistant', content: result.content };
    if (this.legacy) return { role: 'assistant', content, function_call: { name: calls[0]!.name, arguments: calls[0]!.arguments } };
    return { role: 'assistant', content, tool_calls: calls.map(openAiToolCall) };
  }

  /** content null when the model only called tools (OpenAI's shape); the provider's `logprobs` on the choice when it sent them. */
  completion(result: Pick<ChatResult, 'content' | 'toolCalls' | 'finishReason' | 'logprobs'>, usage: TokenUsage, router: RouterBlock) {
    const message = this.message(result);
    const finishReason = this.finish(result.finishReason);
    return {
      id: this.id,
      object: 'chat.completion',
      created: this.created,
      model: this.model,
      choices: [
        result.logprobs === undefined
          ? { index: 0, message, finish_reason: finishReason }
          : { index: 0, message, logprobs: result.logprobs, finish_reason: finishReason },
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
    piece: {
      role?: 'assistant';
      content?: string | null;
      tool_calls?: ToolCallDelta[];
      function_call?: FunctionCallDelta;
      logprobs?: unknown[];
    },
    reason: FinishReason | null = null,
  ) {
    const finishReason = this.finish(reason);
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
