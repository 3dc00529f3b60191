import type { WebhookAuditLog } from './audit-log';

const WINDOW_MS = 60_000;
const REMEMBERED_ADDRESSES = 10_000;

/**
 * The webhook's per-IP limit on failed attempts: an address with `limit` rejected attempts in
 * the last minute is answered 429 until the oldest of them leaves the minute. Counted from the
 * audit log, so every worker agrees (attempts in flight at the same moment may add a few);
 * a block, once seen, is remembered in memory so a flood costs no query.
 */
export class FailureLimit {
  private readonly blockedUntil = new Map<string, number>();

  constructor(
    private readonly audit: Pick<WebhookAuditLog, 'nthRecentFailure'>,
    private readonly limit: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds `ip` must wait before its next attempt is looked at, or 0. */
  async retryAfterSeconds(ip: string): Promise<number> {
    const now = this.now();
    const remembered = this.blockedUntil.get(ip);
    if (remembered !== undefined && remembered > now) return Math.ceil((remembered - now) / 1000);
    this.blockedUntil.delete(ip);
    const nth = await this.audit.nthRecentFailure(ip, new Date(now - WINDOW_MS), this.limit);
    const until = nth === null ? 0 : nth.getTime() + WINDOW_MS;
    if (until <= now) return 0;
    this.remember(ip, until, now);
    return Math.ceil((until - now) / 1000);
  }

  private remember(ip: string, until: number, now: number): void {
    if (this.blockedUntil.size >= REMEMBERED_ADDRESSES) {
      for (const [address, expiry] of this.blockedUntil) if (expiry <= now) this.blockedUntil.delete(address);
      const oldest = this.blockedUntil.keys().next();
      if (this.blockedUntil.size >= REMEMBERED_ADDRESSES && !oldest.done) this.blockedUntil.delete(oldest.value);
    }
    this.blockedUntil.set(ip, until);
  }
}
