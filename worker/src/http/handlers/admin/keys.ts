import type { Request, Response } from 'express';
import { parseKeyUpdate, parseNewKey } from '../../../license/inputs';
import { keyToJson } from '../../../license/serialise';
import type { Services } from '../../../services';
import { ApiError } from '../../../support/api-error';
import { context } from '../../server/context';
import { setPageHeaders } from '../../answers/pagination';
import { readPage } from '../../../support/pagination';

const keyId = (request: Request) => {
  const id = String(request.params.id ?? '');
  if (!/^key_[0-9A-Z]{26}$/.test(id)) throw ApiError.notFound('No API key has this id.');
  return id;
};

/** Admin routes for API keys: list, create (key and webhook secret shown once), revoke, rotate. */
export function keyHandlers(services: Pick<Services, 'keys' | 'keyLookup' | 'config' | 'logger'>) {
  return {
    async list(request: Request, response: Response) {
      const page = readPage(request.query);
      const { items, total } = await services.keys.list(page.page, page.perPage);
      setPageHeaders(request, response, page, total, services.config.publicUrl);
      response.json({ object: 'list', data: items.map(keyToJson) });
    },

    async create(_request: Request, response: Response) {
      const issued = await services.keys.create(parseNewKey(context(response).json ?? {}));
      services.logger.info('api key created', { key_id: issued.record.id, actor: context(response).wordpressUser });
      response
        .status(201)
        .setHeader('Cache-Control', 'no-store')
        .json({
          ...keyToJson(issued.record),
          key: issued.key,
          webhook_secret: issued.webhookSecret,
        });
    },

    /** `{ rate_limit_per_minute?, max_concurrent_calls? }`: in force at once on this worker, within 5 s on the others. */
    async update(request: Request, response: Response) {
      const id = keyId(request);
      const change = parseKeyUpdate(context(response).json ?? {});
      const record = await services.keys.setLimits(id, change);
      if (!record) throw ApiError.notFound('No API key has this id.');
      services.keyLookup.forget(id);
      services.logger.info('api key limits set', {
        key_id: id,
        rate_limit_per_minute: change.rateLimitPerMinute,
        max_concurrent_calls: change.maxConcurrentCalls,
        actor: context(response).wordpressUser,
      });
      response.json(keyToJson(record));
    },

    async revoke(request: Request, response: Response) {
      const record = await services.keys.revoke(keyId(request));
      if (!record) throw ApiError.notFound('No API key has this id.');
      services.keyLookup.forget(record.id);
      services.logger.info('api key revoked', { key_id: record.id, actor: context(response).wordpressUser });
      response.json(keyToJson(record));
    },

    async rotateSecret(request: Request, response: Response) {
      const id = keyId(request);
      const secret = await services.keys.rotateWebhookSecret(id);
      if (!secret) throw ApiError.notFound('No API key has this id.');
      response.setHeader('Cache-Control', 'no-store').json({ id, webhook_secret: secret });
    },
  };
}
