/**
 * Mistral (api.mistral.ai/v1), OpenAI-compatible with two differences: it rejects
 * `stream_options` with a 422 ("extra_forbidden") and needs none — usage arrives on the last
 * chunk that still has a choice with `finish_reason` (__fixtures__/mistral-text.chunks.txt).
 */
import { createOpenAiCompatibleProvider } from './openai-compatible';
import type { ProviderFactory } from './types';

export const createMistralProvider: ProviderFactory = (settings) =>
  createOpenAiCompatibleProvider(settings, { streamUsageOption: false });
