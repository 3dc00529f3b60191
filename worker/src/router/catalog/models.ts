/**
 * The models svc-hub knows, built from the provider descriptors (providers/<name>/descriptor.ts):
 * context window, shipped list prices (USD per million tokens; the admin overrides any of
 * them) and the optional features each honours. Providers marked `openModels` accept any model
 * name — unlisted ones are priced 0 until the admin sets a price.
 */
import { NO_FEATURE, type Capability, type ModelSupport } from '../../providers/model-facts';
import type { ImageModelFacts } from '../../providers/image-types';
import { describeProvider, OPEN_MODEL_PROVIDER_IDS, PROVIDER_DESCRIPTORS, PROVIDER_IDS } from '../../providers/registry';

export type { Capability, ModelSupport } from '../../providers/model-facts';

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
  /** The most output tokens one answer may hold; null when the provider documents none for it (or the model is not listed). */
  maxOutputTokens: number | null;
  /** The most input tokens one image may cost on it (docs/external/image-tokens.md). */
  imageTokens: number;
  /** Output tokens billed beyond the request's limit, per `reasoning_effort` (Anthropic's thinking budget); absent: none. */
  reasoningBeyondLimit?: Readonly<Record<string, number>>;
  /** Embedding models: the vector's length (null: unknown, an unlisted model) and whether `dimensions` can shorten it; null for chat. */
  embedding: { size: number | null; shortens: boolean } | null;
  /** Image models: sizes, options and prices (docs/api-notes.md "Images"); null for the others. */
  image: ImageModelFacts | null;
}

/**
 * An image's bound on a model whose row names none (an unlisted model may be any listed one
 * behind another name, e.g. openrouter/openai/gpt-4o-mini): the largest documented rule,
 * gpt-4o-mini's (docs/external/image-tokens.md).
 */
export const DEFAULT_IMAGE_TOKENS = 48_169;

export const OPEN_MODEL_PROVIDERS: ReadonlySet<string> = OPEN_MODEL_PROVIDER_IDS;
export const KNOWN_PROVIDERS: readonly string[] = PROVIDER_IDS;

export const CATALOG: CatalogModel[] = PROVIDER_DESCRIPTORS.flatMap((descriptor) =>
  descriptor.models.map((model) => ({
    id: `${descriptor.id}/${model.name}`,
    provider: descriptor.id,
    name: model.name,
    capabilities: [model.capability],
    contextWindow: model.contextWindow,
    inputPerMtok: model.price.input,
    outputPerMtok: model.price.output,
    cacheReadPerMtok: model.price.cacheRead ?? model.price.input,
    cacheWritePerMtok: model.price.cacheWrite ?? 0,
    supports: model.capability === 'chat' ? { ...descriptor.support, ...model.supports } : NO_FEATURE,
    maxOutputTokens: model.maxOutput ?? null,
    imageTokens: model.imageTokens ?? DEFAULT_IMAGE_TOKENS,
    ...(model.reasoningBeyondLimit && { reasoningBeyondLimit: model.reasoningBeyondLimit }),
    embedding: model.capability === 'embeddings' ? (model.dimensions ?? { size: null, shortens: false }) : null,
    image: model.image ?? null,
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
    supports: embedding ? NO_FEATURE : describeProvider(parts.provider)!.support,
    maxOutputTokens: null,
    imageTokens: DEFAULT_IMAGE_TOKENS,
    // An unlisted model gets `dimensions` passed on; the call checks the vectors' length (embeddings-call.ts).
    embedding: embedding ? { size: null, shortens: true } : null,
    image: null,
  };
}
