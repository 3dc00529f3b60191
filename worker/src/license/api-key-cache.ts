import type { Logger } from '../support/logger';
import type { PendingWrites } from '../support/pending-writes';
import { BoundedConcurrency } from '../support/bounded-concurrency';
import type { Eventually } from '../support/eventually';
import { ExpiringSet } from '../support/expiring-set';
import { TtlCache } from '../support/ttl-cache';
import { hashApiKey } from './api-key-format';
import type { ApiKeyRecord, ApiKeyStore } from './api-keys';

const LAST_USED_EVERY_MS = 60_000;
const KNOWN_KEYS = 50_000;
const UNKNOWN_KEYS = 10_000;
const LOOKUPS_AT_ONCE = 4;
const LOOKUPS_WAITING = 1_000;

/** What the Bearer middleware needs: find a key's record (at once when cached), and note that it was used. */
export interface KeyLookup {
  find(key: string): Eventually<ApiKeyRecord | null>;
  markUsed(record: ApiKeyRecord): void;
}

/** A look-up that found no key: never stored among the known keys (one instance: no stack per bad key). */
const UNKNOWN_KEY = new Error('no such key');

/**
 * Key lookups for the Bearer middleware, cached briefly and keyed by the key's hash so no key
 * is held in memory in clear. A revocation (or a changed limit) shows on every worker within
 * the TTL plus its stale window plus one look-up: 2 s + 2 s + a query, within 5 s — at once
 * on the worker that made the change (forget()).
 *
 * Keys that exist and keys that do not are kept apart, so a flood of made-up keys cannot push
 * a live key out: known keys in one bounded cache, unknown ones in a separate bounded set with
 * the same short TTL (a repeated bad key costs one query per TTL). Database look-ups of keys
 * in neither run at most 4 at once with at most 1,000 waiting; beyond that the request is
 * answered 503 svc_unavailable without a query. `last_used_at` is written off the request
 * path, at most once a minute per key.
 */
export class CachedKeyLookup implements KeyLookup {
  private readonly known: TtlCache<ApiKeyRecord>;
  private readonly unknown: ExpiringSet;
  private readonly lookups = new BoundedConcurrency(
    LOOKUPS_AT_ONCE,
    LOOKUPS_WAITING,
    'Too many API key look-ups at once; retry in a moment.',
  );
  private readonly lastStamped = new Map<string, number>();
  /** Key id → hash of the keys loaded, so a revocation through this worker drops its entry at once. */
  private readonly hashes = new Map<string, string>();

  constructor(
    private readonly store: ApiKeyStore,
    private readonly pending: PendingWrites,
    private readonly logger: Logger,
    ttlMs = 2000,
    now: () => number = Date.now,
  ) {
    this.known = new TtlCache(ttlMs, KNOWN_KEYS, now, ttlMs); // stale-while-revalidate: a revocation shows within 2 × TTL + one look-up
    this.unknown = new ExpiringSet(ttlMs, UNKNOWN_KEYS, now);
  }

  find(key: string): Eventually<ApiKeyRecord | null> {
    const hash = hashApiKey(key);
    if (this.unknown.has(hash)) return null;
    const known = this.known.get(hash, () => this.load(key));
    return known instanceof Promise ? known.catch((error: unknown) => this.unknownKey(error, hash)) : known;
  }

  /** A look-up that failed: a key that does not exist is remembered as unknown; anything else is rethrown. */
  private unknownKey(error: unknown, hash: string): null {
    if (error !== UNKNOWN_KEY) throw error;
    this.unknown.add(hash);
    return null;
  }

  /** Drops a key's cached record (revoked or changed through this worker): its next request reads the table. */
  forget(id: string): void {
    const hash = this.hashes.get(id);
    if (hash !== undefined) this.known.delete(hash);
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

  private async load(key: string): Promise<ApiKeyRecord> {
    const record = await this.lookups.run(() => this.store.findByKey(key));
    if (!record) throw UNKNOWN_KEY;
    if (this.hashes.size >= KNOWN_KEYS) this.hashes.clear();
    this.hashes.set(record.id, hashApiKey(key));
    return record;
  }
}
