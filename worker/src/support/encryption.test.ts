import { createCipheriv, randomBytes } from 'node:crypto';
import { decrypt, encrypt } from './encryption';

const key = randomBytes(32);

/** A value sealed as encrypt() does, but with a GCM tag of `tagBytes` (as an attacker could store). */
function sealWithTag(plaintext: string, tagBytes: number): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: tagBytes });
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

describe('encryption (AES-256-GCM)', () => {
  it('round-trips a value', () => {
    expect(decrypt(encrypt('sk-secret-provider-key', key), key)).toBe('sk-secret-provider-key');
  });

  it('refuses a value sealed with a 4-byte tag (a 1 in 2^32 forgery chance if accepted)', () => {
    expect(() => decrypt(sealWithTag('sk-secret', 4), key)).toThrow();
  });

  it('refuses the real tag cut to 4 or 12 bytes', () => {
    const [version, iv, tag, body] = encrypt('sk-secret', key).split('.') as [string, string, string, string];
    for (const length of [4, 12]) {
      const short = Buffer.from(tag, 'base64url').subarray(0, length).toString('base64url');
      expect(() => decrypt([version, iv, short, body].join('.'), key)).toThrow();
    }
  });

  it('refuses a tampered body, a wrong key and extra parts', () => {
    const sealed = encrypt('sk-secret', key);
    const [version, iv, tag, body] = sealed.split('.') as [string, string, string, string];
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => decrypt([version, iv, tag, flipped.toString('base64url')].join('.'), key)).toThrow();
    expect(() => decrypt(sealed, randomBytes(32))).toThrow();
    expect(() => decrypt(`${sealed}.extra`, key)).toThrow();
  });
});
