import type { ApiKeyRecord } from './api-keys';
import type { EntitlementRecord } from './entitlement-record';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The public JSON of a key: never its hash, never its webhook secret. */
export function keyToJson(record: ApiKeyRecord) {
  return {
    id: record.id,
    object: 'api_key',
    name: record.name,
    prefix: record.displayPrefix,
    site_url: record.siteUrl,
    team: record.team,
    scope: record.scope,
    status: record.status,
    rate_limit_per_minute: record.rateLimitPerMinute,
    max_concurrent_calls: record.maxConcurrentCalls,
    webhook_endpoint: record.webhookEndpoint,
    created_at: iso(record.createdAt),
    revoked_at: iso(record.revokedAt),
    last_used_at: iso(record.lastUsedAt),
  };
}

export function entitlementToJson(record: EntitlementRecord) {
  return {
    id: record.id,
    object: 'entitlement',
    site_url: record.siteUrl,
    package_id: record.packageId,
    status: record.status,
    features: record.features,
    expires_at: iso(record.expiresAt),
    created_at: iso(record.createdAt),
    updated_at: iso(record.updatedAt),
  };
}
