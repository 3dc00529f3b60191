/**
 * OpenRouter (openrouter.ai/api/v1), OpenAI-compatible. Its quirks are handled by the shared
 * base: `: OPENROUTER PROCESSING` comment lines (dropped by the SSE parser), errors sent as
 * `data: {"error":…}` events on HTTP 200, and `usage.cost` — what OpenRouter charged for the
 * call in USD, on the blocking answer and the last stream event (docs/external/llm-providers.md)
 * — kept as TokenUsage.providerCost, the figure the budget settles at.
 */
import { createOpenAiCompatibleProvider } from '../openai-compatible/openai-compatible';
import type { ProviderFactory } from '../types';

export const createOpenRouterProvider: ProviderFactory = (settings) =>
  createOpenAiCompatibleProvider(settings, { headers: { 'x-title': 'svc-hub' }, usage: { reportsCost: true } });
