import type { Logger } from '../support/logger';
import type { PendingWrites } from '../support/pending-writes';
import { TtlCache } from '../support/ttl-cache';
import { hashApiKey } from './api-key-format';
import type { ApiKeyRecord, ApiKeyStore } from './api-keys';

const LAST_USED_EVERY_MS = 60_000;

/** What the Bearer middleware needs: find a key's record, and note that it was used. */
export interface KeyLookup {
  find(key: string): Promise<ApiKeyRecord | null>;
  markUsed(record: ApiKeyRecord): void;
}

/**
 * Key lookups for the Bearer middleware, cached briefly (a revocation shows within the TTL,
 * 2 s by default) and keyed by the key's hash so no key is held in memory in clear.
 * `last_used_at` is written off the request path, at most once a minute per key.
 */
export class CachedKeyLookup implements KeyLookup {
  private readonly cache: TtlCache<ApiKeyRecord | null>;
  private readonly lastStamped = new Map<string, number>();

  constructor(
    private readonly store: ApiKeyStore,
    private readonly pending: PendingWrites,
    private readonly logger: Logger,
    ttlMs = 2000,
  ) {
    this.cache = new TtlCache(ttlMs, 50_000, Date.now, ttlMs); // stale-while-revalidate: a revocation shows within 2 × TTL
  }

  find(key: string): Promise<ApiKeyRecord | null> {
    return this.cache.get(hashApiKey(key), () => this.store.findByKey(key));
  }

  markUsed(record: ApiKeyRecord): void {
    const now = Date.now();
    if ((this.lastStamped.get(record.id) ?? 0) > now - LAST_USED_EVERY_MS) return;
    if (this.lastStamped.size > 50_000) this.lastStamped.clear();
    this.lastStamped.set(record.id, now);
    this.pending.track(this.store.touchLastUsed(record.id), (error) =>
      this.logger.warn('could not record key use', { key_id: record.id, error: String(error) }),
    );
  }
}
