import type { Request, Response } from 'express';
import { parseCreditAdjustment, readCreditScope } from '../../../router/ai-accounts/credit-inputs';
import { OverageStatement } from '../../../router/ai-accounts/overage-statement';
import { parseSiteAiChange } from '../../../router/ai-accounts/site-ai-inputs';
import type { SiteAiSetting } from '../../../router/ai-accounts/site-ai-settings';
import type { Services } from '../../../services';
import { ApiError } from '../../../support/api-error';
import { normaliseSiteUrl } from '../../../support/site-url';
import { context } from '../../server/context';

const scopeOf = (request: Request) => {
  const scope = readCreditScope(request.query.scope);
  if (!scope) throw ApiError.invalidRequest({ scope: "must be the site's absolute http(s) URL or a customer id (cus_…)" });
  return scope;
};

/** A site's AI settings as the admin routes show them, with the markup its calls are billed at now. */
export function siteAiSettingsJson(setting: SiteAiSetting, effective: string | null) {
  return {
    object: 'site_ai_settings',
    site_url: setting.siteUrl,
    markup_percent: setting.markupPercent,
    alert_url: setting.alertUrl,
    billed_markup_percent: effective,
  };
}

/** Admin routes for credits, the overage statement and a site's AI settings (docs/api-notes.md "AI allowance and credits"). */
export function aiAccountHandlers(services: Pick<Services, 'ai'>) {
  const { credits, statement, settings, markups } = services.ai;
  return {
    /** `GET ai/settings?site=URL`: the admin's markup and AI alert webhook for the site. */
    async settings(request: Request, response: Response) {
      const site = normaliseSiteUrl(request.query.site);
      if (!site) throw ApiError.invalidRequest({ site: "must be the site's absolute http(s) URL" });
      markups.changed(site);
      response.json(siteAiSettingsJson(await settings.find(site), await markups.markupFor(site)));
    },

    /** `PUT ai/settings { site_url, markup_percent?, alert_url? }` (null clears); the alert secret is in the answer once, when made. */
    async updateSettings(_request: Request, response: Response) {
      const change = parseSiteAiChange(context(response).json ?? {});
      const { setting, alertSecret } = await settings.update(change.siteUrl, change);
      markups.changed(change.siteUrl);
      const shown = siteAiSettingsJson(setting, await markups.markupFor(change.siteUrl));
      response.json(alertSecret ? { ...shown, alert_secret: alertSecret } : shown);
    },

    /** `GET credits?scope=SITE_URL|cus_…`: the balance and its ledger (the balance is the ledger's sum). */
    async show(request: Request, response: Response) {
      const scope = scopeOf(request);
      await credits.catchUp(scope);
      const { entries, balance } = await credits.entries(scope);
      response.json({
        object: 'credits',
        scope,
        balance: { amount: balance, currency: 'USD' },
        ledger: entries.map((entry) => ({
          kind: entry.kind,
          amount: entry.amount,
          reference: entry.reference,
          reason: entry.reason,
          actor: entry.actor,
          at: entry.createdAt.toISOString(),
        })),
      });
    },

    /** `POST credits/adjust { scope, amount: "+5.00" | "-2.50", reason }`. */
    async adjust(_request: Request, response: Response) {
      const input = parseCreditAdjustment(context(response).json ?? {});
      const result = await credits.adjust(input.scope, input.amount, input.reason, 'admin');
      response.json({ object: 'credits', scope: input.scope, moved: result.moved, balance: { amount: result.balance, currency: 'USD' } });
    },

    /** `GET ai/statement?site=&format=json|csv`: allowance periods with their use and overage. */
    async statement(request: Request, response: Response) {
      const format = request.query.format ?? 'json';
      if (format !== 'json' && format !== 'csv') throw ApiError.invalidRequest({ format: 'must be json or csv' });
      const site = request.query.site === undefined ? null : normaliseSiteUrl(request.query.site);
      if (request.query.site !== undefined && !site) throw ApiError.invalidRequest({ site: 'must be an absolute http(s) URL' });
      const lines = await statement.lines(site);
      if (format === 'csv') response.type('text/csv; charset=utf-8').send(OverageStatement.csv(lines));
      else response.json({ object: 'list', data: lines });
    },
  };
}
