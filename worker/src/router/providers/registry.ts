/**
 * Provider ids → factories (Portkey's registry), and where each provider lives by default.
 * `compat` has no default base URL (the admin must give one); `mock` needs none.
 */
import { createAnthropicProvider } from './anthropic';
import { createCompatProvider } from './compat';
import { createGoogleProvider } from './google';
import { createMistralProvider } from './mistral';
import { createMockProvider } from './mock';
import { createOllamaProvider } from './ollama';
import { createOpenAiProvider } from './openai';
import { createOpenRouterProvider } from './openrouter';
import type { ProviderFactory } from './types';

export const PROVIDER_FACTORIES: Readonly<Record<string, ProviderFactory>> = Object.freeze({
  openai: createOpenAiProvider,
  anthropic: createAnthropicProvider,
  google: createGoogleProvider,
  mistral: createMistralProvider,
  openrouter: createOpenRouterProvider,
  ollama: createOllamaProvider,
  compat: createCompatProvider,
  mock: createMockProvider,
});

export const DEFAULT_BASE_URLS: Readonly<Record<string, string>> = Object.freeze({
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com',
  google: 'https://generativelanguage.googleapis.com',
  mistral: 'https://api.mistral.ai/v1',
  openrouter: 'https://openrouter.ai/api/v1',
  ollama: 'http://127.0.0.1:11434',
});
