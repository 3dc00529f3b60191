import type { Request, Response } from 'express';
import { context } from '../server/context';
import type { Services } from '../../services';
import { ApiError } from '../../support/api-error';
import { normaliseSiteUrl } from '../../support/site-url';
import { parseEntitlementPatch } from '../../license/inputs';
import { entitlementToJson } from '../../license/serialise';
import { siteSummary } from '../../license/site-summary';
import { SiteOutbox } from '../../license/outbox-site';

/** The Bearer routes of /svc-license/v1/entitlement: the client's session check and the admin switch. */
export function entitlementRouteHandlers(services: Pick<Services, 'entitlements' | 'gate' | 'ai' | 'customers' | 'database' | 'licences'>) {
  return {
    /** The caller's own site; an admin key may name another with `?site_url=`. */
    async read(request: Request, response: Response) {
      const apiKey = context(response).apiKey!;
      let siteUrl = apiKey.siteUrl;
      if (request.query.site_url !== undefined) {
        const asked = normaliseSiteUrl(request.query.site_url);
        if (!asked) throw ApiError.invalidRequest({ site_url: 'must be an absolute http(s) URL' });
        if (asked !== apiKey.siteUrl && apiKey.scope !== 'admin') {
          throw ApiError.forbidden("A client key can only read its own site's entitlement.");
        }
        siteUrl = asked;
      }
      response.setHeader('Cache-Control', 'no-store');
      // Read first: the summary is at least as new as the site's newest queued message (docs/api-notes.md "Session check").
      const sequence = await new SiteOutbox(services.database).latestSequence(siteUrl);
      const summary = siteSummary(siteUrl, await services.entitlements.listForSite(siteUrl));
      // The site's AI allowance, credits and alerts (docs/api-notes.md "AI allowance and credits").
      const customerId = await services.customers.customerOf(siteUrl);
      // Signed with the hub's key (docs/propagation.md "Licence documents").
      const licenseDocument = await services.licences.documents.forSummary(summary, sequence);
      response.json({ ...summary, sequence, license_document: licenseDocument, ai: await services.ai.status.block(siteUrl, customerId) });
    },

    /** Admin keys: `{ site_url, package_id?, status?, expires_at?, reason }`; ambiguous → 409. */
    async update(_request: Request, response: Response) {
      const apiKey = context(response).apiKey!;
      const change = parseEntitlementPatch(context(response).json ?? {});
      const result = await services.entitlements.setStatus({ ...change, actor: `key:${apiKey.id}` });
      services.gate.forget(change.siteUrl);
      response.json({ ...entitlementToJson(result.entitlement), changed: result.changed });
    },
  };
}
