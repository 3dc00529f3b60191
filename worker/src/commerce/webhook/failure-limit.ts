import type { AuditOutcome, WebhookAuditLog } from './audit-log';

const WINDOW_MS = 60_000;
const REMEMBERED_ADDRESSES = 10_000;

/**
 * A per-address limit of the webhook, over the audit rows of the `counted` outcomes: an address
 * with `limit` of them in the last minute is over it until the limit-th most recent leaves the
 * minute. The failure limit counts failed verifications (answered 429 past it); the ping limit
 * counts pings (still answered 200 past it, but only tallied) — docs/woocommerce-webhook.md,
 * "Failure limit". Counted from the audit log, so every worker agrees (attempts in flight at the
 * same moment may add a few); once seen over the limit, an address is remembered in memory so a
 * flood costs no query.
 */
export class FailureLimit {
  private readonly blockedUntil = new Map<string, number>();

  constructor(
    private readonly audit: Pick<WebhookAuditLog, 'nthRecent'>,
    private readonly limit: number,
    private readonly counted: readonly AuditOutcome[],
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until `ip` is under the limit again, or 0 when it is under it now. */
  async retryAfterSeconds(ip: string): Promise<number> {
    const now = this.now();
    const remembered = this.blockedUntil.get(ip);
    if (remembered !== undefined && remembered > now) return Math.ceil((remembered - now) / 1000);
    this.blockedUntil.delete(ip);
    const nth = await this.audit.nthRecent(ip, new Date(now - WINDOW_MS), this.limit, this.counted);
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
