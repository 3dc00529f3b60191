import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a download URL lasts (docs/commerce.md "Releases and updates"). */
export const DOWNLOAD_TOKEN_SECONDS = 15 * 60;

/** What a download token grants: one release, to one site, until a moment. */
export interface DownloadGrant {
  releaseId: string;
  siteUrl: string;
  /** Unix seconds. */
  expiresAt: number;
}

/** Random bytes in each token, so no two links are alike (each is claimed once: download-claims.ts). */
const NONCE_BYTES = 9;

export type TokenCheck = { ok: true; grant: DownloadGrant } | { ok: false; reason: 'malformed' | 'tampered' | 'expired' };

/**
 * Signed download tokens: base64url(JSON {r, s, e, n}) + "." + base64url(HMAC-SHA256), keyed by
 * a key derived from the worker's secret for this purpose alone; `n` is a random nonce. The token
 * is the authority of `GET /downloads/{token}` (no Bearer); its one use is recorded by
 * download-claims.ts.
 */
export class DownloadTokens {
  private readonly key: Buffer;

  constructor(secret: Buffer) {
    this.key = createHmac('sha256', secret).update('svc-hub release download v1').digest();
  }

  issue(releaseId: string, siteUrl: string, now = Date.now(), seconds = DOWNLOAD_TOKEN_SECONDS): string {
    const payload = Buffer.from(
      JSON.stringify({ r: releaseId, s: siteUrl, e: Math.floor(now / 1000) + seconds, n: randomBytes(NONCE_BYTES).toString('base64url') }),
    ).toString('base64url');
    return `${payload}.${this.sign(payload)}`;
  }

  check(token: string, now = Date.now()): TokenCheck {
    const match = /^([A-Za-z0-9_-]{1,1400})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return { ok: false, reason: 'malformed' };
    // The signature as written, not decoded: its last character has two bits no byte uses, and a
    // second spelling of one token would be a second link (each link is claimed once).
    const given = Buffer.from(match[2]!, 'latin1');
    const expected = Buffer.from(this.sign(match[1]!), 'latin1');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'tampered' };
    const grant = readPayload(match[1]!);
    if (!grant) return { ok: false, reason: 'malformed' };
    if (grant.expiresAt * 1000 <= now) return { ok: false, reason: 'expired' };
    return { ok: true, grant };
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}

function readPayload(payload: string): DownloadGrant | null {
  try {
    const raw = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { r?: unknown; s?: unknown; e?: unknown; n?: unknown };
    if (typeof raw.r !== 'string' || typeof raw.s !== 'string' || !Number.isInteger(raw.e) || typeof raw.n !== 'string') return null;
    return { releaseId: raw.r, siteUrl: raw.s, expiresAt: raw.e as number };
  } catch {
    return null;
  }
}
