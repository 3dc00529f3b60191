import { parseTrustedProxies } from './trusted-proxies';

describe('parseTrustedProxies (SVC_TRUST_PROXY)', () => {
  it.each([
    ['loopback', ['loopback']],
    ['127.0.0.1, 10.0.0.0/8 ,::1', ['127.0.0.1', '10.0.0.0/8', '::1']],
    ['uniquelocal,fd00::/8', ['uniquelocal', 'fd00::/8']],
  ])('takes %s', (raw, expected) => {
    expect(parseTrustedProxies(raw)).toEqual(expected);
  });

  it.each(['true', '1', 'all', '', '10.0.0.0/33', '10.0.0.1/8/1', 'example.com', '::1/129'])(
    'refuses %s (it would trust anyone, or is no address)',
    (raw) => {
      expect(parseTrustedProxies(raw)).toBeNull();
    },
  );
});
