import { entitlementToJson } from '../license/serialise';
import { parseGrant, parseStatusChange } from '../license/inputs';
import type { Services } from '../services';
import { ApiError } from '../support/api-error';
import { normaliseSiteUrl } from '../support/site-url';
import { takeFlags, UsageError, type ParsedArguments } from './arguments';

type Print = (line: string) => void;
const ACTOR = 'cli';
const list = (value: string | undefined) =>
  value === undefined
    ? undefined
    : value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean);

/** `entitlement grant|set|list`. */
export async function entitlementCommand(
  services: Pick<Services, 'entitlements'>,
  action: string | undefined,
  parsed: ParsedArguments,
  print: Print,
): Promise<void> {
  switch (action) {
    case 'grant': {
      const flags = takeFlags(parsed, ['site', 'features', 'expires', 'reason'], ['site', 'features']);
      const grant = parseGrant({ site_url: flags.site, features: list(flags.features), expires_at: flags.expires, reason: flags.reason });
      const result = await services.entitlements.grantManual({ ...grant, actor: ACTOR });
      const verb = result.created ? 'Granted' : 'Already granted';
      print(`${verb} ${grant.features.join(', ')} to ${grant.siteUrl} (${result.entitlement.id}).`);
      return;
    }
    case 'set': {
      const flags = takeFlags(parsed, ['site', 'entitlement-id', 'package', 'status', 'reason'], ['site', 'status', 'reason']);
      const change = parseStatusChange({
        site_url: flags.site,
        entitlement_id: flags['entitlement-id'],
        package_id: flags.package,
        status: flags.status,
        reason: flags.reason,
      });
      const result = await services.entitlements.setStatus({ ...change, actor: ACTOR });
      print(`${result.entitlement.id} is ${result.entitlement.status}${result.changed ? '' : ' (unchanged)'}.`);
      return;
    }
    case 'list': {
      const flags = takeFlags(parsed, ['site'], ['site']);
      const siteUrl = normaliseSiteUrl(flags.site);
      if (!siteUrl) throw ApiError.invalidRequest({ site_url: 'must be an absolute http(s) URL' });
      for (const entitlement of await services.entitlements.listForSite(siteUrl)) {
        const json = entitlementToJson(entitlement);
        print([json.id, json.package_id ?? '(manual)', json.status, json.features.join(','), json.expires_at ?? 'no expiry'].join('\t'));
      }
      return;
    }
    default:
      throw new UsageError('Usage: entitlement grant|set|list …');
  }
}
