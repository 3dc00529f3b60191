import type { Request, Response } from 'express';
import { findModel, KNOWN_PROVIDERS } from '../../router/catalog';
import { validatePurpose } from '../../router/purposes';
import type { RouterServices } from '../../router/router-services';
import { parseUsageQuery, usageReport } from '../../router/usage-report';
import type { Database } from '../../db/pool';
import { ApiError } from '../../support/api-error';
import { context } from '../context';
import { parseProviderChange, parsePrice } from '../../router/admin-inputs';

/** Admin routes of the router: providers (write-only keys), purposes, prices, usage. */
export function routerAdminHandlers(router: RouterServices, database: Database) {
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
      await router.providerStore.save(name, parseProviderChange(name, context(response).json ?? {}));
      router.providers.refresh();
      response.json((await router.providers.statuses()).find((status) => status.name === name));
    },
    async removeProvider(request: Request, response: Response) {
      const name = providerName(request);
      await router.providerStore.remove(name);
      router.providers.refresh();
      response.json((await router.providers.statuses()).find((status) => status.name === name));
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
      response.json({ model, input_per_mtok: price.inputPerMtok, output_per_mtok: price.outputPerMtok, currency: price.currency });
    },
    async usage(request: Request, response: Response) {
      const query = parseUsageQuery(request.query as Record<string, unknown>);
      response.json({ object: 'list', group_by: query.groupBy, from: query.from.toISOString(), to: query.to.toISOString(), data: await usageReport(database, query) });
    },
  };
}
