/**
 * xAI (api.x.ai/v1), OpenAI-compatible. Its usage differs: `completion_tokens` counts only the
 * answer, and reasoning models report `completion_tokens_details.reasoning_tokens` beside it
 * (`total_tokens` = prompt + completion + reasoning); reasoning is billed as output, so it is
 * added to the completion tokens (__fixtures__/xai-reasoning-synthetic.json). Cached input is
 * `prompt_tokens_details.cached_tokens`, as OpenAI's. `reasoning_content` is not the answer. No
 * embeddings API.
 */
import { createOpenAiCompatibleProvider } from '../openai-compatible/openai-compatible';
import type { ProviderFactory } from '../types';

export const createXaiProvider: ProviderFactory = (settings) =>
  createOpenAiCompatibleProvider(settings, { embeddings: false, usage: { reasoningOutsideCompletion: true } });
