import { createHash, hash, randomBytes } from 'node:crypto';

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const KEY_PREFIX = 'svc_live_';
export const KEY_PATTERN = /^svc_live_[A-Za-z0-9]{32}$/;

/** `svc_live_` + 32 uniformly random base62 characters (rejection sampling, no modulo bias). */
export function generateApiKey(): string {
  let body = '';
  while (body.length < 32) {
    for (const byte of randomBytes(48)) {
      if (byte < 248 && body.length < 32) body += BASE62[byte % 62];
    }
  }
  return KEY_PREFIX + body;
}

/** `whsec_` + base64 of 32 random bytes; the HMAC key is the decoded bytes (Standard Webhooks). */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** Node's one-shot digest (20.12+): no Hash object per key looked up; older 20.x use createHash. */
const oneShotHash: typeof hash | undefined = hash;

/** The SHA-256 of a key, in hex: what is stored and looked up (never the key). */
export function hashApiKey(key: string): string {
  return oneShotHash ? oneShotHash('sha256', key, 'hex') : createHash('sha256').update(key).digest('hex');
}

/** What lists show instead of the key: the fixed prefix and the first four random characters. */
export function displayPrefix(key: string): string {
  return `${key.slice(0, KEY_PREFIX.length + 4)}…`;
}
