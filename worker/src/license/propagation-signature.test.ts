import { signingKey, webhookSignature } from './propagation-signature';

/**
 * The reference vector of the Standard Webhooks JavaScript library ("sign function works",
 * standard-webhooks/standard-webhooks, libraries/javascript/src/webhook.test.ts).
 */
const VECTOR = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: 1614265330,
  body: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};

describe('Standard Webhooks signature', () => {
  it('matches the reference vector', () => {
    expect(webhookSignature([VECTOR.secret], VECTOR.id, VECTOR.timestamp, VECTOR.body)).toBe(VECTOR.signature);
  });

  it('uses the decoded bytes after whsec_ as the key', () => {
    expect(signingKey(VECTOR.secret)).toEqual(Buffer.from('MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'base64'));
    expect(webhookSignature(['MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'], VECTOR.id, VECTOR.timestamp, VECTOR.body)).toBe(VECTOR.signature);
  });

  it('signs once per secret, space-separated, without repeating one', () => {
    const other = `whsec_${Buffer.alloc(32, 1).toString('base64')}`;
    const header = webhookSignature([other, VECTOR.secret, VECTOR.secret], VECTOR.id, VECTOR.timestamp, VECTOR.body);
    const entries = header.split(' ');
    expect(entries).toHaveLength(2);
    expect(entries[1]).toBe(VECTOR.signature);
    expect(entries[0]).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
  });

  it('changes with any byte of id, timestamp or body', () => {
    const base = webhookSignature([VECTOR.secret], VECTOR.id, VECTOR.timestamp, VECTOR.body);
    expect(webhookSignature([VECTOR.secret], `${VECTOR.id}x`, VECTOR.timestamp, VECTOR.body)).not.toBe(base);
    expect(webhookSignature([VECTOR.secret], VECTOR.id, VECTOR.timestamp + 1, VECTOR.body)).not.toBe(base);
    expect(webhookSignature([VECTOR.secret], VECTOR.id, VECTOR.timestamp, `${VECTOR.body} `)).not.toBe(base);
  });
});
