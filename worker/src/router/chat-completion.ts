import { ulid } from '../support/ids';
import type { RouterBlock } from './call-record';
import type { FinishReason, TokenUsage } from './providers/types';

/** OpenAI's `chat.completion` / `chat.completion.chunk` shapes, with the router block. */
export class CompletionShape {
  readonly id = `chatcmpl-${ulid()}`;
  readonly created = Math.floor(Date.now() / 1000);

  constructor(readonly model: string) {}

  completion(content: string, finishReason: FinishReason, usage: TokenUsage, router: RouterBlock) {
    return {
      id: this.id,
      object: 'chat.completion',
      created: this.created,
      model: this.model,
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: finishReason }],
      usage: openAiUsage(usage),
      router,
    };
  }

  chunk(delta: { role?: 'assistant'; content?: string }, finishReason: FinishReason | null = null) {
    return { id: this.id, object: 'chat.completion.chunk', created: this.created, model: this.model, choices: [{ index: 0, delta, finish_reason: finishReason }] };
  }

  usageChunk(usage: TokenUsage, router: RouterBlock) {
    return { id: this.id, object: 'chat.completion.chunk', created: this.created, model: this.model, choices: [], usage: openAiUsage(usage), router };
  }
}

export function openAiUsage(usage: TokenUsage) {
  return { prompt_tokens: usage.promptTokens, completion_tokens: usage.completionTokens, total_tokens: usage.totalTokens };
}
