import type { Request, Response } from 'express';
import { recordedAlerts } from '../../../router/ai-accounts/alert-list';
import type { Services } from '../../../services';
import { ApiError } from '../../../support/api-error';
import { normaliseSiteUrl } from '../../../support/site-url';

/** `GET admin/ai/alerts?site=URL`: the site's recorded 50/80/100 % AI alerts (docs/api-notes.md "AI allowance and credits"). */
export function aiAlertHandlers(services: Pick<Services, 'database'>) {
  return {
    async list(request: Request, response: Response) {
      const site = normaliseSiteUrl(request.query.site);
      if (!site) throw ApiError.invalidRequest({ site: "must be the site's absolute http(s) URL" });
      response.json({ object: 'list', data: await recordedAlerts(services.database, site) });
    },
  };
}
