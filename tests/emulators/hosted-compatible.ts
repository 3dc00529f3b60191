import type { CompletionUsage } from './openai-stream';

/**
 * The hosted OpenAI-compatible APIs svc-hub ships descriptors for beside OpenAI, Mistral and
 * OpenRouter: what differs in their answers. **Synthetic**, from each provider's documentation
 * and the recorded fixtures where they exist (worker/src/providers/__fixtures__/README.md):
 * - DeepSeek (`/deepseek`): OpenAI-shaped usage plus `prompt_cache_hit_tokens` /
 *   `prompt_cache_miss_tokens`; streamed, usage on the chunk with the `finish_reason` when asked.
 * - Groq (`/groq/openai/v1`): usage with timing fields; streamed, only in `x_groq.usage` on the
 *   chunk with the `finish_reason`, always.
 * - xAI (`/xai/v1`): `completion_tokens` without the reasoning tokens, which are reported beside
 *   them (`total_tokens` = prompt + completion + reasoning); streamed, on the finish chunk, always.
 */
export const HOSTED_FLAVOURS = ['deepseek', 'groq', 'xai'] as const;
export type HostedFlavour = (typeof HOSTED_FLAVOURS)[number];

export const isHosted = (flavour: string): flavour is HostedFlavour => (HOSTED_FLAVOURS as readonly string[]).includes(flavour);

export const HOSTED_MODELS: Record<HostedFlavour, string[]> = {
  deepseek: ['deepseek-chat', 'deepseek-reasoner'],
  groq: ['llama-3.1-8b-instant', 'llama-3.3-70b-versatile', 'openai/gpt-oss-120b'],
  xai: ['grok-4', 'grok-4-1-fast-non-reasoning', 'grok-3-mini'],
};

/** `usage` as each spells it; `completionTokens` is the billed output, reasoning included (as OpenAI counts it). */
export function hostedUsageBody(flavour: HostedFlavour, usage: CompletionUsage): Record<string, unknown> {
  const cached = usage.cachedTokens ?? 0;
  const reasoning = usage.reasoningTokens ?? 0;
  const { promptTokens: prompt_tokens, completionTokens } = usage;
  switch (flavour) {
    case 'deepseek':
      return {
        prompt_tokens,
        completion_tokens: completionTokens,
        total_tokens: prompt_tokens + completionTokens,
        prompt_tokens_details: { cached_tokens: cached },
        ...(reasoning > 0 ? { completion_tokens_details: { reasoning_tokens: reasoning } } : {}),
        prompt_cache_hit_tokens: cached,
        prompt_cache_miss_tokens: prompt_tokens - cached,
      };
    case 'groq':
      return {
        queue_time: 0.0123,
        prompt_tokens,
        prompt_time: 0.0011,
        completion_tokens: completionTokens,
        completion_time: 0.0042,
        total_tokens: prompt_tokens + completionTokens,
        total_time: 0.0053,
      };
    case 'xai':
      return {
        prompt_tokens,
        completion_tokens: completionTokens - reasoning,
        total_tokens: prompt_tokens + completionTokens,
        prompt_tokens_details: { text_tokens: prompt_tokens, audio_tokens: 0, image_tokens: 0, cached_tokens: cached },
        completion_tokens_details: {
          reasoning_tokens: reasoning,
          audio_tokens: 0,
          accepted_prediction_tokens: 0,
          rejected_prediction_tokens: 0,
        },
        num_sources_used: 0,
      };
  }
}

/** What the chunk with the `finish_reason` carries besides its choice: the usage where each puts it. */
export function hostedFinishExtras(
  flavour: HostedFlavour,
  usage: Record<string, unknown> | null,
  includeUsage: boolean,
): Record<string, unknown> {
  if (!usage) return {};
  if (flavour === 'groq') return { x_groq: { id: 'req_emulator', usage } };
  if (flavour === 'deepseek') return includeUsage ? { usage } : {};
  return { usage };
}

/** The blocking answer's fields besides id, object, created, model, choices and usage. */
export function hostedAnswerExtras(flavour: HostedFlavour): Record<string, unknown> {
  if (flavour === 'groq')
    return { usage_breakdown: null, system_fingerprint: 'fp_emulator', x_groq: { id: 'req_emulator' }, service_tier: 'on_demand' };
  return { system_fingerprint: 'fp_emulator' };
}
