import { costOf, estimateTokens, type Price } from '../usage/cost';

/**
 * Output tokens reserved for a call that names no `max_tokens` / `max_completion_tokens`.
 * Documented in docs/api-notes.md "Budgets"; a call that may write more is still settled at
 * its real cost.
 */
export const DEFAULT_OUTPUT_CAP = 4096;

/** What a call is about to send, as far as its cost can be known before it runs. */
export interface CallEstimateInput {
  /** The prompt's text (every message or input joined). */
  promptText: string;
  /** The request's `max_tokens` / `max_completion_tokens`; undefined → DEFAULT_OUTPUT_CAP. */
  maxTokens?: number;
  /** Embeddings produce no output tokens. */
  embeddings?: boolean;
}

/** The tokens reserved: input ≈ 4 characters a token, output the request's cap or the default. */
export function estimatedTokens(input: CallEstimateInput): { promptTokens: number; completionTokens: number } {
  const completionTokens = input.embeddings ? 0 : (input.maxTokens ?? DEFAULT_OUTPUT_CAP);
  return { promptTokens: estimateTokens(input.promptText), completionTokens };
}

/** The estimated cost at the model's price, as a decimal string with 8 places. */
export function estimatedCost(input: CallEstimateInput, price: Price): string {
  const tokens = estimatedTokens(input);
  return costOf(tokens.promptTokens, tokens.completionTokens, price);
}

/** A chat (or Responses) request's estimate input: every message's text, and its max_tokens. */
export function chatEstimate(body: { messages: { content: string }[]; maxTokens?: number }): CallEstimateInput {
  return { promptText: body.messages.map((message) => message.content).join('\n'), maxTokens: body.maxTokens };
}
