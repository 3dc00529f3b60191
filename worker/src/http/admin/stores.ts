import type { Request, Response } from 'express';
import { STORE_ID_PATTERN, type StoreRecord } from '../../commerce/stores';
import type { Services } from '../../services';
import { ApiError } from '../../support/api-error';
import { context } from '../context';

export function storeToJson(store: StoreRecord) {
  return {
    object: 'store',
    id: store.id,
    source_url: store.sourceUrl,
    secret_last4: store.secretLast4,
    created_at: store.createdAt.toISOString(),
    updated_at: store.updatedAt.toISOString(),
  };
}

const storeId = (request: Request) => {
  const id = String(request.params.id ?? '');
  if (!STORE_ID_PATTERN.test(id)) throw ApiError.notFound('No store has this id.');
  return id;
};

/** Admin routes for the WooCommerce stores the webhook accepts; a secret goes in, never out. */
export function storeHandlers(services: Services) {
  const { stores } = services.commerce.webhooks;
  const actor = (response: Response) => context(response).wordpressUser;
  return {
    async list(_request: Request, response: Response) {
      response.json({ object: 'list', data: (await stores.list()).map(storeToJson) });
    },

    async create(_request: Request, response: Response) {
      const store = await stores.add(context(response).json ?? {});
      services.logger.info('webhook store added', { store_id: store.id, source_url: store.sourceUrl, actor: actor(response) });
      response.status(201).json(storeToJson(store));
    },

    async rotate(request: Request, response: Response) {
      const store = await stores.rotate(storeId(request), context(response).json ?? {});
      if (!store) throw ApiError.notFound('No store has this id.');
      services.logger.info('webhook store secret changed', { store_id: store.id, actor: actor(response) });
      response.json(storeToJson(store));
    },

    async remove(request: Request, response: Response) {
      const store = await stores.remove(storeId(request));
      if (!store) throw ApiError.notFound('No store has this id.');
      services.logger.info('webhook store removed', { store_id: store.id, source_url: store.sourceUrl, actor: actor(response) });
      response.json({ ...storeToJson(store), deleted: true });
    },
  };
}
