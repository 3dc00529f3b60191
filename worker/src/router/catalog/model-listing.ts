import type { CatalogModel, ModelSupport } from './models';
import type { Price } from '../usage/cost';

/** One model as GET /models lists it and GET /models/{id} answers it (docs/architecture.md §4). */
export function modelEntry(model: CatalogModel, price: Price | null) {
  return {
    id: model.id,
    object: 'model',
    created: 0,
    owned_by: model.provider,
    capabilities: model.capabilities,
    context_window: model.contextWindow,
    supports: model.embedding ? { ...supportsBlock(model.supports), dimensions: model.embedding.shortens } : supportsBlock(model.supports),
    ...(model.embedding && { max_dimensions: model.embedding.size }),
    pricing: pricingBlock(price),
  };
}

/** `supports` as GET /models and the admin list show it (snake_case, as the rest of the answer). */
export function supportsBlock(supports: ModelSupport) {
  return {
    tools: supports.tools,
    images: supports.images,
    json_object: supports.jsonObject,
    json_schema: supports.jsonSchema,
    reasoning: supports.reasoning,
    logprobs: supports.logprobs,
    seed: supports.seed,
    penalties: supports.penalties,
    logit_bias: supports.logitBias,
  };
}

/** A price as the API shows it: USD per million tokens, cache prices included; null for an unpriced model. */
export function pricingBlock(price: Price): PricingBlock;
export function pricingBlock(price: Price | null): PricingBlock | null;
export function pricingBlock(price: Price | null): PricingBlock | null {
  if (price === null) return null;
  return {
    input_per_mtok: price.inputPerMtok,
    output_per_mtok: price.outputPerMtok,
    cache_read_per_mtok: price.cacheReadPerMtok,
    cache_write_per_mtok: price.cacheWritePerMtok,
    currency: price.currency,
  };
}

export interface PricingBlock {
  input_per_mtok: number;
  output_per_mtok: number;
  cache_read_per_mtok: number;
  cache_write_per_mtok: number;
  currency: string;
}

/** The shipped list price of a catalog model. */
export function shippedPricing(model: CatalogModel) {
  return pricingBlock({ ...model, currency: 'USD' });
}
