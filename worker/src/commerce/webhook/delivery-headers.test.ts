import { AUDIT_HEADER_LIMITS, auditHeaders, pingWebhookId, readDeliveryHeaders } from './delivery-headers';

const WOO_RAW = [
  'Host',
  'hub.example',
  'User-Agent',
  'WooCommerce/9.4.2 Hookshot (WordPress/6.7.1)',
  'Content-Type',
  'application/json',
  'X-WC-Webhook-Source',
  'https://shop.example/',
  'X-WC-Webhook-Topic',
  'order.updated',
  'X-WC-Webhook-Resource',
  'order',
  'X-WC-Webhook-Event',
  'updated',
  'X-WC-Webhook-Signature',
  'c2lnbmF0dXJl',
  'X-WC-Webhook-ID',
  '12',
  'X-WC-Webhook-Delivery-ID',
  'f4c1e2',
];

const reader = (raw: string[]) => (name: string) => {
  const index = raw.findIndex((value, position) => position % 2 === 0 && value.toLowerCase() === name);
  return index < 0 ? undefined : raw[index + 1];
};

const read = (raw: string[]) => readDeliveryHeaders(reader(raw), raw);
const NONE = read(['Content-Type', 'application/x-www-form-urlencoded']);

describe('delivery headers', () => {
  it('reads the X-WC-Webhook-* headers whatever their case', () => {
    expect(read(WOO_RAW)).toEqual({
      source: 'https://shop.example/',
      topic: 'order.updated',
      signature: 'c2lnbmF0dXJl',
      webhookId: '12',
      deliveryId: 'f4c1e2',
      anyWooHeader: true,
    });
    expect(NONE).toEqual({ source: null, topic: null, signature: null, webhookId: null, deliveryId: null, anyWooHeader: false });
    expect(read(['x-wc-webhook-event', 'updated']).anyWooHeader).toBe(true);
    expect(read(['X-WC-Webhook-Signature', '   ']).signature).toBeNull();
  });
});

describe('ping detection', () => {
  const body = (text: string) => Buffer.from(text);

  it("recognises WooCommerce's form-encoded ping and returns its webhook id", () => {
    expect(pingWebhookId('application/x-www-form-urlencoded', body('webhook_id=12'), NONE)).toBe('12');
    expect(pingWebhookId('application/x-www-form-urlencoded; charset=UTF-8', body('webhook_id=7'), NONE)).toBe('7');
  });

  it.each([
    ['a JSON content type', 'application/json', 'webhook_id=12', NONE],
    ['no content type', undefined, 'webhook_id=12', NONE],
    ['another field', 'application/x-www-form-urlencoded', 'webhook_id=12&x=1', NONE],
    ['a non-numeric id', 'application/x-www-form-urlencoded', 'webhook_id=abc', NONE],
    ['an empty body', 'application/x-www-form-urlencoded', '', NONE],
    ['X-WC-Webhook-* headers', 'application/x-www-form-urlencoded', 'webhook_id=12', read(WOO_RAW)],
  ])('is not fooled by %s', (_label, contentType, text, headers) => {
    expect(pingWebhookId(contentType, body(text), headers)).toBeNull();
  });
});

describe('audit headers', () => {
  it('keeps every header as sent, in order, but never credentials', () => {
    const kept = JSON.parse(
      auditHeaders([...WOO_RAW, 'Authorization', 'Bearer svc_live_x', 'Cookie', 'wordpress_logged_in=1', 'proxy-authorization', 'Basic x']),
    ) as string[][];
    expect(kept).toHaveLength(WOO_RAW.length / 2);
    expect(kept[3]).toEqual(['X-WC-Webhook-Source', 'https://shop.example/']);
    expect(JSON.stringify(kept)).not.toMatch(/svc_live_x|wordpress_logged_in|Basic x/);
  });

  it('keeps at most 40 headers and 8 KiB, cuts long values, and counts what it could not keep', () => {
    const many = Array.from({ length: 200 }, (_, index) => [`X-Padding-${index}`, 'v']).flat();
    const counted = JSON.parse(auditHeaders(many)) as string[][];
    expect(counted).toHaveLength(AUDIT_HEADER_LIMITS.count + 1);
    expect(counted[counted.length - 1]).toEqual(['(not kept)', '160 more header(s) over the limits']);

    const large = Array.from({ length: 30 }, (_, index) => [`X-Large-${index}`, 'ü'.repeat(5000)]).flat();
    const text = auditHeaders(large);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(AUDIT_HEADER_LIMITS.totalBytes);
    const pairs = JSON.parse(text) as string[][];
    expect(pairs[0]![1]).toBe(`${'ü'.repeat(512)}… (10000 bytes)`);
    expect(pairs[pairs.length - 1]).toEqual(['(not kept)', `${30 - (pairs.length - 1)} more header(s) over the limits`]);
    expect(JSON.parse(auditHeaders(['X'.repeat(5000), 'v']))[0][0]).toHaveLength(AUDIT_HEADER_LIMITS.nameChars);
  });
});
