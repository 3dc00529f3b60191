import { parseGrant, parseNewKey, parseStatusChange } from './inputs';

describe('license inputs', () => {
  it('normalises a new key and applies defaults', () => {
    expect(parseNewKey({ site_url: 'HTTPS://Client.Example/', team: ' growth ' })).toEqual({
      siteUrl: 'https://client.example',
      team: 'growth',
      name: '',
      scope: 'client',
      rateLimitPerMinute: 120,
    });
  });

  it('names every bad field of a new key', () => {
    expect(() => parseNewKey({ site_url: 'ftp://x', scope: 'root', rate_limit_per_minute: 0 })).toThrow(
      expect.objectContaining({
        code: 'svc_invalid_request',
        data: { params: expect.objectContaining({ site_url: expect.any(String), team: 'is required', scope: expect.any(String), rate_limit_per_minute: expect.any(String) }) },
      }),
    );
  });

  it('dedupes and sorts granted features and refuses bad codes', () => {
    expect(parseGrant({ site_url: 'https://a.example', features: ['llm.embeddings', 'llm.chat', 'llm.chat'] }).features).toEqual([
      'llm.chat',
      'llm.embeddings',
    ]);
    expect(() => parseGrant({ site_url: 'https://a.example', features: ['LLM CHAT'] })).toThrow(
      expect.objectContaining({ code: 'svc_invalid_request' }),
    );
    expect(() => parseGrant({ site_url: 'https://a.example', features: ['x'], expires_at: 'soon' })).toThrow(
      expect.objectContaining({ data: { params: { expires_at: expect.any(String) } } }),
    );
  });

  it('requires a reason and a known status for a status change', () => {
    expect(() => parseStatusChange({ site_url: 'https://a.example', status: 'paused' })).toThrow(
      expect.objectContaining({ data: { params: { status: expect.any(String), reason: 'is required' } } }),
    );
    expect(parseStatusChange({ site_url: 'https://a.example', status: 'suspended', reason: 'chargeback' }).status).toBe('suspended');
  });
});
