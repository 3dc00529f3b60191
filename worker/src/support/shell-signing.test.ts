import { NonceRegistry, sign, verify, type SignedParts } from './shell-signing';

const SECRET = 'test-secret-0123456789abcdef0123456789abcdef';
/** The scheme v2 test vectors of docs/api-notes.md (tests/php/signer-vector.php checks the PHP signer against the same). */
const VECTOR: SignedParts = {
  method: 'POST',
  pathAndQuery: '/wp-json/llm/router/v1/chat?trace=1',
  timestamp: '1767225600',
  nonce: '00112233445566778899aabbccddeeff',
  authorization: 'Bearer svc_live_TESTKEY',
  auth: 'bearer',
  user: '',
  clientIp: '203.0.113.7',
  body: '{"model":"mock/echo","messages":[{"role":"user","content":"hi"}]}',
};
const EXPECTED = 'v2=b2b249cc1467684fefb6930a1eb7d472d25f3670e7bc4fd4d61479afe8adc800';
const ADMIN_VECTOR: SignedParts = {
  method: 'PUT',
  pathAndQuery: '/wp-json/svc-hub/v1/admin/prices/openai/gpt-4o-mini',
  timestamp: '1767225600',
  nonce: 'ffeeddccbbaa99887766554433221100',
  authorization: '',
  auth: 'admin',
  user: '1',
  clientIp: '127.0.0.1',
  body: '{"input_per_mtok":0.15,"output_per_mtok":0.6}',
};
const ADMIN_EXPECTED = 'v2=91e7a5191c0877dd34561b3d0e8dbeb61ebd5192649ad6e295a79f3f179b4c02';

describe('shell↔worker signature', () => {
  it('matches the test vectors', () => {
    expect(sign(VECTOR, SECRET)).toBe(EXPECTED);
    expect(sign(ADMIN_VECTOR, SECRET)).toBe(ADMIN_EXPECTED);
  });

  it('accepts the vector within the window and rejects it when stale', () => {
    expect(verify(VECTOR, EXPECTED, SECRET, 1767225600 + 300)).toEqual({ ok: true });
    expect(verify(VECTOR, EXPECTED, SECRET, 1767225600 + 301)).toEqual({ ok: false, reason: 'stale timestamp' });
  });

  it.each<[string, Partial<SignedParts>]>([
    ['body', { body: VECTOR.body + ' ' }],
    ['query', { pathAndQuery: '/wp-json/llm/router/v1/chat?trace=2' }],
    ['authorization', { authorization: 'Bearer svc_live_OTHER' }],
    ['auth kind', { auth: 'admin' }],
    ['user', { user: '1' }],
    ['client ip', { clientIp: '203.0.113.8' }],
    ['method', { method: 'GET' }],
  ])('rejects a changed %s', (_name, change) => {
    expect(verify({ ...VECTOR, ...change }, EXPECTED, SECRET, 1767225600)).toEqual({
      ok: false,
      reason: 'signature mismatch',
    });
  });

  it('names the retired scheme v1 instead of a mismatch', () => {
    const result = verify(VECTOR, 'v1=4bb57358f96920c2bb1df788621e94b9de71ec60cf80847f19b96117b73f14cb', SECRET, 1767225600);
    expect(result).toEqual({ ok: false, reason: expect.stringContaining('v1 is no longer accepted') });
  });

  it('rejects malformed nonces and timestamps before computing anything', () => {
    expect(verify({ ...VECTOR, nonce: 'xyz' }, EXPECTED, SECRET, 1767225600).ok).toBe(false);
    expect(verify({ ...VECTOR, timestamp: '' }, EXPECTED, SECRET, 1767225600).ok).toBe(false);
  });

  it('lets a nonce through once within the window', () => {
    const registry = new NonceRegistry();
    expect(registry.claim(VECTOR.nonce, 1000)).toBe(true);
    expect(registry.claim(VECTOR.nonce, 1100)).toBe(false);
    expect(registry.claim('ffeeddccbbaa99887766554433221100', 1100)).toBe(true);
  });
});
