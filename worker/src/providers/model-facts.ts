/**
 * What a provider's descriptor says about its models: kind, context window, list prices and
 * which optional request features they honour (docs/architecture.md §9). router/catalog/
 * builds the catalog from these; nothing here knows the router.
 */
import type { ImageModelFacts } from './image-types';

export type Capability = 'chat' | 'embeddings' | 'images';

/**
 * Which of the OpenAI request's optional features a chat model honours: a request using one the
 * model lacks is refused with svc_unsupported_parameter, never silently dropped, and a purpose
 * skips that model.
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

export const EVERY_FEATURE: ModelSupport = Object.freeze({
  tools: true,
  images: true,
  jsonObject: true,
  jsonSchema: true,
  reasoning: true,
  logprobs: true,
  seed: true,
  penalties: true,
  logitBias: true,
});

export const NO_FEATURE: ModelSupport = Object.freeze({
  tools: false,
  images: false,
  jsonObject: false,
  jsonSchema: false,
  reasoning: false,
  logprobs: false,
  seed: false,
  penalties: false,
  logitBias: false,
});

/**
 * USD per million tokens, list prices (the admin overrides any of them). `cacheRead`: input read
 * from the provider's cache (defaults to the input price: no discount); `cacheWrite`: input
 * written to it (Anthropic; defaults to 0).
 */
export interface ListPrice {
  input: number;
  output: number;
  cacheRead?: number;
  cacheWrite?: number;
}

/**
 * What an embedding model answers: `size` floats per vector (also the most `dimensions` may ask),
 * and whether `dimensions` can ask for fewer (OpenAI's text-embedding-3, Gemini's
 * outputDimensionality, Codestral Embed's output_dimension; docs/api-notes.md "Embeddings").
 */
export interface EmbeddingShape {
  size: number;
  shortens: boolean;
}

/** One model a provider ships in the catalog. */
export interface DescribedModel {
  /** The provider's own model name (`gpt-4o-mini`; OpenRouter's may hold slashes). */
  name: string;
  capability: Capability;
  contextWindow: number;
  price: ListPrice;
  /** The most output tokens one answer may hold (the provider's model page); absent: unknown (docs/api-notes.md "Budgets"). */
  maxOutput?: number;
  /**
   * The most input tokens one image may cost on this model, whatever its size (the provider's image
   * rule at its largest; docs/external/image-tokens.md). Absent: the catalog's default bound.
   */
  imageTokens?: number;
  /**
   * Output tokens billed beyond the request's limit for a `reasoning_effort` (Anthropic adds its
   * thinking budget on top of max_tokens); absent: reasoning is inside the limit.
   */
  reasoningBeyondLimit?: Readonly<Record<string, number>>;
  /** Embedding models: the vector's length and whether `dimensions` can shorten it. */
  dimensions?: EmbeddingShape;
  /** Image models: sizes, options and prices (docs/api-notes.md "Images"). */
  image?: ImageModelFacts;
  /** Differences from the provider's `support` (chat models only). */
  supports?: Partial<ModelSupport>;
  /** Shipped purposes this model serves, with its place in each (1 = primary) — router/catalog/purposes.ts. */
  purposes?: Readonly<Record<string, number>>;
}
