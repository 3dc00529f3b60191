import type { Request, Response } from 'express';
import { readRestCredentials } from '../../../commerce/reconcile/rest-credentials';
import { storeHealth } from '../../../commerce/store-health';
import { STORE_ID_PATTERN, type StoreRecord } from '../../../commerce/stores';
import type { CommerceServices } from '../../../commerce/commerce-services';
import type { Services } from '../../../services';
import { ApiError } from '../../../support/api-error';
import { Problems } from '../../../support/problems';
import { context } from '../../server/context';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A store as admins see it: never its secret or REST credentials, only their last 4 characters; its health. */
export function storeToJson(store: StoreRecord, warnFailures: number) {
  const health = storeHealth(store, warnFailures);
  return {
    object: 'store',
    id: store.id,
    source_url: store.sourceUrl,
    secret_last4: store.secretLast4,
    created_at: store.createdAt.toISOString(),
    updated_at: store.updatedAt.toISOString(),
    verification: {
      failures_in_row: store.verification.failuresInRow,
      last_success_at: iso(store.verification.lastSuccessAt),
      last_failure_at: iso(store.verification.lastFailureAt),
      last_failure_reason: store.verification.lastFailureReason || null,
    },
    health: { status: health.status, message: health.message || null, action: health.action || null },
    rest_credentials: store.restKeyLast4 === null ? null : { consumer_key_last4: store.restKeyLast4 },
    reconcile: {
      reconciled_until: iso(store.reconcile.reconciledUntil),
      last_started_at: iso(store.reconcile.startedAt),
      last_result: store.reconcile.result || null,
    },
  };
}

const storeId = (request: Request) => {
  const id = String(request.params.id ?? '');
  if (!STORE_ID_PATTERN.test(id)) throw ApiError.notFound('No store has this id.');
  return id;
};

/** Admin routes for the WooCommerce stores the webhook accepts; secrets and REST credentials go in, never out. */
export function storeHandlers(
  services: Pick<Services, 'config' | 'logger'> & { commerce: Pick<CommerceServices, 'webhooks' | 'reconcile'> },
) {
  const { stores } = services.commerce.webhooks;
  const { credentials } = services.commerce.reconcile;
  const warnFailures = services.config.stores.warnFailures;
  const toJson = (store: StoreRecord) => storeToJson(store, warnFailures);
  const actor = (response: Response) => context(response).wordpressUser;
  return {
    async list(_request: Request, response: Response) {
      response.json({ object: 'list', data: (await stores.list()).map(toJson) });
    },

    async create(_request: Request, response: Response) {
      const store = await stores.add(context(response).json ?? {});
      services.logger.info('webhook store added', { store_id: store.id, source_url: store.sourceUrl, actor: actor(response) });
      response.status(201).json(toJson(store));
    },

    /**
     * `{secret}` replaces the secret, `{rest_credentials: {consumer_key, consumer_secret} | null}`
     * sets or clears the REST credentials; either or both.
     */
    async update(request: Request, response: Response) {
      const id = storeId(request);
      const raw = context(response).json ?? {};
      const problems = new Problems();
      const rest = readRestCredentials(raw, problems);
      const changesSecret = rest === undefined || Object.hasOwn(raw, 'secret');
      problems.throwIfAny();
      let store = changesSecret ? await stores.rotate(id, raw) : await stores.find(id);
      if (!store) throw ApiError.notFound('No store has this id.');
      if (changesSecret) services.logger.info('webhook store secret changed', { store_id: store.id, actor: actor(response) });
      if (rest !== undefined) {
        await credentials.save(store.id, rest);
        services.logger.info(rest ? 'store REST credentials set' : 'store REST credentials cleared', {
          store_id: store.id,
          actor: actor(response),
        });
        store = (await stores.find(store.id))!;
      }
      response.json(toJson(store));
    },

    async remove(request: Request, response: Response) {
      const store = await stores.remove(storeId(request));
      if (!store) throw ApiError.notFound('No store has this id.');
      services.logger.info('webhook store removed', { store_id: store.id, source_url: store.sourceUrl, actor: actor(response) });
      response.json({ ...toJson(store), deleted: true });
    },
  };
}
