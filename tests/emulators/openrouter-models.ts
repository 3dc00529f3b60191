/**
 * OpenRouter's public model list, `GET /api/v1/models` (docs/external/llm-providers.md "OpenRouter:
 * the model list and `usage.cost`"): no key needed, prices per token as decimal strings.
 * **Synthetic**, from OpenRouter's docs. meta-llama/llama-4-maverick is outside the hub's catalog
 * and priced above the figure the emulator reports as `usage.cost` (gpt-4o-mini's price for every
 * model, openai-stream.ts), so a call to it shows the hub's cost and the provider's apart.
 */
const PRICES: Array<[id: string, pricing: Record<string, string>]> = [
  ['openai/gpt-4o-mini', { prompt: '0.00000015', completion: '0.0000006', input_cache_read: '0.000000075' }],
  ['openai/gpt-4o', { prompt: '0.0000025', completion: '0.00001', input_cache_read: '0.00000125' }],
  [
    'anthropic/claude-3.5-haiku',
    { prompt: '0.0000008', completion: '0.000004', input_cache_read: '0.00000008', input_cache_write: '0.000001' },
  ],
  ['openai/text-embedding-3-small', { prompt: '0.00000002', completion: '0' }],
  ['meta-llama/llama-4-maverick', { prompt: '0.0000002', completion: '0.0000008' }],
  ['mistralai/mistral-7b-instruct:free', { prompt: '0', completion: '0' }],
  ['openrouter/auto', { prompt: '-1', completion: '-1' }],
];

export function openRouterModelList() {
  return {
    data: PRICES.map(([id, pricing]) => ({
      id,
      canonical_slug: id,
      name: id,
      created: 1715367049,
      context_length: 128000,
      architecture: {
        modality: 'text->text',
        input_modalities: ['text'],
        output_modalities: ['text'],
        tokenizer: 'Other',
        instruct_type: null,
      },
      pricing: { request: '0', image: '0', ...pricing },
      top_provider: { context_length: 128000, max_completion_tokens: 16384, is_moderated: false },
      per_request_limits: null,
      supported_parameters: ['max_tokens', 'temperature'],
    })),
  };
}
