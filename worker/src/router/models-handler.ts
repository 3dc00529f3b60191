import type { Request, Response } from 'express';
import { CATALOG, findModel } from './catalog';
import { pricingBlock, supportsBlock } from './model-listing';
import type { RouterServices } from './router-services';

/** GET /models (only configured providers) and GET /models/purposes. */
export function modelHandlers(router: RouterServices) {
  return {
    async models(_request: Request, response: Response) {
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
      response.json({ object: 'list', data });
    },

    async purposes(_request: Request, response: Response) {
      const configured = new Set(await router.providers.configuredNames());
      const data = (await router.purposes.list()).map((purpose) => ({
        purpose: purpose.purpose,
        description: purpose.description,
        models: purpose.models,
        available_models: purpose.models.filter((id) => configured.has(findModel(id)?.provider ?? '')),
        shipped_default: purpose.shipped,
      }));
      response.json({ object: 'list', data });
    },
  };
}
