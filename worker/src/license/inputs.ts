import { Problems, text, type Raw } from '../support/problems';
import { normaliseSiteUrl } from '../support/site-url';
import { DEFAULT_MAX_CONCURRENT_CALLS, type KeyLimits, type NewApiKey } from './api-keys';
import { ENTITLEMENT_STATUSES, FEATURE_PATTERN, isEntitlementStatus, type EntitlementStatus } from './entitlement-states';
import { parseWebhookEndpoint } from './propagation-endpoint';

/** A package id as commerce makes them (lower case): compared byte for byte, never case-folded. */
const PACKAGE_SLUG = /^[a-z0-9][a-z0-9_-]{0,63}$/;
/** An entitlement id: `ent_` and a ULID. */
export const ENTITLEMENT_ID_PATTERN = /^ent_[0-9A-Z]{26}$/;

/** `entitlement_id` (optional): one entitlement of the site, addressed directly (docs/architecture.md §5). */
function entitlementId(raw: Raw, problems: Problems): string | undefined {
  const value = raw.entitlement_id;
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !ENTITLEMENT_ID_PATTERN.test(value)) problems.add('entitlement_id', 'must be an entitlement id (ent_…)');
  return value as string;
}

/*
 * Validation shared by the admin routes and the operator CLI: each returns clean input or
 * throws svc_invalid_request naming every bad field.
 */

/** `site_url`: an absolute http(s) URL, normalised. */
export function siteUrl(raw: Raw, problems: Problems): string {
  const value = normaliseSiteUrl(raw.site_url);
  if (!value) problems.add('site_url', 'must be an absolute http(s) URL');
  return value ?? '';
}

export function parseNewKey(raw: Raw): NewApiKey {
  const problems = new Problems();
  const scope = raw.scope ?? 'client';
  if (scope !== 'client' && scope !== 'admin') problems.add('scope', 'must be "client" or "admin"');
  const rateLimit = rateLimitOf(raw.rate_limit_per_minute ?? 120, problems);
  const maxConcurrentCalls = concurrentCallsOf(raw.max_concurrent_calls ?? DEFAULT_MAX_CONCURRENT_CALLS, problems);
  const endpoint = raw.webhook_endpoint;
  const webhookEndpoint = endpoint === undefined || endpoint === null || endpoint === '' ? undefined : parseWebhookEndpoint(endpoint);
  if (webhookEndpoint === null)
    problems.add('webhook_endpoint', 'must be an absolute http(s) URL without credentials or fragment, up to 500 characters');
  const input: NewApiKey = {
    siteUrl: siteUrl(raw, problems),
    team: text(raw, 'team', problems, { required: true, max: 190 }),
    name: text(raw, 'name', problems, { required: false, max: 190 }),
    scope: scope as NewApiKey['scope'],
    rateLimitPerMinute: rateLimit,
    maxConcurrentCalls,
    webhookEndpoint: webhookEndpoint ?? undefined,
  };
  problems.throwIfAny();
  return input;
}

function rateLimitOf(value: unknown, problems: Problems): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 100_000) {
    problems.add('rate_limit_per_minute', 'must be an integer from 1 to 100000');
  }
  return value as number;
}

function concurrentCallsOf(value: unknown, problems: Problems): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 10_000) {
    problems.add('max_concurrent_calls', 'must be an integer from 1 to 10000');
  }
  return value as number;
}

/**
 * PATCH /admin/keys/{id}: `{ rate_limit_per_minute?, max_concurrent_calls? }`, at least one:
 * the key's requests per minute and its calls in flight at once.
 */
export function parseKeyUpdate(raw: Raw): KeyLimits {
  const problems = new Problems();
  const change: KeyLimits = {};
  if (raw.rate_limit_per_minute !== undefined) change.rateLimitPerMinute = rateLimitOf(raw.rate_limit_per_minute, problems);
  if (raw.max_concurrent_calls !== undefined) change.maxConcurrentCalls = concurrentCallsOf(raw.max_concurrent_calls, problems);
  if (raw.rate_limit_per_minute === undefined && raw.max_concurrent_calls === undefined) {
    problems.add('rate_limit_per_minute', 'give rate_limit_per_minute, max_concurrent_calls or both');
  }
  problems.throwIfAny();
  return change;
}

