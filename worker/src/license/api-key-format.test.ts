import { displayPrefix, generateApiKey, generateWebhookSecret, hashApiKey, KEY_PATTERN } from './api-key-format';

describe('API key format', () => {
  it('generates distinct keys of the documented shape', () => {
    const keys = new Set(Array.from({ length: 200 }, generateApiKey));
    expect(keys.size).toBe(200);
    for (const key of keys) expect(key).toMatch(KEY_PATTERN);
  });

  it('hashes with SHA-256 and shows only a prefix', () => {
    const key = 'svc_live_ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';
    expect(hashApiKey(key)).toBe('a4419ec61e4845beb76494492a15f2f269432044f3dcb1d415edbd81f45f9dc8');
    expect(displayPrefix(key)).toBe('svc_live_ABCD…');
  });

  it('makes webhook secrets of 32 random bytes', () => {
    const secret = generateWebhookSecret();
    expect(secret.startsWith('whsec_')).toBe(true);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
  });
});
