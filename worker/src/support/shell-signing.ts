import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The shell↔worker request signature, used in both directions (docs/architecture.md §1 as amended in
 * docs/api-notes.md: scheme v2 adds the route's auth kind). Lines joined by "\n": v2, METHOD,
 * path?query, timestamp, nonce, sha256(Authorization), auth kind, user, client ip,
 * sha256(raw body). Header value: `v2=<hex HMAC-SHA256>`.
 */
export interface SignedParts {
  method: string;
  pathAndQuery: string;
  timestamp: string;
  nonce: string;
  authorization: string;
  /** The auth kind of the shell's route-table row (`public`, `bearer`, `webhook`, `admin`, `internal`). */
  auth: string;
  user: string;
  clientIp: string;
  body: Buffer | string;
  /** sha256hex of the body when it was hashed while streaming (the webhook's body may exceed what is kept). */
  bodySha256?: string;
}

export const SIGNATURE_HEADERS = {
  timestamp: 'x-svc-hub-timestamp',
  nonce: 'x-svc-hub-nonce',
  auth: 'x-svc-hub-auth',
  user: 'x-svc-hub-user',
  clientIp: 'x-svc-hub-client-ip',
  signature: 'x-svc-hub-signature',
} as const;

export const SIGNATURE_VERSION = 'v2';
export const MAX_CLOCK_SKEW_SECONDS = 300;

const sha256Hex = (value: Buffer | string): string => createHash('sha256').update(value).digest('hex');

export function canonicalString(parts: SignedParts): string {
  return [
    SIGNATURE_VERSION,
    parts.method.toUpperCase(),
    parts.pathAndQuery,
    parts.timestamp,
    parts.nonce,
    sha256Hex(parts.authorization),
    parts.auth,
    parts.user,
    parts.clientIp,
    parts.bodySha256 ?? sha256Hex(parts.body),
  ].join('\n');
}

export function sign(parts: SignedParts, secret: string): string {
  return `${SIGNATURE_VERSION}=${createHmac('sha256', secret).update(canonicalString(parts)).digest('hex')}`;
}

export type VerifyResult = { ok: true } | { ok: false; reason: string };

/** Checks format, freshness and the HMAC; replay is the caller's job (see ShellNonceStore). */
export function verify(parts: SignedParts, signature: string, secret: string, nowSeconds: number): VerifyResult {
  if (!/^\d{1,12}$/.test(parts.timestamp)) return { ok: false, reason: 'missing or malformed timestamp' };
  if (!/^[0-9a-f]{32}$/.test(parts.nonce)) return { ok: false, reason: 'missing or malformed nonce' };
  if (Math.abs(nowSeconds - Number(parts.timestamp)) > MAX_CLOCK_SKEW_SECONDS) {
    return { ok: false, reason: 'stale timestamp' };
  }
  if (signature.startsWith('v1=')) return { ok: false, reason: 'signature scheme v1 is no longer accepted (update the svc-hub plugin)' };
  const expected = Buffer.from(sign(parts, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { ok: false, reason: 'signature mismatch' };
  }
  return { ok: true };
}

/**
 * Remembers nonces for the freshness window, in this process: the fast path of replay
 * protection (a replay to the same worker is refused without a query; ShellNonceStore claims
 * every new nonce in MySQL for the other workers). Bounded: entries expire with the window;
 * past `capacity` the oldest are dropped, which only matters under a flood that the
 * stale-timestamp check already bounds.
 */
export class NonceRegistry {
  private readonly seen = new Map<string, number>();

  constructor(private readonly capacity = 200_000) {}

  /** True when the nonce is new (and records it); false when it was seen in the window. */
  claim(nonce: string, nowSeconds: number): boolean {
    this.evict(nowSeconds);
    if (this.seen.has(nonce)) return false;
    this.seen.set(nonce, nowSeconds + MAX_CLOCK_SKEW_SECONDS * 2);
    return true;
  }

  private evict(nowSeconds: number): void {
    for (const [nonce, expiresAt] of this.seen) {
      if (expiresAt > nowSeconds && this.seen.size < this.capacity) break;
      this.seen.delete(nonce);
    }
  }
}
