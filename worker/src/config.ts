import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { PROVIDER_ENVIRONMENT_VARIABLES } from './providers/registry';
import { parseDurationList } from './support/durations';
import type { LogLevel } from './support/logger';
import { parseOutboundAllow } from './support/outbound-allow';
import { parseTrustedProxies } from './support/trusted-proxies';

/**
 * Every environment read of the worker lives here, validated once at start.
 * A bad value stops the worker with one line per problem saying how to fix it.
 */

export type Switch = 'on' | 'off';

export interface DatabaseConfig {
  host: string;
  port: number;
  user: string;
  password: string;
  name: string;
  prefix: string;
}

export interface Config {
  hubSecret: string;
  encryptionKey: Buffer;
  database: DatabaseConfig;
  host: string;
  port: number;
  publicUrl: string;
  shellUrl: string;
  /** Where WordPress serves this plugin's folder (the starter library's previews). */
  pluginUrl: string;
  mock: boolean;
  testRoutes: boolean;
  trustProxy: string | undefined;
  logLevel: LogLevel;
  providerKeys: Record<string, string>;
  timeouts: { connectMs: number; firstTokenMs: number; idleMs: number };
  /** Most connections open at once per provider origin (SVC_PROVIDER_CONNECTIONS, docs/providers.md). */
  providerConnections: number;
  retry: { max: number; maxWaitMs: number };
  streamKeepAliveMs: number;
  /**
   * Longest a chat call may last, blocking or streamed (SVC_CALL_MAX_MS; SVC_STREAM_MAX_MS is its
   * older name): then its upstream call is aborted, and it ends with `svc_upstream_timeout`, phase `total`.
   */
  callMaxMs: number;
  /** The same value as callMaxMs, under the name the stream code reads. */
  streamMaxMs: number;
  /** An open usage row of another worker process older than this was left by a crash: closed as interrupted. */
  usageStaleAfterMs: number;
  /** Where answered calls' usage rows are journaled before their answers leave (router/usage/journal.ts); null: off. */
  usageJournalDir: string | null;
  /** Where release zips are kept, content-addressed (SVC_RELEASES_DIR, docs/configuration.md). */
  releasesDir: string;
  /** Image URLs the worker fetches for providers that cannot (docs/configuration.md, "Images"). */
  images: { maxBytes: number; fetchTimeoutMs: number };
  /** Body limit of `POST /images/edits` (SVC_IMAGE_EDIT_MAX_BYTES, docs/configuration.md): its uploads; every other body has 1 MiB. */
  imageEditMaxBytes: number;
  /** Licence activation attempts per minute from one address and on one key (SVC_RATE_LIMIT_ACTIVATIONS_*, docs/configuration.md). */
  activationLimits: { perAddress: number; perKey: number };
  /** Days a signed licence document vouches without the hub (SVC_LICENCE_GRACE_DAYS, docs/configuration.md). */
  licenceGraceDays: number;
  /** Template renders (docs/configuration.md, SVC_RENDER_*): renders at once, queued beyond, the cache's bounds. */
  renders: { concurrency: number; queue: number; cacheEntries: number; cacheBytes: number };
  defaultRateLimitPerMinute: number;
  outbox: OutboxConfig;
  expiryIntervalMs: number;
  /** Days a failed subscription renewal leaves the entitlement on before it is suspended (docs/commerce.md, "Subscriptions"). */
  renewalGraceDays: number;
  /** Days a stored Responses API response is kept before the retention job deletes it (docs/api-notes.md, "Responses API"). */
  responsesRetentionDays: number;
  /** How often expired budget reservations (a crashed call's) are released. */
  budgetSweepMs: number;
  /** Response cache bounds (docs/configuration.md, "Response cache"). */
  responseCache: { perScope: number; total: number };
  /** Seconds a pool deployment cools down after a 429/5xx, unless its Retry-After asks longer (docs/api-notes.md, "Provider key pools"). */
  poolCooldownSeconds: number;
  webhook: WebhookConfig;
  stores: StoreOperationsConfig;
  version: string;
}

