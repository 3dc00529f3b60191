import { bodyWithSequence, messageBody } from './outbox-payload';

describe('outbox message bodies', () => {
  const data = { site_url: 'https://a.example', status: 'active', features: ['module.seo'] };

  it('carries the sequence inside the body the signature covers', () => {
    const body = messageBody('entitlement.updated', '4211', data, new Date('2026-01-01T00:00:00Z'));
    expect(body).toBe(
      '{"type":"entitlement.updated","timestamp":"2026-01-01T00:00:00.000Z","sequence":4211,"data":{"site_url":"https://a.example","status":"active","features":["module.seo"]}}',
    );
  });

  it('sends a payload that carries its sequence byte for byte, and adds it to one queued before', () => {
    const current = messageBody('entitlement.updated', '7', data);
    expect(bodyWithSequence(current, '7')).toBe(current);
    const queuedBefore = '{"type":"entitlement.updated","timestamp":"2026-01-01T00:00:00.000Z","data":{"site_url":"https://a.example"}}';
    expect(bodyWithSequence(queuedBefore, '12')).toBe(
      '{"type":"entitlement.updated","timestamp":"2026-01-01T00:00:00.000Z","sequence":12,"data":{"site_url":"https://a.example"}}',
    );
  });

  it('refuses a sequence JSON cannot carry exactly', () => {
    expect(() => messageBody('entitlement.updated', '9007199254740993', data)).toThrow(/not a whole number/);
    expect(() => messageBody('entitlement.updated', '0', data)).toThrow(/not a whole number/);
  });
});
