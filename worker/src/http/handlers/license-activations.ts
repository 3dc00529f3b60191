import type { Request, Response } from 'express';
import { context } from '../server/context';
import { setPageHeaders } from '../answers/pagination';
import type { Services } from '../../services';
import { ApiError } from '../../support/api-error';
import { readPage } from '../../support/pagination';
import { parseActivation, parseStagingPattern } from '../../license/activations/activation-inputs';
import { ACTIVATION_ID_PATTERN } from '../../license/activations/activation-rows';
import { activationToJson, licenceToJson } from '../../license/licences/licence-json';
import { normaliseLicenceKey } from '../../license/licences/licence-key';

const LICENCE_ID_PATTERN = /^lic_[0-9A-Z]{26}$/;

/** /svc-license/v1/activations and the admin key's licence routes (docs/architecture.md §12, docs/commerce.md "Licences and activations"). */
export function licenceActivationHandlers(services: Pick<Services, 'licences' | 'gate' | 'keyLookup' | 'customers' | 'config' | 'logger'>) {
  const { licences, activations, activationRows, limits } = services.licences;
  return {
    /** No Bearer: the licence key is the credential; rate-limited per address and per key. */
    async activate(_request: Request, response: Response) {
      const input = parseActivation(context(response).json ?? {});
      limits.take(context(response).clientIp, licences.hashKey(normaliseLicenceKey(input.licenceKey) ?? input.licenceKey));
      const licence = await activations.licenceFor(input.licenceKey);
      const result = await activations.activate(licence, input.siteUrl);
      services.gate.forget(input.siteUrl);
      for (const keyId of result.revokedKeyIds) services.keyLookup.forget(keyId);
      services.logger.info('licence activated', { license_id: licence.id, activation_id: result.activation.id, site_url: input.siteUrl });
      response
        .status(result.created ? 201 : 200)
        .setHeader('Cache-Control', 'no-store')
        .json({
          activation_id: result.activation.id,
          site_url: result.activation.siteUrl,
          staging: result.activation.staging,
          api_key: result.apiKey,
          webhook_secret: result.webhookSecret,
          license: result.licence,
          public_key: result.publicKey,
        });
    },

    /** The activated site's own key, or an admin key; anyone else (another licence's site included) gets 404. */
    async deactivate(request: Request, response: Response) {
      const apiKey = context(response).apiKey!;
      const id = String(request.params.id ?? '');
      const activation = ACTIVATION_ID_PATTERN.test(id) ? await activationRows.find(id) : null;
      const mine =
        activation !== null && (apiKey.scope === 'admin' || (activation.apiKeyId === apiKey.id && activation.status === 'active'));
      if (!mine) throw ApiError.notFound('No activation has this id.');
      const ended = await activations.deactivate(activation, `key:${apiKey.id}`);
      services.keyLookup.forget(activation.apiKeyId);
      services.gate.forget(activation.siteUrl);
      services.logger.info('licence deactivated', { activation_id: id, site_url: activation.siteUrl, key_id: apiKey.id });
      response.json(activationToJson(ended));
    },

    /** The admin screen's (shell-signed, docs/architecture.md §1): any activation, the WordPress user as the actor. */
    async adminDeactivate(request: Request, response: Response) {
      const id = String(request.params.id ?? '');
      const activation = ACTIVATION_ID_PATTERN.test(id) ? await activationRows.find(id) : null;
      if (!activation) throw ApiError.notFound('No activation has this id.');
      const ended = await activations.deactivate(activation, `wordpress:${context(response).wordpressUser}`);
      services.keyLookup.forget(activation.apiKeyId);
      services.gate.forget(activation.siteUrl);
      services.logger.info('licence deactivated', {
        activation_id: id,
        site_url: activation.siteUrl,
        actor: context(response).wordpressUser,
      });
      response.json(activationToJson(ended));
    },

    async list(request: Request, response: Response) {
      const page = readPage(request.query);
      const { items, total } = await licences.list(page.page, page.perPage);
      setPageHeaders(request, response, page, total, services.config.publicUrl);
      const data = await Promise.all(items.map(async (licence) => licenceToJson(licence, await activationRows.forLicence(licence.id))));
      response.json({ object: 'list', data });
    },

    async read(request: Request, response: Response) {
      const id = String(request.params.id ?? '');
      const licence = LICENCE_ID_PATTERN.test(id) ? await licences.find(id) : null;
      if (!licence) throw ApiError.notFound('No licence has this id.');
      response.setHeader('Cache-Control', 'no-store');
      response.json(licenceToJson(licence, await activationRows.forLicence(id), (await licences.key(id)) ?? undefined));
    },

    async addStagingPattern(_request: Request, response: Response) {
      const input = parseStagingPattern(context(response).json ?? {});
      if (!(await services.customers.store.find(input.customerId)))
        throw ApiError.invalidRequest({ customer_id: 'no customer has this id' });
      await activationRows.addStagingPattern(input.customerId, input.pattern);
      response.status(201).json({ customer_id: input.customerId, patterns: await activationRows.stagingPatterns(input.customerId) });
    },
  };
}
