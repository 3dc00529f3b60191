import { isIP } from 'node:net';
import { classifyAddress } from '../../support/ip-address';

/**
 * Hosts that are staging or development sites and take no seat (docs/commerce.md "Licences
 * and activations", which lists each pattern's source). `*.` matches any subdomain (one or
 * more labels), a trailing `.*` any rest of the host; other characters are literal.
 */
export const STAGING_PATTERNS: readonly string[] = [
  // Reserved names (RFC 2606, RFC 6761) and LocalWP / mDNS.
  'localhost',
  '*.localhost',
  '*.local',
  '*.test',
  '*.invalid',
  '*.example',
  // Conventional subdomains.
  'staging.*',
  'stage.*',
  'dev.*',
  'test.*',
  // Hosts' staging and temporary domains.
  '*.wpengine.com',
  '*.wpenginepowered.com',
  '*.kinsta.cloud',
  'dev-*.pantheonsite.io',
  'test-*.pantheonsite.io',
  '*.flywheelstaging.com',
  '*.flywheelsites.com',
  '*.cloudwaysapps.com',
  '*.sg-host.com',
  '*.instawp.xyz',
  '*.tempurl.host',
  '*.wpcomstaging.com',
  '*.mystagingwebsite.com',
  '*.stagingsite.cloud',
  '*.ddev.site',
  '*.lndo.site',
];

/** A pattern as a whole-host regular expression (case-insensitive; hosts are lower case). */
function patternExpression(pattern: string): RegExp {
  const escaped = pattern
    .toLowerCase()
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('[a-z0-9.-]+');
  return new RegExp(`^${escaped}$`);
}

const BUILT_IN = STAGING_PATTERNS.map(patternExpression);

/** Whether `pattern` is a host pattern an admin may add: letters, digits, `-`, `.`, `*`, 3–190 characters, at least one dot. */
export function validStagingPattern(pattern: string): boolean {
  return /^[a-z0-9*][a-z0-9.*-]{1,188}[a-z0-9*]$/.test(pattern) && pattern.includes('.') && !pattern.includes('..');
}

/** Whether a site (normalised URL) is a staging or development site, by the built-in patterns and `extra` (the customer's). */
export function isStagingSite(siteUrl: string, extra: readonly string[] = []): boolean {
  let host: string;
  try {
    host = new URL(siteUrl).hostname.toLowerCase().replace(/^\[|\]$/g, '');
  } catch {
    return false;
  }
  if (isIP(host) !== 0) return !classifyAddress(host).public;
  if (!host.includes('.')) return true; // a single-label name only resolves on a private network
  return BUILT_IN.some((expression) => expression.test(host)) || extra.some((pattern) => patternExpression(pattern).test(host));
}
