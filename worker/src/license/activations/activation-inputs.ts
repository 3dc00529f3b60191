import { Problems, type Raw } from '../../support/problems';
import { normaliseSiteUrl } from '../../support/site-url';
import { validStagingPattern } from './staging-hosts';

/** `POST /activations { license_key, site_url }`: the typed key (checked against the licences later) and the normalised site. */
export function parseActivation(raw: Raw): { licenceKey: string; siteUrl: string } {
  const problems = new Problems();
  const key = raw.license_key;
  if (typeof key !== 'string' || key.trim() === '' || key.length > 80)
    problems.add('license_key', 'must be the licence key, a string of up to 80 characters');
  const siteUrl = typeof raw.site_url === 'string' && raw.site_url.length <= 255 ? normaliseSiteUrl(raw.site_url) : null;
  if (siteUrl === null) problems.add('site_url', "must be the site's absolute http(s) URL, up to 255 characters");
  problems.throwIfAny();
  return { licenceKey: key as string, siteUrl: siteUrl! };
}

/** `POST /staging-patterns { customer_id, pattern }`: a host pattern (`*.review.acme.com`) that takes no seat for that customer. */
export function parseStagingPattern(raw: Raw): { customerId: string; pattern: string } {
  const problems = new Problems();
  const customerId = raw.customer_id;
  if (typeof customerId !== 'string' || !/^cus_[0-9A-Z]{26}$/.test(customerId))
    problems.add('customer_id', 'must be a customer id (cus_…)');
  const pattern = typeof raw.pattern === 'string' ? raw.pattern.trim().toLowerCase() : '';
  if (!validStagingPattern(pattern))
    problems.add('pattern', 'must be a host pattern such as *.review.example.com (letters, digits, -, ., *)');
  problems.throwIfAny();
  return { customerId: customerId as string, pattern };
}
