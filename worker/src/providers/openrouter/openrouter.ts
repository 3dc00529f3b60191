/**
 * OpenRouter (openrouter.ai/api/v1), OpenAI-compatible. Its quirks are handled by the shared
 * base: `: OPENROUTER PROCESSING` comment lines (dropped by the SSE parser), `usage.cost`
 * (kept as providerCostUsd) and errors sent as `data: {"error":…}` events on HTTP 200.
 */
import { createOpenAiCompatibleProvider } from '../openai-compatible/openai-compatible';
import type { ProviderFactory } from '../types';

export const createOpenRouterProvider: ProviderFactory = (settings) =>
  createOpenAiCompatibleProvider(settings, { headers: { 'x-title': 'svc-hub' } });
