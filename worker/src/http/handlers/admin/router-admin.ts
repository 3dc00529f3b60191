import type { Request, Response } from 'express';
import { CATALOG, findModel, KNOWN_PROVIDERS } from '../../../router/catalog/models';
import { validatePurpose } from '../../../router/catalog/purposes';
import type { RouterServices } from '../../../router/router-services';
import { parseUsageQuery, usageReport } from '../../../router/usage/report';
import type { Database } from '../../../db/connections';
import { ApiError } from '../../../support/api-error';
import { context } from '../../server/context';
import { parsePrice } from '../../../router/settings/admin-inputs';
import { pricingBlock, shippedPricing, supportsBlock } from '../../../router/catalog/model-listing';
import { saveProviderChange } from '../../../router/settings/provider-settings';
import { testProvider } from '../../../router/settings/provider-test';

/** Admin routes of the router: providers (write-only keys, test call), models, purposes, prices, usage. */
export function routerAdminHandlers(
  router: Pick<RouterServices, 'config' | 'logger' | 'prices' | 'providerStore' | 'providers' | 'purposes'>,
  database: Database,
) {
  const providerName = (request: Request) => {
    const name = String(request.params.name ?? '');
    if (!KNOWN_PROVIDERS.includes(name)) throw ApiError.notFound(`No provider "${name}"; known: ${KNOWN_PROVIDERS.join(', ')}.`);
    return name;
  };
  return {
    async providers(_request: Request, response: Response) {
      response.json({ object: 'list', data: await router.providers.statuses() });
    },
    async saveProvider(request: Request, response: Response) {
      const name = providerName(request);
      response.json(await saveProviderChange(router, name, context(response).json ?? {}));
    },
    async removeProvider(request: Request, response: Response) {
      const name = providerName(request);
      await router.providerStore.remove(name);
      router.providers.refresh();
      response.json((await router.providers.statuses()).find((status) => status.name === name));
    },
    async testProvider(request: Request, response: Response) {
      const name = providerName(request);
      response.json(await testProvider(router, name, (context(response).json ?? {}).model));
    },
    /** Every model of the catalog (configured or not), with the price in force and whether it is the admin's. */
    async models(_request: Request, response: Response) {
      const configured = new Set(await router.providers.configuredNames());
      const overrides = await router.prices.all();
      const data = await Promise.all(
        CATALOG.map(async (model) => {
          const price = await router.prices.priceFor(model.id);
          return {
            id: model.id,
            object: 'model',
            provider: model.provider,
            capabilities: model.capabilities,
            context_window: model.contextWindow,
            supports: supportsBlock(model.supports),
            configured: configured.has(model.provider),
            pricing: pricingBlock(price),
            shipped_pricing: shippedPricing(model),
            price_overridden: overrides.has(model.id),
          };
        }),
      );
      response.json({ object: 'list', data });
    },
    async purposes(_request: Request, response: Response) {
      response.json({ object: 'list', data: await router.purposes.list() });
    },
    async savePurpose(request: Request, response: Response) {
      const json = context(response).json ?? {};
      const purpose = validatePurpose(request.params.purpose, json.models, json.description);
      await router.purposes.set(purpose.purpose, purpose.models, purpose.description);
      response.json(await router.purposes.find(purpose.purpose));
    },
    async savePrice(request: Request, response: Response) {
      const segments = request.params.model as unknown as string[] | string | undefined; // `*model`: the rest of the path
      const model = Array.isArray(segments) ? segments.join('/') : String(segments ?? '');
      if (!findModel(model)) throw ApiError.notFound(`No model "${model}" is known.`);
      const price = parsePrice(context(response).json ?? {});
      await router.prices.set(model, price);
      response.json({ model, ...pricingBlock(await router.prices.priceFor(model)) });
    },
    async usage(request: Request, response: Response) {
      const query = parseUsageQuery(request.query as Record<string, unknown>);
      response.json({
        object: 'list',
        group_by: query.groupBy,
        ...(query.splitBy ? { split_by: query.splitBy } : {}),
        from: query.from.toISOString(),
        to: query.to.toISOString(),
        data: await usageReport(database, query),
      });
    },
  };
}