/** Store health and the reconcile job (docs/woocommerce-webhook.md, "Store health", "Reconcile"). */
export interface StoreOperationsConfig {
  /** Deliveries in a row that failed verification before the admin screen warns. */
  warnFailures: number;
  /** A store is silent when a hub order older than this has seen no verified delivery since. */
  silentHours: number;
  /** How often each store with REST credentials is reconciled. */
  reconcileIntervalMs: number;
}

/** The WooCommerce webhook: audit retention and the per-IP failure limit (docs/woocommerce-webhook.md). */
export interface WebhookConfig {
  auditFailedDays: number;
  auditVerifiedDays: number;
  failureLimitPerMinute: number;
}

/** Propagation of entitlement changes to client sites (docs/propagation.md). */
export interface OutboxConfig {
  pollMs: number;
  timeoutMs: number;
  /** Delays before each attempt (SVC_OUTBOX_SCHEDULE, no jitter); null: the Standard Webhooks schedule with jitter. */
  scheduleMs: number[] | null;
  /** `host:port` targets allowed even when they resolve to non-public addresses. */
  outboundAllow: string[];
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid worker configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Every provider's key and base-URL variables, from the provider descriptors (providers/registry.ts). */
export const PROVIDER_VARIABLES: readonly string[] = PROVIDER_ENVIRONMENT_VARIABLES;

type Environment = Record<string, string | undefined>;

class Reader {
  readonly problems: string[] = [];
  constructor(private readonly environment: Environment) {}

  text(name: string, fallback?: string): string {
    const value = this.environment[name]?.trim();
    if (value) return value;
    if (fallback !== undefined) return fallback;
    this.problems.push(`${name} is required but not set.`);
    return '';
  }

  integer(name: string, fallback: number, min: number, max: number): number {
    const raw = this.environment[name]?.trim();
    if (!raw) return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      this.problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}").`);
      return fallback;
    }
    return Number(raw);
  }

  port(name: string, fallback: number): number {
    const raw = this.environment[name]?.trim();
    if (!raw) return fallback;
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || value < 1 || value > 65535) {
      this.problems.push(`${name} must be a TCP port between 1 and 65535 (got "${raw}").`);
      return fallback;
    }
    return value;
  }

  onOff(name: string, fallback: Switch): boolean {
    const raw = (this.environment[name]?.trim().toLowerCase() || fallback) as string;
    if (raw !== 'on' && raw !== 'off') {
      this.problems.push(`${name} must be "on" or "off" (got "${raw}").`);
      return fallback === 'on';
    }
    return raw === 'on';
  }

  url(name: string, fallback?: string): string {
    const value = this.text(name, fallback);
    if (!value) return value;
    try {
      const parsed = new URL(value);
      if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('scheme');
    } catch {
      this.problems.push(`${name} must be an absolute http(s) URL (got "${value}").`);
    }
    return value.replace(/\/+$/, '');
  }
}

function readSecret(reader: Reader): string {
  const secret = reader.text('SVC_HUB_SECRET');
  if (secret && secret.length < 32) {
    reader.problems.push('SVC_HUB_SECRET must be at least 32 characters (svc-hub-install generates one; by hand: openssl rand -hex 32).');
  }
  return secret;
}

function readEncryptionKey(reader: Reader): Buffer {
  const raw = reader.text('SVC_ENCRYPTION_KEY');
  const key = Buffer.from(raw, 'base64');
  if (raw && (key.length !== 32 || !/^[A-Za-z0-9+/]+={0,2}$/.test(raw))) {
    reader.problems.push('SVC_ENCRYPTION_KEY must be 32 random bytes in base64 (e.g. `openssl rand -base64 32`).');
  }
  return key;
}

