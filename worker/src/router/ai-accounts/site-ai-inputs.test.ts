import type { ApiError } from '../../support/api-error';
import { parseSiteAiChange } from './site-ai-inputs';

const refused = (raw: Record<string, unknown>) => {
  try {
    parseSiteAiChange(raw);
  } catch (error) {
    return (error as ApiError).data;
  }
  throw new Error('accepted');
};

describe('parseSiteAiChange', () => {
  it('takes a markup, an alert URL, and null to clear either; absent fields are kept', () => {
    expect(parseSiteAiChange({ site_url: 'https://client.example/', markup_percent: '25' })).toEqual({
      siteUrl: 'https://client.example',
      markupPercent: '25.0000',
    });
    expect(parseSiteAiChange({ site_url: 'https://client.example', markup_percent: null, alert_url: 'https://hooks.example/ai' })).toEqual({
      siteUrl: 'https://client.example',
      markupPercent: null,
      alertUrl: 'https://hooks.example/ai',
    });
  });

  it('refuses a negative, absurd or non-decimal markup, a bad URL, a missing site, and nothing to change, naming the field', () => {
    expect(refused({ site_url: 'https://client.example', markup_percent: '-5' })).toMatchObject({
      params: { markup_percent: expect.any(String) },
    });
    expect(refused({ site_url: 'https://client.example', markup_percent: '10000' })).toMatchObject({
      params: { markup_percent: expect.any(String) },
    });
    expect(refused({ site_url: 'https://client.example', markup_percent: '1e3' })).toMatchObject({
      params: { markup_percent: expect.any(String) },
    });
    expect(refused({ site_url: 'https://client.example', alert_url: 'https://user:pw@hooks.example' })).toMatchObject({
      params: { alert_url: expect.any(String) },
    });
    expect(refused({ site_url: 'https://client.example', alert_url: 'javascript:alert(1)' })).toMatchObject({
      params: { alert_url: expect.any(String) },
    });
    expect(refused({ markup_percent: '5' })).toMatchObject({ params: { site_url: expect.any(String) } });
    expect(refused({ site_url: 'https://client.example' })).toMatchObject({ params: { markup_percent: expect.any(String) } });
  });
});
