import { isStagingSite, validStagingPattern } from './staging-hosts';

describe('staging and development sites (docs/commerce.md "Licences and activations")', () => {
  it.each([
    'http://localhost',
    'http://localhost:8080',
    'http://127.0.0.1',
    'http://10.1.2.3',
    'http://192.168.1.20',
    'http://169.254.10.10',
    'http://[::1]',
    'http://[fe80::1]',
    'http://intranet',
    'https://shop.local',
    'https://shop.test',
    'https://wp.localhost',
    'https://shop.invalid',
    'https://shop.example',
    'https://staging.acme.com',
    'https://stage.acme.com',
    'https://dev.acme.com',
    'https://test.acme.com',
    'https://acme.wpengine.com',
    'https://acme.wpenginepowered.com',
    'https://env-acme-staging.kinsta.cloud',
    'https://dev-acme.pantheonsite.io',
    'https://test-acme.pantheonsite.io',
    'https://acme.flywheelstaging.com',
    'https://wordpress-123-456.cloudwaysapps.com',
    'https://acme.sg-host.com',
    'https://acme.instawp.xyz',
  ])('%s takes no seat', (site) => {
    expect(isStagingSite(site)).toBe(true);
  });

  it.each([
    'https://acme.com',
    'https://www.acme.com',
    'https://shop.acme.co.uk',
    'https://live-acme.pantheonsite.io',
    'https://developer.acme.com',
    'https://latest.acme.com',
    'https://93.184.216.34',
    'https://acme.com.evil',
  ])('%s is a production site', (site) => {
    expect(isStagingSite(site)).toBe(false);
  });

  it("adds the customer's own patterns", () => {
    expect(isStagingSite('https://preview.acme.com')).toBe(false);
    expect(isStagingSite('https://preview.acme.com', ['preview.acme.com'])).toBe(true);
    expect(isStagingSite('https://pr-12.review.acme.com', ['*.review.acme.com'])).toBe(true);
    expect(isStagingSite('https://review.acme.com', ['*.review.acme.com'])).toBe(false);
  });

  it('accepts only host patterns as per-customer patterns', () => {
    expect(validStagingPattern('*.review.acme.com')).toBe(true);
    expect(validStagingPattern('preview.acme.com')).toBe(true);
    for (const bad of ['*', 'acme', '*.', 'a..b.com', 'Preview.acme.com', 'acme.com/path', '(.*)', 'x'.repeat(200) + '.com'])
      expect(validStagingPattern(bad)).toBe(false);
  });
});
