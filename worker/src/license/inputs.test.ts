import { parseGrant, parseKeyUpdate, parseNewKey, parseStatusChange } from './inputs';

describe('license inputs', () => {
  it('normalises a new key and applies defaults', () => {
    expect(parseNewKey({ site_url: 'HTTPS://Client.Example/', team: ' growth ' })).toEqual({
      siteUrl: 'https://client.example',
      team: 'growth',
      name: '',
      scope: 'client',
      rateLimitPerMinute: 120,
      maxConcurrentCalls: 20,
    });
  });

  it('takes either limit or both in a key update, and refuses none or a bad one', () => {
    expect(parseKeyUpdate({ max_concurrent_calls: 5 })).toEqual({ maxConcurrentCalls: 5 });
    expect(parseKeyUpdate({ rate_limit_per_minute: 7, max_concurrent_calls: 2 })).toEqual({ rateLimitPerMinute: 7, maxConcurrentCalls: 2 });
    expect(() => parseKeyUpdate({})).toThrow(expect.objectContaining({ code: 'svc_invalid_request' }));
    for (const bad of [0, -1, 1.5, '3', 10_001, null]) {
      expect(() => parseKeyUpdate({ max_concurrent_calls: bad })).toThrow(
        expect.objectContaining({ data: { params: { max_concurrent_calls: expect.any(String) } } }),
      );
    }
  });

  it('names every bad field of a new key', () => {
    expect(() => parseNewKey({ site_url: 'ftp://x', scope: 'root', rate_limit_per_minute: 0 })).toThrow(
      expect.objectContaining({
        code: 'svc_invalid_request',
        data: {
          params: expect.objectContaining({
            site_url: expect.any(String),
            team: 'is required',
            scope: expect.any(String),
            rate_limit_per_minute: expect.any(String),
          }),
        },
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
