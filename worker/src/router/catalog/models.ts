/**
 * The models svc-hub knows, with context window and shipped prices (USD per million
 * tokens, list prices; the admin overrides any of them). Providers marked `openModels`
 * accept any model name (OpenRouter, Ollama, compat) — unlisted ones are priced 0 until
 * the admin sets a price.
 */
export type Capability = 'chat' | 'embeddings';

/**
 * Which of the OpenAI request's optional features a chat model honours (DESIGN §9): a request
 * using one the model lacks is refused with svc_unsupported_parameter, never silently dropped,
 * and a purpose skips that model.
 */
export interface ModelSupport {
  tools: boolean;
  images: boolean;
  jsonObject: boolean;
  jsonSchema: boolean;
  reasoning: boolean;
  logprobs: boolean;
  seed: boolean;
  penalties: boolean;
  logitBias: boolean;
}

export interface CatalogModel {
  id: string;
  provider: string;
  name: string;
  capabilities: Capability[];
  contextWindow: number;
  inputPerMtok: number;
  outputPerMtok: number;
  /** USD per million input tokens read from the provider's cache, and written to it (Anthropic). */
  cacheReadPerMtok: number;
  cacheWritePerMtok: number;
  supports: ModelSupport;
}

const ALL: ModelSupport = { tools: true, images: true, jsonObject: true, jsonSchema: true, reasoning: true, logprobs: true, seed: true, penalties: true, logitBias: true };
const NONE: ModelSupport = { tools: false, images: false, jsonObject: false, jsonSchema: false, reasoning: false, logprobs: false, seed: false, penalties: false, logitBias: false };

/**
 * What each provider's chat models honour unless a model says otherwise. Open-model
 * providers pass every field on (the model behind them decides, and answers for itself).
 * Anthropic has no seed, penalties, logprobs or logit bias; JSON goes through its structured
 * output or a forced tool. Gemini takes seed and penalties in generationConfig, no logit bias.
 * Mistral takes `random_seed` and penalties, no logprobs or logit bias. Ollama takes `seed`
 * and penalties in `options`.
 */
const PROVIDER_SUPPORT: Record<string, ModelSupport> = {
  openai: { ...ALL, reasoning: false },
  anthropic: { ...NONE, tools: true, images: true, jsonObject: true, jsonSchema: true },
  google: { ...ALL, reasoning: false, logprobs: false, logitBias: false },
  mistral: { ...ALL, reasoning: false, logprobs: false, logitBias: false },
  openrouter: ALL,
  ollama: { ...ALL, logprobs: false, logitBias: false },
  compat: ALL,
  mock: ALL,
};

/**
 * OpenAI's reasoning models (o-series, gpt-5) take `reasoning_effort` and refuse the sampling
 * controls: no penalties, logprobs or logit bias (OpenAI's reasoning guide).
 */
const OPENAI_REASONING: Partial<ModelSupport> = { reasoning: true, logprobs: false, penalties: false, logitBias: false };

/** Per-model differences from PROVIDER_SUPPORT. */
const MODEL_SUPPORT: Record<string, Partial<ModelSupport>> = {
  'openai/gpt-5': OPENAI_REASONING,
  'openai/gpt-5-mini': OPENAI_REASONING,
  'openai/o3': OPENAI_REASONING,
  'openai/o4-mini': OPENAI_REASONING,
  'anthropic/claude-haiku-4-5': { reasoning: true },
  'anthropic/claude-sonnet-4-5': { reasoning: true },
  'google/gemini-2.5-flash': { reasoning: true },
  'google/gemini-2.5-pro': { reasoning: true },
  'mistral/mistral-large-latest': { images: false },
  'openrouter/openai/gpt-4o-mini': { reasoning: false },
  'openrouter/anthropic/claude-3.5-haiku': { reasoning: false, seed: false, penalties: false, logprobs: false, logitBias: false },
  'ollama/llama3.2': { images: false, reasoning: false },
};

/**
 * [name, capability, context window, input, output, cache read, cache write], USD per million
 * tokens, list prices. Cache read: OpenAI's "cached input" (half of input for the gpt-4o
 * family, a quarter for gpt-4.1, o3 and o4-mini, a tenth for gpt-5), Anthropic's cache hits
 * (0.1 × input) and 5-minute cache writes (1.25 × input), Gemini's context-caching price (its
 * hourly storage fee is not per call and is not counted). A provider without a cache discount
 * (Mistral) reads at the input price and writes nothing.
 */
type Row = [name: string, capability: Capability, contextWindow: number, inputPerMtok: number, outputPerMtok: number, cacheReadPerMtok: number, cacheWritePerMtok: number];