function readDatabase(reader: Reader): DatabaseConfig {
  const prefix = reader.text('SVC_DB_PREFIX', 'wp_');
  if (!/^[A-Za-z0-9_]{0,32}$/.test(prefix)) {
    reader.problems.push('SVC_DB_PREFIX may hold only letters, digits and underscores (max 32).');
  }
  return {
    host: reader.text('SVC_DB_HOST', '127.0.0.1'),
    port: reader.port('SVC_DB_PORT', 3306),
    user: reader.text('SVC_DB_USER'),
    password: reader.text('SVC_DB_PASSWORD', ''),
    name: reader.text('SVC_DB_NAME'),
    prefix,
  };
}

function readLogLevel(reader: Reader, environment: Environment): LogLevel {
  const level = (environment.SVC_LOG_LEVEL?.trim().toLowerCase() || 'info') as LogLevel;
  if (!['debug', 'info', 'warn', 'error'].includes(level)) {
    reader.problems.push(`SVC_LOG_LEVEL must be debug, info, warn or error (got "${level}").`);
    return 'info';
  }
  return level;
}

function readSchedule(reader: Reader, environment: Environment): number[] | null {
  const raw = environment.SVC_OUTBOX_SCHEDULE?.trim();
  if (!raw) return null;
  const delays = parseDurationList(raw);
  if (!delays || delays[0] !== 0 || delays.length > 30 || delays.some((delay) => delay > 86_400_000)) {
    reader.problems.push(
      `SVC_OUTBOX_SCHEDULE must be a comma list of up to 30 delays starting with 0, each 0 or a whole number with ms, s, m or h up to 24h, e.g. "0,200ms,1s,2s" (got "${raw}").`,
    );
    return null;
  }
  return delays;
}

function readOutboundAllow(reader: Reader, environment: Environment): string[] {
  const raw = environment.SVC_OUTBOUND_ALLOW?.trim() ?? '';
  const entries = parseOutboundAllow(raw);
  if (!entries) {
    reader.problems.push(`SVC_OUTBOUND_ALLOW must be a comma list of host:port, e.g. "127.0.0.1:8080,[::1]:8080" (got "${raw}").`);
    return [];
  }
  return entries;
}

/** SVC_TRUST_PROXY: proxy addresses whose X-Forwarded-For is believed (docs/deploy-nginx.md). */
function readTrustProxy(reader: Reader, environment: Environment): string | undefined {
  const raw = environment.SVC_TRUST_PROXY?.trim();
  if (!raw) return undefined;
  const entries = parseTrustedProxies(raw);
  if (!entries) {
    reader.problems.push(
      `SVC_TRUST_PROXY must be a comma list of proxy addresses or CIDR ranges, or loopback, linklocal, uniquelocal, e.g. "loopback" or "10.0.0.5" (got "${raw}"); "true" or a hop count would believe X-Forwarded-For from anyone.`,
    );
    return undefined;
  }
  return entries.join(',');
}

/** SVC_CALL_MAX_MS, or its older name SVC_STREAM_MAX_MS when only that one is set. */
/**
 * SVC_USAGE_JOURNAL_DIR: an absolute folder, or `off`; by default systemd's StateDirectory
 * (the shipped unit's /var/lib/svc-hub-worker) or else the temp folder.
 */
function readUsageJournalDir(reader: Reader, environment: Environment): string | null {
  const state = environment.STATE_DIRECTORY?.split(':')[0]?.trim();
  const value = reader.text('SVC_USAGE_JOURNAL_DIR', state ? join(state, 'usage-journal') : join(tmpdir(), 'svc-hub-usage-journal'));
  if (value === 'off') return null;
  if (!isAbsolute(value)) reader.problems.push(`SVC_USAGE_JOURNAL_DIR must be an absolute path or "off" (got ${JSON.stringify(value)}).`);
  return value;
}

