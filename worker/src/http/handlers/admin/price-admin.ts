import type { Request, Response } from 'express';
import type { Database } from '../../../db/connections';
import type { RouterServices } from '../../../router/router-services';
import { parsePrice } from '../../../router/settings/admin-inputs';
import { defaultPriceList, defaultPricedProvider, defaultPriceOf } from '../../../router/settings/default-prices';
import { syncPrices } from '../../../router/settings/price-sync';
import { parseRecentCallsQuery, recentCalls } from '../../../router/usage/recent-calls';
import { context } from '../../server/context';

/**
 * Prices beyond the per-model ones (docs/api-notes.md "Unpriced models", "Price sync",
 * "Provider-reported cost"): the providers' default prices, loading a provider's published
 * prices, and the latest calls with their cost figures.
 */
export function priceAdminHandlers(router: Pick<RouterServices, 'prices' | 'providers' | 'config'>, database: Database) {
  const provider = (request: Request) => defaultPricedProvider(String(request.params.provider ?? ''));
  return {
    async defaults(_request: Request, response: Response) {
      response.json(await defaultPriceList(router.prices));
    },
    async saveDefault(request: Request, response: Response) {
      const name = provider(request);
      await router.prices.providers.set(name, parsePrice(context(response).json ?? {}));
      response.json(await defaultPriceOf(router.prices, name));
    },
    async clearDefault(request: Request, response: Response) {
      const name = provider(request);
      await router.prices.providers.clear(name);
      response.json(await defaultPriceOf(router.prices, name));
    },
    async sync(request: Request, response: Response) {
      response.json(await syncPrices(router, String(request.params.provider ?? ''), () => undefined));
    },
    async calls(request: Request, response: Response) {
      const query = parseRecentCallsQuery(request.query as Record<string, unknown>);
      response.json({ object: 'list', data: await recentCalls(database, query) });
    },
  };
}
