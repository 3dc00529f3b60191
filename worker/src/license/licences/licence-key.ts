import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Crockford's base32: no I, L, O or U, so a key read aloud or retyped survives (docs/commerce.md "Licences and activations"). */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const GROUPS = 6;
const GROUP_LENGTH = 4;
/** 24 characters of 5 bits: 120 random bits. */
export const LICENCE_KEY_BITS = GROUPS * GROUP_LENGTH * 5;
export const LICENCE_KEY_PATTERN = /^SVC(-[0-9A-HJKMNP-TV-Z]{4}){6}$/;

/** `SVC-XXXX-XXXX-XXXX-XXXX-XXXX-XXXX`: 15 random bytes, each 5 bits one Crockford character. */
export function generateLicenceKey(): string {
  const bytes = randomBytes(LICENCE_KEY_BITS / 8);
  let bits = 0;
  let value = 0;
  let body = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      body += CROCKFORD[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  const groups = body.match(new RegExp(`.{${GROUP_LENGTH}}`, 'g'))!;
  return ['SVC', ...groups].join('-');
}

/**
 * A key as typed: case, spaces and hyphens ignored, Crockford's look-alikes read as digits
 * (O → 0, I and L → 1); the canonical spelling, or null when it cannot be a licence key.
 */
export function normaliseLicenceKey(raw: string): string | null {
  // Only ASCII letters and digits count (spaces of any kind are dropped): upper-casing would read ſ as S, ı as I.
  if (raw.length > 80 || /[^\x21-\x7e\s]/.test(raw)) return null;
  let body = raw.toUpperCase().replace(/[\s-]/g, '');
  if (!body.startsWith('SVC')) return null;
  body = body.slice(3).replace(/O/g, '0').replace(/[IL]/g, '1');
  if (body.length !== GROUPS * GROUP_LENGTH || [...body].some((character) => !CROCKFORD.includes(character))) return null;
  return ['SVC', ...body.match(new RegExp(`.{${GROUP_LENGTH}}`, 'g'))!].join('-');
}

/** The keyed hash stored and looked up (HMAC-SHA256 under the hub's secret, hex): a stolen table alone cannot test guesses. */
export function hashLicenceKey(key: string, secret: Buffer): string {
  return createHmac('sha256', secret).update(`svc-licence-key:${key}`).digest('hex');
}

/** Constant-time equality of two hashes from hashLicenceKey. */
export function sameLicenceHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** What lists show instead of the key: `SVC-` and its first group. */
export function licenceKeyPrefix(key: string): string {
  return `${key.slice(0, 8)}-…`;
}
