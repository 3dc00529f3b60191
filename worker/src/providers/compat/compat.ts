/**
 * Any other OpenAI-compatible server — vLLM, llama.cpp, LM Studio, Groq, DeepSeek, an
 * Azure-style gateway — at the base URL the admin gives (there is no default). The key is
 * optional: without one no Authorization header is sent.
 */
import { createOpenAiCompatibleProvider } from '../openai-compatible/openai-compatible';
import type { ProviderFactory } from '../types';

export const createCompatProvider: ProviderFactory = (settings) => {
  if (!settings.baseUrl) throw new Error('compat: a base URL is required (e.g. http://127.0.0.1:8000/v1)');
  return createOpenAiCompatibleProvider(settings);
};
