/**
 * OpenRouter (openrouter.ai/api/v1), OpenAI-compatible. Its quirks are handled by the shared
 * base: `: OPENROUTER PROCESSING` comment lines (dropped by the SSE parser), errors sent as
 * `data: {"error":…}` events on HTTP 200, and `usage.cost` — what OpenRouter charged for the
 * call in USD, on the blocking answer and the last stream event (docs/external/llm-providers.md)
 * — kept as TokenUsage.providerCost, the figure the budget settles at.
 */
import { createOpenAiCompatibleProvider } from '../openai-compatible/openai-compatible';
import type { ProviderFactory } from '../types';
import { HttpClient } from '../shared/http';
import { openRouterImages } from './images';

/** Chat through openai-compatible/; image models through images.ts on a client of their own. */
export const createOpenRouterProvider: ProviderFactory = (settings) => {
  const provider = createOpenAiCompatibleProvider(settings, { headers: { 'x-title': 'svc-hub' }, usage: { reportsCost: true } });
  const images = new HttpClient({
    provider: settings.name,
    baseUrl: settings.baseUrl,
    timeouts: settings.timeouts,
    connections: settings.connections,
    outboundGuard: settings.outboundGuard,
    headers: { ...(settings.apiKey ? { authorization: `Bearer ${settings.apiKey}` } : {}), 'x-title': 'svc-hub' },
  });
  return {
    ...provider,
    ...openRouterImages(images, settings.name),
    close: async () => {
      await Promise.all([provider.close(), images.close()]);
    },
  };
};
