import {
  generateLicenceKey,
  hashLicenceKey,
  LICENCE_KEY_BITS,
  LICENCE_KEY_PATTERN,
  licenceKeyPrefix,
  normaliseLicenceKey,
  sameLicenceHash,
} from './licence-key';

describe('licence keys (docs/commerce.md "Licences and activations")', () => {
  it('reads as SVC and six groups of four Crockford characters, at least 100 random bits', () => {
    expect(LICENCE_KEY_BITS).toBeGreaterThanOrEqual(100);
    const keys = Array.from({ length: 2000 }, generateLicenceKey);
    for (const key of keys) expect(key).toMatch(LICENCE_KEY_PATTERN);
    expect(new Set(keys).size).toBe(keys.length);
    // Every one of the 32 characters turns up in every position over 2000 keys (a stuck bit would not).
    for (let position = 4; position < keys[0]!.length; position += 1) {
      if (keys[0]![position] === '-') continue;
      expect(new Set(keys.map((key) => key[position])).size).toBe(32);
    }
  });

  it('normalises what a buyer types, and refuses what cannot be a key', () => {
    const key = 'SVC-0123-4567-89AB-CDEF-GHJK-MNPQ';
    expect(normaliseLicenceKey(' svc 0123 4567-89ab-cdef-ghjk-mnpq ')).toBe(key);
    expect(normaliseLicenceKey('SVC-O123-4567-89AB-CDEF-GHJK-MNPQ')).toBe(key);
    expect(normaliseLicenceKey('SVC-0123-4567-89AB-CDEF-GHJK-MNPU')).toBeNull();
    expect(normaliseLicenceKey('SVC-0123-4567-89AB-CDEF-GHJK')).toBeNull();
    expect(normaliseLicenceKey('KEY-0123-4567-89AB-CDEF-GHJK-MNPQ')).toBeNull();
    expect(normaliseLicenceKey('S'.repeat(500))).toBeNull();
    // Pasted with non-breaking spaces: still the key. Look-alikes outside ASCII are not letters of it.
    expect(normaliseLicenceKey('SVC\u00a00123\u00a04567-89AB-CDEF-GHJK-MNPQ')).toBe(key);
    expect(normaliseLicenceKey('\u017fVC-0123-4567-89AB-CDEF-GHJK-MNPQ')).toBeNull();
    expect(normaliseLicenceKey('SVC-0123-4567-89AB-CDEF-GHJK-MNPQ'.replace('1', '\u0131'))).toBeNull();
  });

  it('stores a keyed hash compared in constant time, and shows only the first group', () => {
    const key = generateLicenceKey();
    const secret = Buffer.alloc(32, 7);
    const hash = hashLicenceKey(key, secret);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashLicenceKey(key, Buffer.alloc(32, 8))).not.toBe(hash);
    expect(sameLicenceHash(hash, hashLicenceKey(key, secret))).toBe(true);
    expect(sameLicenceHash(hash, hashLicenceKey(generateLicenceKey(), secret))).toBe(false);
    expect(sameLicenceHash(hash, 'ab')).toBe(false);
    expect(licenceKeyPrefix(key)).toBe(`${key.slice(0, 8)}-…`);
  });
});
