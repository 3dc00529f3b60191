/**
 * OpenAI (api.openai.com/v1). The length limit goes out as `max_completion_tokens`: OpenAI's
 * reasoning models reject the legacy `max_tokens` with a 400 (see
 * __fixtures__/reasoning-model-legacy-parameter-error.json) and every current model accepts
 * the newer name. `developer` messages go out as `developer` (OpenAI's own role); every other
 * OpenAI-compatible provider gets them as `system`.
 */
import { createOpenAiCompatibleProvider } from '../openai-compatible/openai-compatible';
import type { ProviderFactory } from '../types';

export const createOpenAiProvider: ProviderFactory = (settings) =>
  createOpenAiCompatibleProvider(settings, { maxTokensField: 'max_completion_tokens', developerRole: 'developer' });
