import { createHash } from 'node:crypto';
import type { Database } from '../../db/connections';
import type { Eventually } from '../../support/eventually';
import type { Logger } from '../../support/logger';
import type { ChatRequest, ChatResult } from '../../providers/types';
import { CacheEntryStore, type CacheLimits } from './entry-rows';
import { CachePolicyBook, type CachePolicy } from './policies';
import { requestHash } from './request-hash';

/** Who is calling, as the chat handler knows it: what decides the policy and the scope. */
export interface CacheCaller {
  keyId: string;
  /** The key's own team (never the request's `metadata.team`: a client cannot pick another team's scope). */
  team: string;
  /** The key's site: a team is a label within it, so two sites' teams of one name never share answers. */
  siteUrl: string;
  purpose: string | null;
}

/**
 * The scope of a team's entries: the site and the team, hashed (together they are longer than
 * the scope column), as a JSON pair so no team name can spell another site's scope.
 */
export function teamScope(siteUrl: string, team: string): string {
  return `team:site:${createHash('sha256')
    .update(JSON.stringify([siteUrl, team]))
    .digest('hex')}`;
}

/** Where one cacheable request's answer lives. */
export interface CacheSlot {
  scope: string;
  hash: string;
  model: string;
  ttlSeconds: number;
}

/**
 * The response cache (docs/architecture.md §11, docs/api-notes.md "Response cache"): opt-in by a policy per
 * API key or purpose; exact match on the request hash within a scope — the key (`key:<id>`),
 * its team within its site (`teamScope`: the key's team when it has one, else the key's own
 * scope) or, only when the policy says so, `global`. By default only requests with temperature 0 or a seed.
 */
export class ResponseCache {
  readonly policies: CachePolicyBook;
  readonly entries: CacheEntryStore;
  /** Hits answered by this worker since it started (the `/metrics` cache-hits counter reads or replaces this). */
  hits = 0;

  constructor(
    database: Database,
    limits: CacheLimits,
    private readonly logger: Logger,
  ) {
    this.policies = new CachePolicyBook(database);
    this.entries = new CacheEntryStore(database, limits);
  }

  /** The policy in force for this caller, or null (the cache is off for the call: no look-up at all). */
  policyFor(caller: CacheCaller): Eventually<CachePolicy | null> {
    return this.policies.forCall(caller.keyId, caller.purpose);
  }

  /**
   * The slot of a request under `policy`, or null when the request may not be cached
   * (temperature not 0 and no seed, or nested too deep to hash: request-hash.ts).
   */
  slotFor(policy: CachePolicy, caller: CacheCaller, modelId: string, request: ChatRequest): CacheSlot | null {
    if (!policy.any_temperature && request.temperature !== 0 && request.seed === undefined) return null;
    const hash = requestHash(modelId, request);
    if (hash === null) return null;
    const scope =
      policy.scope === 'global'
        ? 'global'
        : policy.scope === 'team' && caller.team !== '' && caller.siteUrl !== ''
          ? teamScope(caller.siteUrl, caller.team)
          : `key:${caller.keyId}`;
    return { scope, hash, model: modelId, ttlSeconds: policy.ttl_seconds };
  }

  /** The cached answer of a slot; a failed look-up is logged and counts as a miss (the call goes on). */
  async find(slot: CacheSlot): Promise<ChatResult | null> {
    try {
      return await this.entries.find(slot.scope, slot.hash);
    } catch (error) {
      this.logger.warn('response cache look-up failed', { error: String(error) });
      return null;
    }
  }

  /** Stores an answer without delaying the caller; a failure is logged. */
  store(slot: CacheSlot, result: ChatResult): void {
    this.entries.save(slot.scope, slot.hash, slot.model, result, slot.ttlSeconds).catch((error: unknown) => {
      this.logger.warn('could not store a response in the cache', { error: String(error) });
    });
  }
}
