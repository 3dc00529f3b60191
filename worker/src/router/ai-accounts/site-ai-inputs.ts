import { readDecimal } from '../../support/number-input';
import { Problems, type Raw } from '../../support/problems';
import { normaliseSiteUrl } from '../../support/site-url';

/** A site's AI settings change: `site_url`, and `markup_percent` and/or `alert_url` (null clears; absent keeps). */
export interface SiteAiChange {
  siteUrl: string;
  markupPercent?: string | null;
  alertUrl?: string | null;
}

/** A percent from 0 to 9999.9999, as a package's markup_percent (commerce/ai-terms.ts). */
export function readMarkupPercent(value: unknown, problems: Problems, field = 'markup_percent'): string | null {
  const reading = readDecimal(value, { integerDigits: 4, scale: 4, zero: true, example: '25' });
  if (reading.problem === undefined) return reading.value;
  problems.add(field, `${reading.problem} (a percent from 0 to 9999.9999)`);
  return null;
}

/** An http(s) URL of at most 2048 characters without credentials (as a budget's alert_url). */
export function readAlertUrl(value: unknown, problems: Problems, field = 'alert_url'): string | null {
  let url: URL | null = null;
  try {
    url = typeof value === 'string' && value.length <= 2048 ? new URL(value) : null;
  } catch {
    url = null;
  }
  if (url && (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password) return url.toString();
  problems.add(field, 'must be an http(s) URL of at most 2048 characters, without credentials, or null to clear it');
  return null;
}

/** `PUT admin/ai/settings` and the CLI: what to change for which site; 400 naming each bad field, or nothing to change. */
export function parseSiteAiChange(raw: Raw): SiteAiChange {
  const problems = new Problems();
  const siteUrl = normaliseSiteUrl(raw.site_url);
  if (!siteUrl) problems.add('site_url', "must be the site's absolute http(s) URL");
  const change: SiteAiChange = { siteUrl: siteUrl ?? '' };
  if (raw.markup_percent !== undefined)
    change.markupPercent = raw.markup_percent === null ? null : readMarkupPercent(raw.markup_percent, problems);
  if (raw.alert_url !== undefined) change.alertUrl = raw.alert_url === null ? null : readAlertUrl(raw.alert_url, problems);
  if (raw.markup_percent === undefined && raw.alert_url === undefined)
    problems.add('markup_percent', 'give markup_percent or alert_url (null clears)');
  problems.throwIfAny();
  return change;
}
