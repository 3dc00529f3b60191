import { NonceRegistry, sign, verify, type SignedParts } from './signature';

const SECRET = 'test-secret-0123456789abcdef0123456789abcdef';
const VECTOR: SignedParts = {
  method: 'POST',
  pathAndQuery: '/wp-json/llm/router/v1/chat?trace=1',
  timestamp: '1767225600',
  nonce: '00112233445566778899aabbccddeeff',
  authorization: 'Bearer svc_live_TESTKEY',
  user: '',
  clientIp: '203.0.113.7',
  body: '{"model":"mock/echo","messages":[{"role":"user","content":"hi"}]}',
};
const EXPECTED = 'v1=4bb57358f96920c2bb1df788621e94b9de71ec60cf80847f19b96117b73f14cb';

describe('shell↔worker signature', () => {
  it('matches the DESIGN test vector', () => {
    expect(sign(VECTOR, SECRET)).toBe(EXPECTED);
  });

  it('accepts the vector within the window and rejects it when stale', () => {
    expect(verify(VECTOR, EXPECTED, SECRET, 1767225600 + 300)).toEqual({ ok: true });
    expect(verify(VECTOR, EXPECTED, SECRET, 1767225600 + 301)).toEqual({ ok: false, reason: 'stale timestamp' });
  });

  it.each<[string, Partial<SignedParts>]>([
    ['body', { body: VECTOR.body + ' ' }],
    ['query', { pathAndQuery: '/wp-json/llm/router/v1/chat?trace=2' }],
    ['authorization', { authorization: 'Bearer svc_live_OTHER' }],
    ['user', { user: '1' }],
    ['client ip', { clientIp: '203.0.113.8' }],
    ['method', { method: 'GET' }],
  ])('rejects a changed %s', (_name, change) => {
    expect(verify({ ...VECTOR, ...change }, EXPECTED, SECRET, 1767225600)).toEqual({
      ok: false,
      reason: 'signature mismatch',
    });
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