const MODELS: Record<string, Row[]> = {
  openai: [
    ['gpt-4o-mini', 'chat', 128_000, 0.15, 0.6, 0.075, 0],
    ['gpt-4o', 'chat', 128_000, 2.5, 10, 1.25, 0],
    ['gpt-4.1-mini', 'chat', 1_047_576, 0.4, 1.6, 0.1, 0],
    ['gpt-4.1', 'chat', 1_047_576, 2, 8, 0.5, 0],
    ['gpt-5', 'chat', 400_000, 1.25, 10, 0.125, 0],
    ['gpt-5-mini', 'chat', 400_000, 0.25, 2, 0.025, 0],
    ['o3', 'chat', 200_000, 2, 8, 0.5, 0],
    ['o4-mini', 'chat', 200_000, 1.1, 4.4, 0.275, 0],
    ['text-embedding-3-small', 'embeddings', 8_191, 0.02, 0, 0.02, 0],
    ['text-embedding-3-large', 'embeddings', 8_191, 0.13, 0, 0.13, 0],
  ],
  anthropic: [
    ['claude-3-5-haiku-latest', 'chat', 200_000, 0.8, 4, 0.08, 1],
    ['claude-haiku-4-5', 'chat', 200_000, 1, 5, 0.1, 1.25],
    ['claude-sonnet-4-5', 'chat', 200_000, 3, 15, 0.3, 3.75],
  ],
  google: [
    ['gemini-2.0-flash', 'chat', 1_048_576, 0.1, 0.4, 0.025, 0],
    ['gemini-2.5-flash', 'chat', 1_048_576, 0.3, 2.5, 0.03, 0],
    ['gemini-2.5-pro', 'chat', 1_048_576, 1.25, 10, 0.125, 0],
    ['gemini-embedding-001', 'embeddings', 2_048, 0.15, 0, 0.15, 0],
  ],
  mistral: [
    ['mistral-small-latest', 'chat', 128_000, 0.1, 0.3, 0.1, 0],
    ['mistral-large-latest', 'chat', 128_000, 2, 6, 2, 0],
    ['mistral-embed', 'embeddings', 8_192, 0.1, 0, 0.1, 0],
  ],
  openrouter: [
    ['openai/gpt-4o-mini', 'chat', 128_000, 0.15, 0.6, 0.075, 0],
    ['anthropic/claude-3.5-haiku', 'chat', 200_000, 0.8, 4, 0.08, 1],
  ],
  ollama: [
    ['llama3.2', 'chat', 128_000, 0, 0, 0, 0],
    ['nomic-embed-text', 'embeddings', 8_192, 0, 0, 0, 0],
  ],
  compat: [],
  mock: [
    ['echo', 'chat', 32_768, 0, 0, 0, 0],
    ['slow', 'chat', 32_768, 0, 0, 0, 0],
    ['embed', 'embeddings', 8_192, 0, 0, 0, 0],
  ],
};

export const OPEN_MODEL_PROVIDERS = new Set(['openrouter', 'ollama', 'compat']);
export const KNOWN_PROVIDERS = Object.keys(MODELS);

export const CATALOG: CatalogModel[] = Object.entries(MODELS).flatMap(([provider, rows]) =>
  rows.map(([name, capability, contextWindow, inputPerMtok, outputPerMtok, cacheReadPerMtok, cacheWritePerMtok]) => ({
    id: `${provider}/${name}`,
    provider,
    name,
    capabilities: [capability],
    contextWindow,
    inputPerMtok,
    outputPerMtok,
    cacheReadPerMtok,
    cacheWritePerMtok,
    supports: capability === 'chat' ? { ...PROVIDER_SUPPORT[provider]!, ...MODEL_SUPPORT[`${provider}/${name}`] } : NONE,
  })),
);

const BY_ID = new Map(CATALOG.map((model) => [model.id, model]));

/** Whether the catalog lists the model (with shipped prices), not only accepts it (open-model providers). */
export function isCatalogued(id: string): boolean {
  return BY_ID.has(id);
}

/** Splits `<provider>/<model_name>` (the name may hold more slashes: openrouter/openai/gpt-4o). */
export function splitModelId(id: string): { provider: string; name: string } | null {
  const slash = id.indexOf('/');
  if (slash <= 0 || slash === id.length - 1) return null;
  return { provider: id.slice(0, slash), name: id.slice(slash + 1) };
}

/** The catalog entry, or a generic one for an open-model provider; null when unknown. */
export function findModel(id: string): CatalogModel | null {
  const known = BY_ID.get(id);
  if (known) return known;
  const parts = splitModelId(id);
  if (!parts || !OPEN_MODEL_PROVIDERS.has(parts.provider)) return null;
  const embedding = /embed/i.test(parts.name);
  return {
    id,
    provider: parts.provider,
    name: parts.name,
    capabilities: [embedding ? 'embeddings' : 'chat'],
    contextWindow: 0,
    inputPerMtok: 0,
    outputPerMtok: 0,
    cacheReadPerMtok: 0,
    cacheWritePerMtok: 0,
    supports: embedding ? NONE : PROVIDER_SUPPORT[parts.provider]!,
  };
}
