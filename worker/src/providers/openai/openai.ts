/**
 * OpenAI (api.openai.com/v1). The length limit goes out as `max_completion_tokens`: OpenAI's
 * reasoning models reject the legacy `max_tokens` with a 400 (see
 * __fixtures__/reasoning-model-legacy-parameter-error.json) and every current model accepts
 * the newer name. `developer` messages go out as `developer` (OpenAI's own role); every other
 * OpenAI-compatible provider gets them as `system`. OpenAI's own fields (`verbosity`,
 * `prediction`, `prompt_cache_key`, …) go only to OpenAI (passed-fields.ts).
 */
import { createOpenAiCompatibleProvider } from '../openai-compatible/openai-compatible';
import type { RequestDialect } from '../openai-compatible/request';
import type { ProviderFactory } from '../types';
import { openAiPassedFields } from './passed-fields';

/** How OpenAI's own request differs from the OpenAI-compatible default. */
export const OPENAI_DIALECT: Partial<RequestDialect> = {
  maxTokensField: 'max_completion_tokens',
  developerRole: 'developer',
  passedFields: openAiPassedFields,
};

export const createOpenAiProvider: ProviderFactory = (settings) => createOpenAiCompatibleProvider(settings, OPENAI_DIALECT);
