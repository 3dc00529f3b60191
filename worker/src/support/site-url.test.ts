import { normaliseSiteUrl } from './site-url';

describe('normaliseSiteUrl', () => {
  it.each([
    ['https://Client.Example.com/', 'https://client.example.com'],
    ['HTTPS://client.example.com:443/shop/', 'https://client.example.com/shop'],
    ['http://client.example.com:8080/?a=1#x', 'http://client.example.com:8080'],
    ['  http://127.0.0.1:8888  ', 'http://127.0.0.1:8888'],
  ])('normalises %s', (input, expected) => {
    expect(normaliseSiteUrl(input)).toBe(expected);
  });

  it.each([['ftp://example.com'], ['example.com'], [''], ['https://user:pw@example.com'], [42], [null], ['x'.repeat(300)]])(
    'refuses %p',
    (input) => {
      expect(normaliseSiteUrl(input)).toBeNull();
    },
  );
});
