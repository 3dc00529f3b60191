import type { Request, Response } from 'express';
import { parseEntitlementPatch, parseGrant } from '../../../license/inputs';
import { entitlementToJson } from '../../../license/serialise';
import type { Services } from '../../../services';
import { ApiError } from '../../../support/api-error';
import { normaliseSiteUrl } from '../../../support/site-url';
import { context } from '../../server/context';

const actorOf = (response: Response) => `wp-user:${context(response).wordpressUser || 'unknown'}`;

/** Admin routes for entitlements: a site's list, manual grants, status and expiry changes with a reason. */
export function entitlementHandlers(services: Pick<Services, 'entitlements' | 'gate'>) {
  return {
    async list(request: Request, response: Response) {
      const siteUrl = normaliseSiteUrl(request.query.site_url);
      if (!siteUrl) throw ApiError.invalidRequest({ site_url: 'must be an absolute http(s) URL' });
      const items = await services.entitlements.listForSite(siteUrl);
      response.json({ object: 'list', data: items.map(entitlementToJson) });
    },

    async grant(_request: Request, response: Response) {
      const grant = parseGrant(context(response).json ?? {});
      const result = await services.entitlements.grantManual({ ...grant, actor: actorOf(response) });
      services.gate.forget(grant.siteUrl);
      response.status(result.created ? 201 : 200).json(entitlementToJson(result.entitlement));
    },

    /** `{ site_url, package_id?, status?, expires_at?, reason }` (as PATCH /svc-license/v1/entitlement). */
    async setStatus(_request: Request, response: Response) {
      const change = parseEntitlementPatch(context(response).json ?? {});
      const result = await services.entitlements.setStatus({ ...change, actor: actorOf(response) });
      services.gate.forget(change.siteUrl);
      response.json({ ...entitlementToJson(result.entitlement), changed: result.changed });
    },
  };
}
