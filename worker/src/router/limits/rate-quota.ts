/** One key's quota in one clock minute, as one worker holds it (router/limits/rate-limiter.ts). */
export interface KeyQuota {
  keyId: string;
  window: number;
  /** The key's requests per minute, as the last request said. */
  limit: number;
  /** Claimed from the shared counter and not used yet: what this worker may still admit. */
  held: number;
  /** Dropped from `held` when the limit was lowered: given back at the next sync. */
  surplus: number;
  /** The shared counter as last seen (every worker's claims, this one's included). */
  total: number;
  /** Admitted by local counting while the database was unreachable, not yet added to the counter. */
  unpushed: number;
  /** Admitted since the last sync; 0 at a sync means a quiet second, and what is held goes back. */
  recent: number;
  /** Admitted in the second before the last sync: the demand a claim is sized for. */
  demand: number;
  /** Requests waiting for the claim in flight (they share it). */
  waiting: number;
  claim: Promise<void> | null;
  /** Until then the counter is known to be full: refuse without asking the database again. */
  fullUntil: number;
}

export function emptyQuota(keyId: string, window: number, limit: number): KeyQuota {
  return { keyId, window, limit, held: 0, surplus: 0, total: 0, unpushed: 0, recent: 0, demand: 0, waiting: 0, claim: null, fullUntil: 0 };
}

/**
 * How many requests to claim at once: enough for the requests waiting and a second of the
 * recent demand, and an eighth of the room left — large far from the limit (the bench key's
 * 100,000/min is claimed 12,500 at a time, one round trip per thousands of requests), never
 * more than half the room, so near the limit chunks shrink to 1 and the last requests are
 * claimed one by one, shared fairly between workers.
 */
export function chunkSize(quota: KeyQuota): number {
  const room = Math.max(0, quota.limit - quota.total);
  const wanted = Math.max(quota.waiting, quota.demand, Math.floor(room / 8));
  return Math.max(1, Math.min(wanted, Math.ceil(room / 2)));
}