/** `features`: a non-empty list of feature codes, deduplicated and sorted. */
export function features(raw: Raw, problems: Problems): string[] {
  const value = raw.features;
  if (!Array.isArray(value) || value.length === 0 || value.length > 100) {
    problems.add('features', 'must be a non-empty list of feature codes');
    return [];
  }
  const bad = value.filter((feature) => typeof feature !== 'string' || !FEATURE_PATTERN.test(feature));
  if (bad.length > 0) problems.add('features', 'feature codes are lower-case letters, digits and . _ - (e.g. llm.chat)');
  return [...new Set(value as string[])].sort();
}

function futureDate(raw: Raw, name: string, problems: Problems): Date | null {
  const value = raw[name];
  if (value === undefined || value === null || value === '') return null;
  const date = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) {
    problems.add(name, 'must be an ISO 8601 date or date-time');
    return null;
  }
  return date;
}

export function parseGrant(raw: Raw): { siteUrl: string; features: string[]; expiresAt: Date | null; reason: string } {
  const problems = new Problems();
  const grant = {
    siteUrl: siteUrl(raw, problems),
    features: features(raw, problems),
    expiresAt: futureDate(raw, 'expires_at', problems),
    reason: text(raw, 'reason', problems, { required: false, max: 500 }) || 'manual grant',
  };
  problems.throwIfAny();
  return grant;
}

export function parseStatusChange(raw: Raw): {
  siteUrl: string;
  entitlementId?: string;
  packageId?: string | null;
  status: EntitlementStatus;
  reason: string;
} {
  const problems = new Problems();
  if (!isEntitlementStatus(raw.status)) problems.add('status', `must be one of ${ENTITLEMENT_STATUSES.join(', ')}`);
  const packageId = raw.package_id;
  if (packageId !== undefined && packageId !== null && (typeof packageId !== 'string' || !PACKAGE_SLUG.test(packageId))) {
    problems.add('package_id', 'must be a package slug, or null for the manual grant');
  }
  const change = {
    siteUrl: siteUrl(raw, problems),
    entitlementId: entitlementId(raw, problems),
    packageId: packageId as string | null | undefined,
    status: raw.status as EntitlementStatus,
    reason: text(raw, 'reason', problems, { required: true, max: 500 }),
  };
  problems.throwIfAny();
  return change;
}

/**
 * PATCH /entitlement: `{ site_url, entitlement_id?, package_id?, status?, expires_at?, reason }`
 * with at least a status or an expiry (`expires_at: null` removes the expiry).
 */
export function parseEntitlementPatch(raw: Raw): {
  siteUrl: string;
  entitlementId?: string;
  packageId?: string | null;
  status?: EntitlementStatus;
  expiresAt?: Date | null;
  reason: string;
} {
  const problems = new Problems();
  if (raw.status !== undefined && !isEntitlementStatus(raw.status))
    problems.add('status', `must be one of ${ENTITLEMENT_STATUSES.join(', ')}`);
  if (raw.status === undefined && raw.expires_at === undefined) problems.add('status', 'give a status, an expires_at, or both');
  const packageId = raw.package_id;
  if (packageId !== undefined && packageId !== null && (typeof packageId !== 'string' || !PACKAGE_SLUG.test(packageId))) {
    problems.add('package_id', 'must be a package slug, or null for the manual grant');
  }
  const expiresAt = raw.expires_at === undefined ? undefined : raw.expires_at === null ? null : futureDate(raw, 'expires_at', problems);
  const change = {
    siteUrl: siteUrl(raw, problems),
    entitlementId: entitlementId(raw, problems),
    packageId: packageId as string | null | undefined,
    status: raw.status as EntitlementStatus | undefined,
    expiresAt,
    reason: text(raw, 'reason', problems, { required: true, max: 500 }),
  };
  problems.throwIfAny();
  return change;
}
