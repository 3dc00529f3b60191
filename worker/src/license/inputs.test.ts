import { parseEntitlementPatch, parseGrant, parseKeyUpdate, parseNewKey, parseStatusChange } from './inputs';

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

  it('takes an entitlement_id to address one entitlement, and refuses anything but an ent_ id', () => {
    const id = 'ent_01JZ0000000000000000000000';
    expect(parseEntitlementPatch({ site_url: 'https://a.example', entitlement_id: id, status: 'revoked', reason: 'x' }).entitlementId).toBe(
      id,
    );
    expect(parseStatusChange({ site_url: 'https://a.example', status: 'active', reason: 'x' }).entitlementId).toBeUndefined();
    for (const bad of ['ent_short', 42, null, 'ord_01JZ0000000000000000000000', `${id} `]) {
      expect(() => parseEntitlementPatch({ site_url: 'https://a.example', entitlement_id: bad, status: 'revoked', reason: 'x' })).toThrow(
        expect.objectContaining({ data: { params: { entitlement_id: expect.any(String) } } }),
      );
      expect(() => parseStatusChange({ site_url: 'https://a.example', entitlement_id: bad, status: 'revoked', reason: 'x' })).toThrow(
        expect.objectContaining({ data: { params: { entitlement_id: expect.any(String) } } }),
      );
    }
  });
});