/** SVC_RELEASES_DIR: an absolute folder; by default systemd's StateDirectory's `releases`, else the temp folder's. */
function readReleasesDir(reader: Reader, environment: Environment): string {
  const state = environment.STATE_DIRECTORY?.split(':')[0]?.trim();
  const value = reader.text('SVC_RELEASES_DIR', state ? join(state, 'releases') : join(tmpdir(), 'svc-hub-releases'));
  if (!isAbsolute(value)) reader.problems.push(`SVC_RELEASES_DIR must be an absolute path (got ${JSON.stringify(value)}).`);
  return value;
}

function readCallMax(reader: Reader, environment: Environment): number {
  const name = environment.SVC_CALL_MAX_MS?.trim() || !environment.SVC_STREAM_MAX_MS?.trim() ? 'SVC_CALL_MAX_MS' : 'SVC_STREAM_MAX_MS';
  return reader.integer(name, 600_000, 1_000, 86_400_000);
}

function readProviderKeys(environment: Environment): Record<string, string> {
  const keys: Record<string, string> = {};
  for (const name of PROVIDER_VARIABLES) {
    const value = environment[name]?.trim();
    if (value) keys[name] = value;
  }
  return keys;
}

/** Reads and validates the whole configuration; throws ConfigError listing every problem. */
export function loadConfig(environment: Environment = process.env, version = '0.0.0'): Config {
  const reader = new Reader(environment);
  const publicUrl = reader.url('SVC_PUBLIC_URL');
  const config: Config = {
    hubSecret: readSecret(reader),
    encryptionKey: readEncryptionKey(reader),
    database: readDatabase(reader),
    host: reader.text('SVC_WORKER_HOST', '127.0.0.1'),
    port: reader.port('SVC_WORKER_PORT', 8787),
    publicUrl,
    shellUrl: environment.SVC_SHELL_URL?.trim() ? reader.url('SVC_SHELL_URL') : publicUrl,
    pluginUrl: environment.SVC_PLUGIN_URL?.trim() ? reader.url('SVC_PLUGIN_URL') : `${publicUrl}/wp-content/plugins/svc-hub`,
    mock: reader.onOff('SVC_MOCK', 'off'),
    testRoutes: reader.onOff('SVC_TEST_ROUTES', 'off'),
    trustProxy: readTrustProxy(reader, environment),
    logLevel: readLogLevel(reader, environment),
    providerKeys: readProviderKeys(environment),
    timeouts: {
      connectMs: reader.integer('SVC_TIMEOUT_CONNECT_MS', 5_000, 100, 120_000),
      firstTokenMs: reader.integer('SVC_TIMEOUT_FIRST_TOKEN_MS', 60_000, 100, 600_000),
      idleMs: reader.integer('SVC_TIMEOUT_IDLE_MS', 30_000, 100, 600_000),
    },
    providerConnections: reader.integer('SVC_PROVIDER_CONNECTIONS', 1000, 1, 100_000),
    retry: {
      max: reader.integer('SVC_RETRY_MAX', 2, 0, 10),
      maxWaitMs: reader.integer('SVC_RETRY_MAX_WAIT_MS', 10_000, 0, 120_000),
    },
    streamKeepAliveMs: reader.integer('SVC_STREAM_KEEPALIVE_MS', 15_000, 100, 120_000),
    callMaxMs: readCallMax(reader, environment),
    streamMaxMs: 0,
    usageStaleAfterMs: reader.integer('SVC_USAGE_STALE_AFTER_MS', 3_600_000, 1_000, 604_800_000),
    usageJournalDir: readUsageJournalDir(reader, environment),
    releasesDir: readReleasesDir(reader, environment),
    images: {
      maxBytes: reader.integer('SVC_IMAGE_MAX_BYTES', 10_485_760, 1_024, 104_857_600),
      fetchTimeoutMs: reader.integer('SVC_IMAGE_FETCH_TIMEOUT_MS', 10_000, 100, 120_000),
    },
    imageEditMaxBytes: reader.integer('SVC_IMAGE_EDIT_MAX_BYTES', 16_777_216, 1_048_576, 268_435_456),
    renders: {
      concurrency: reader.integer('SVC_RENDER_CONCURRENCY', 2, 1, 64),
      queue: reader.integer('SVC_RENDER_QUEUE', 16, 0, 10_000),
      cacheEntries: reader.integer('SVC_RENDER_CACHE_ENTRIES', 500, 0, 1_000_000),
      cacheBytes: reader.integer('SVC_RENDER_CACHE_MB', 64, 0, 16_384) * 1_048_576,
    },
    defaultRateLimitPerMinute: reader.integer('SVC_RATE_LIMIT_DEFAULT', 120, 1, 1_000_000),
    activationLimits: {
      perAddress: reader.integer('SVC_RATE_LIMIT_ACTIVATIONS_PER_ADDRESS', 30, 1, 1_000_000),
      perKey: reader.integer('SVC_RATE_LIMIT_ACTIVATIONS_PER_KEY', 20, 1, 1_000_000),
    },
    licenceGraceDays: reader.integer('SVC_LICENCE_GRACE_DAYS', 7, 1, 90),
    outbox: {
      pollMs: reader.integer('SVC_OUTBOX_POLL_MS', 1000, 10, 600_000),
      timeoutMs: reader.integer('SVC_OUTBOX_TIMEOUT_MS', 15_000, 100, 300_000),
      scheduleMs: readSchedule(reader, environment),
      outboundAllow: readOutboundAllow(reader, environment),
    },
    expiryIntervalMs: reader.integer('SVC_EXPIRY_INTERVAL_MS', 60_000, 100, 86_400_000),
    renewalGraceDays: reader.integer('SVC_RENEWAL_GRACE_DAYS', 3, 0, 90),
    responsesRetentionDays: reader.integer('SVC_RESPONSES_RETENTION_DAYS', 30, 1, 3650),
    budgetSweepMs: reader.integer('SVC_BUDGET_SWEEP_MS', 60_000, 100, 86_400_000),
    responseCache: {
      perScope: reader.integer('SVC_CACHE_MAX_ENTRIES_PER_SCOPE', 1000, 1, 1_000_000),
      total: reader.integer('SVC_CACHE_MAX_ENTRIES', 100_000, 1, 100_000_000),
    },
    poolCooldownSeconds: reader.integer('SVC_POOL_COOLDOWN_SECONDS', 60, 1, 86_400),
    webhook: {
      auditFailedDays: reader.integer('SVC_WEBHOOK_AUDIT_FAILED_DAYS', 30, 1, 3650),
      auditVerifiedDays: reader.integer('SVC_WEBHOOK_AUDIT_VERIFIED_DAYS', 365, 1, 3650),
      failureLimitPerMinute: reader.integer('SVC_WEBHOOK_FAILURE_LIMIT', 20, 1, 100_000),
    },
    stores: {
      warnFailures: reader.integer('SVC_WEBHOOK_WARN_FAILURES', 3, 1, 1000),
      silentHours: reader.integer('SVC_STORE_SILENT_HOURS', 24, 0, 8760),
      reconcileIntervalMs: reader.integer('SVC_RECONCILE_INTERVAL_MS', 900_000, 100, 86_400_000),
    },
    version,
  };
  config.streamMaxMs = config.callMaxMs;
  if (config.usageStaleAfterMs < config.callMaxMs) {
    reader.problems.push(
      `SVC_USAGE_STALE_AFTER_MS (${config.usageStaleAfterMs}) must be at least SVC_CALL_MAX_MS (${config.callMaxMs}): a live call's row would be closed.`,
    );
  }
  if (reader.problems.length > 0) throw new ConfigError(reader.problems);
  return config;
}
