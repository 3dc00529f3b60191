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

/** Per-model differences from PROVIDER_SUPPORT. */
const MODEL_SUPPORT: Record<string, Partial<ModelSupport>> = {
  'anthropic/claude-sonnet-4-5': { reasoning: true },
  'google/gemini-2.5-pro': { reasoning: true },
  'mistral/mistral-large-latest': { images: false },
};

type Row = [name: string, capability: Capability, contextWindow: number, inputPerMtok: number, outputPerMtok: number];

const MODELS: Record<string, Row[]> = {
  openai: [
    ['gpt-4o-mini', 'chat', 128_000, 0.15, 0.6],
    ['gpt-4o', 'chat', 128_000, 2.5, 10],
    ['gpt-4.1-mini', 'chat', 1_047_576, 0.4, 1.6],
    ['gpt-4.1', 'chat', 1_047_576, 2, 8],
    ['text-embedding-3-small', 'embeddings', 8_191, 0.02, 0],
    ['text-embedding-3-large', 'embeddings', 8_191, 0.13, 0],
  ],
  anthropic: [
    ['claude-3-5-haiku-latest', 'chat', 200_000, 0.8, 4],
    ['claude-sonnet-4-5', 'chat', 200_000, 3, 15],
  ],
  google: [
    ['gemini-2.0-flash', 'chat', 1_048_576, 0.1, 0.4],
    ['gemini-2.5-pro', 'chat', 1_048_576, 1.25, 10],
    ['gemini-embedding-001', 'embeddings', 2_048, 0.15, 0],
  ],
  mistral: [
    ['mistral-small-latest', 'chat', 128_000, 0.1, 0.3],
    ['mistral-large-latest', 'chat', 128_000, 2, 6],
    ['mistral-embed', 'embeddings', 8_192, 0.1, 0],
  ],
  openrouter: [
    ['openai/gpt-4o-mini', 'chat', 128_000, 0.15, 0.6],
    ['anthropic/claude-3.5-haiku', 'chat', 200_000, 0.8, 4],
  ],
  ollama: [
    ['llama3.2', 'chat', 128_000, 0, 0],
    ['nomic-embed-text', 'embeddings', 8_192, 0, 0],
  ],
  compat: [],
  mock: [
    ['echo', 'chat', 32_768, 0, 0],
    ['slow', 'chat', 32_768, 0, 0],
    ['embed', 'embeddings', 8_192, 0, 0],
  ],
};

export const OPEN_MODEL_PROVIDERS = new Set(['openrouter', 'ollama', 'compat']);
export const KNOWN_PROVIDERS = Object.keys(MODELS);

export const CATALOG: CatalogModel[] = Object.entries(MODELS).flatMap(([provider, rows]) =>
  rows.map(([name, capability, contextWindow, inputPerMtok, outputPerMtok]) => ({
    id: `${provider}/${name}`,
    provider,
    name,
    capabilities: [capability],
    contextWindow,
    inputPerMtok,
    outputPerMtok,
    cacheReadPerMtok: 0,
    cacheWritePerMtok: 0,
    supports: capability === 'chat' ? { ...PROVIDER_SUPPORT[provider]!, ...MODEL_SUPPORT[`${provider}/${name}`] } : NONE,
  })),
);

const BY_ID = new Map(CATALOG.map((model) => [model.id, model]));

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
