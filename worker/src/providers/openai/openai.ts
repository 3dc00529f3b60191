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
import { HttpClient } from '../shared/http';
import { openAiImages } from './images';

/** How OpenAI's own request differs from the OpenAI-compatible default. */
export const OPENAI_DIALECT: Partial<RequestDialect> = {
  maxTokensField: 'max_completion_tokens',
  developerRole: 'developer',
  passedFields: openAiPassedFields,
};

/** Chat and embeddings through openai-compatible/, image generation and edits through images.ts on a client of their own. */
export const createOpenAiProvider: ProviderFactory = (settings) => {
  const provider = createOpenAiCompatibleProvider(settings, OPENAI_DIALECT);
  const images = new HttpClient({
    provider: settings.name,
    baseUrl: settings.baseUrl,
    timeouts: settings.timeouts,
    connections: settings.connections,
    outboundGuard: settings.outboundGuard,
    headers: settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {},
  });
  return {
    ...provider,
    ...openAiImages(images, settings.name),
    close: async () => {
      await Promise.all([provider.close(), images.close()]);
    },
  };
};
