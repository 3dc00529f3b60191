import { CATALOG, findModel } from './models';
import { pricingBlock, supportsBlock } from './model-listing';
import type { RouterServices } from '../router-services';

/** The body of GET /models: the catalog models of configured providers, with capabilities and prices. */
/** What the model lists read: the configured providers, admin prices and purposes. */
export type ModelListServices = Pick<RouterServices, 'prices' | 'providers' | 'purposes'>;

export async function modelList(router: ModelListServices) {
  const configured = new Set(await router.providers.configuredNames());
  const data = await Promise.all(
    CATALOG.filter((model) => configured.has(model.provider)).map(async (model) => {
      const price = await router.prices.priceFor(model.id);
      return {
        id: model.id,
        object: 'model',
        created: 0,
        owned_by: model.provider,
        capabilities: model.capabilities,
        context_window: model.contextWindow,
        supports: supportsBlock(model.supports),
        pricing: pricingBlock(price),
      };
    }),
  );
  return { object: 'list', data };
}

/** The body of GET /models/purposes: each purpose, its models and those of them usable now. */
export async function purposeList(router: ModelListServices) {
  const configured = new Set(await router.providers.configuredNames());
  const data = (await router.purposes.list()).map((purpose) => ({
    purpose: purpose.purpose,
    description: purpose.description,
    models: purpose.models,
    available_models: purpose.models.filter((id) => configured.has(findModel(id)?.provider ?? '')),
    shipped_default: purpose.shipped,
  }));
  return { object: 'list', data };
}
