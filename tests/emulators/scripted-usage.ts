import type { Behaviour } from './behaviours';
import type { CompletionUsage } from './openai-stream';

/**
 * The usage figures a test scripted for one answer (behaviours `promptTokens`,
 * `completionTokens`, `cachedTokens`, `reasoningTokens`), only those given: they replace the
 * emulator's word counts in the OpenAI-shaped usage (cached inside prompt_tokens, reasoning
 * inside completion_tokens, as OpenAI reports them).
 */
export function scriptedUsage(behaviour: Behaviour): Partial<CompletionUsage> {
  const usage: Partial<CompletionUsage> = {};
  if (behaviour.promptTokens !== undefined) usage.promptTokens = behaviour.promptTokens;
  if (behaviour.completionTokens !== undefined) usage.completionTokens = behaviour.completionTokens;
  if (behaviour.cachedTokens !== undefined) usage.cachedTokens = behaviour.cachedTokens;
  if (behaviour.reasoningTokens !== undefined) usage.reasoningTokens = behaviour.reasoningTokens;
  return usage;
}
