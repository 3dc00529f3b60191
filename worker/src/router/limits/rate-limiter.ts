import type { Logger } from '../../support/logger';
import type { RateCounters } from './rate-counters';
import { chunkSize, emptyQuota, type KeyQuota } from './rate-quota';

export type RateVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

const ALLOWED: RateVerdict = { allowed: true };

/**
 * Requests per key per clock minute (docs/architecture.md §4), strict across workers: a worker admits a
 * request only from quota it has claimed from the shared MySQL counter (RateCounters.claim,
 * one atomic statement that never passes the limit), so the sum over workers never exceeds
 * the limit. Claims come in chunks (router/limits/rate-quota.ts), so the common request is answered
 * from memory; a request that finds none held waits for a claim, shared with the others
 * waiting. Every second the worker reads the counters back and gives back what a quiet key
 * holds (and everything at stop), so an idle worker cannot keep another one's requests out.
 *
 * The database unreachable: the worker keeps admitting from what it holds, then counts
 * locally against the counter as it last saw it (logged once) and adds those counts to the
 * counter when the database answers again. Meanwhile each worker admits at most
 * `limit − counter last seen`: exactly the limit with one worker, at worst `workers × limit`.
 */
export class RateLimiter {
  private readonly keys = new Map<string, KeyQuota>();
  private timer: NodeJS.Timeout | null = null;
  private syncing: Promise<void> | null = null;
  private offline = false;

  constructor(
    private readonly counters: RateCounters,
    private readonly logger: Logger,
    private readonly syncMs = 1000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Admits one request, or says how many seconds remain in the window; a promise only when it must wait for a claim. */
  take(keyId: string, limit: number): RateVerdict | Promise<RateVerdict> {
    const time = this.now();
    const window = Math.floor(time / 60_000);
    let quota = this.keys.get(keyId);
    if (!quota || quota.window !== window) {
      quota = emptyQuota(keyId, window, limit);
      this.keys.set(keyId, quota);
    }
    if (limit !== quota.limit) relimit(quota, limit);
    if (quota.held > 0) return this.use(quota);
    if (this.offline) return this.countLocally(quota, time);
    if (quota.fullUntil > time && !quota.claim) return refusal(quota.window, time);
    return this.waitForClaim(quota);
  }

  start(): void {
    this.timer = setInterval(() => void this.sync(), this.syncMs);
    this.timer.unref();
  }

  /** Stops the timer and gives back everything held (the other workers may use it). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.syncing;
    await Promise.all([...this.keys.values()].map((quota) => quota.claim));
    await this.reconcile(true);
  }

  /** Reads the counters back and gives back what quiet keys hold (one sync at a time). */
  sync(): Promise<void> {
    this.syncing ??= this.reconcile(false).finally(() => {
      this.syncing = null;
    });
    return this.syncing;
  }

  private use(quota: KeyQuota): RateVerdict {
    quota.held -= 1;
    quota.recent += 1;
    return ALLOWED;
  }

  private countLocally(quota: KeyQuota, time: number): RateVerdict {
    if (quota.total + quota.unpushed >= quota.limit) return refusal(quota.window, time);
    quota.unpushed += 1;
    quota.recent += 1;
    return ALLOWED;
  }

  private async waitForClaim(quota: KeyQuota): Promise<RateVerdict> {
    quota.waiting += 1;
    try {
      for (;;) {
        // Cleared in a later turn, whenever the claim settles, so a claim never outlives itself.
        quota.claim ??= this.claim(quota).finally(() => {
          quota.claim = null;
        });
        await quota.claim;
        if (quota.held > 0) return this.use(quota);
        const time = this.now();
        if (this.offline) return this.countLocally(quota, time);
        if (quota.fullUntil > time) return refusal(quota.window, time);
        // The claim was shared out before this request's turn: claim again.
      }
    } finally {
      quota.waiting -= 1;
    }
  }

  private async claim(quota: KeyQuota): Promise<void> {
    const chunk = chunkSize(quota);
    try {
      const granted = await this.counters.claim(quota.keyId, quota.window, chunk, quota.limit);
      quota.held += granted;
      quota.total += granted;
      if (granted < chunk) {
        quota.total = Math.max(quota.total, quota.limit);
        quota.fullUntil = this.now() + this.syncMs;
      }
    } catch (error) {
      this.goOffline(error);
    }
  }

  private async reconcile(final: boolean): Promise<void> {
    const window = Math.floor(this.now() / 60_000);
    for (const [keyId, quota] of this.keys) if (quota.window < window) this.keys.delete(keyId);
    const quotas = [...this.keys.values()];
    if (quotas.length === 0) return;
    try {
      await this.pushLocalCounts(window, quotas);
      for (const quota of quotas) {
        if (quota.surplus > 0) await this.giveBack(quota, 'surplus');
        if (quota.held > 0 && !quota.claim && (final || quota.recent === 0)) await this.giveBack(quota, 'held');
      }
      const totals = await this.counters.totals(
        window,
        quotas.map((quota) => quota.keyId),
      );
      for (const quota of quotas) {
        quota.total = totals.get(quota.keyId) ?? 0;
        if (quota.total < quota.limit) quota.fullUntil = 0;
      }
      if (this.offline) this.logger.info('rate-limit counters reachable again; admitting from claimed quota');
      this.offline = false;
      if (Math.random() < 0.02) await this.counters.prune(window - 2);
    } catch (error) {
      this.goOffline(error);
    } finally {
      for (const quota of quotas) {
        quota.demand = quota.recent;
        quota.recent = 0;
      }
    }
  }

  /** Adds what was admitted by local counting; moved to `total` at once, so nothing is counted twice. */
  private async pushLocalCounts(window: number, quotas: KeyQuota[]): Promise<void> {
    const pending = quotas.filter((quota) => quota.unpushed > 0).map((quota) => ({ quota, keyId: quota.keyId, count: quota.unpushed }));
    if (pending.length === 0) return;
    await this.counters.add(window, pending);
    for (const { quota, count } of pending) {
      quota.unpushed -= count;
      quota.total += count;
    }
  }

  /** Unused quota goes back; dropped from `held` first, so a failed statement loses it rather than counting it twice. */
  private async giveBack(quota: KeyQuota, part: 'held' | 'surplus'): Promise<void> {
    const amount = quota[part];
    quota[part] = 0;
    quota.total -= amount;
    await this.counters.giveBack(quota.keyId, quota.window, amount);
  }

  private goOffline(error: unknown): void {
    if (!this.offline)
      this.logger.warn('rate-limit counters unreachable; counting locally until they answer (each worker up to the limit)', {
        error: String(error),
      });
    this.offline = true;
  }
}

/**
 * A new limit mid-minute: a lower one applies at once (what is held is dropped, given back at the next
 * sync); a higher one may claim again.
 */
function relimit(quota: KeyQuota, limit: number): void {
  if (limit < quota.limit) {
    quota.surplus += quota.held;
    quota.held = 0;
  }
  quota.limit = limit;
  quota.fullUntil = 0;
}

function refusal(window: number, time: number): RateVerdict {
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(((window + 1) * 60_000 - time) / 1000)) };
}
