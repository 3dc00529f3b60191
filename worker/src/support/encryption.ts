import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1';
const IV_BYTES = 12;
/** The full 128-bit GCM tag. A shorter one would verify with a weaker forgery bound (4 bytes: 1 in 2^32). */
const TAG_BYTES = 16;

/** AES-256-GCM with a random 96-bit IV: `v1.<iv>.<tag>.<ciphertext>`, each base64url. */
export function encrypt(plaintext: string, key: Buffer): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv, tag, body].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

/**
 * Reverses encrypt(); throws when the value was tampered with or the key is wrong. Only the
 * full 16-byte tag and a 12-byte IV are accepted: GCM would otherwise verify a truncated tag.
 */
export function decrypt(sealed: string, key: Buffer): string {
  const parts = sealed.split('.');
  const [version, iv, tag, body] = parts;
  if (parts.length !== 4 || version !== VERSION || iv === undefined || tag === undefined || body === undefined) {
    throw new Error('Not an svc-hub encrypted value.');
  }
  const ivBytes = Buffer.from(iv, 'base64url');
  const tagBytes = Buffer.from(tag, 'base64url');
  if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) throw new Error('Not an svc-hub encrypted value.');
  const decipher = createDecipheriv('aes-256-gcm', key, ivBytes, { authTagLength: TAG_BYTES });
  decipher.setAuthTag(tagBytes);
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
