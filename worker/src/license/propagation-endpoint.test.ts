import { parseNewKey } from './inputs';
import { parseWebhookEndpoint } from './propagation-endpoint';

describe('webhook endpoint of a key', () => {
  it.each([
    ['https://client.example/wp-json/svc-client/v1/entitlement', 'https://client.example/wp-json/svc-client/v1/entitlement'],
    [' http://127.0.0.1:9000/hooks/a?x=1 ', 'http://127.0.0.1:9000/hooks/a?x=1'],
  ])('accepts %s', (value, expected) => {
    expect(parseWebhookEndpoint(value)).toBe(expected);
  });

  it.each([
    '',
    'client.example/hook',
    'ftp://client.example/',
    'https://user:pw@client.example/',
    'https://client.example/#x',
    `https://client.example/${'a'.repeat(500)}`,
    42,
    null,
  ])('refuses %p', (value) => {
    expect(parseWebhookEndpoint(value)).toBeNull();
  });

  it('is optional on a new key, and named when bad', () => {
    expect(parseNewKey({ site_url: 'https://client.example', team: 't' }).webhookEndpoint).toBeUndefined();
    expect(
      parseNewKey({ site_url: 'https://client.example', team: 't', webhook_endpoint: 'https://hooks.example/in' }).webhookEndpoint,
    ).toBe('https://hooks.example/in');
    expect(() => parseNewKey({ site_url: 'https://client.example', team: 't', webhook_endpoint: 'javascript:alert(1)' })).toThrow(
      expect.objectContaining({ data: { params: { webhook_endpoint: expect.stringContaining('absolute http(s) URL') } } }),
    );
  });
});
