import { combinedResult, hubOrderPayments, paymentMismatch } from './hub-order-payments';
import type { OrderRecord } from './orders';
import type { PackageRecord } from './packages';
import type { WooOrderFacts, WooOrderLine } from './woo-order';

const FIRST = 'ord_01JD0000000000000000000001';
const SECOND = 'ord_01JD0000000000000000000002';

const line = (hubOrderId: string | null, total: string, siteUrl: string | null = null, productId = 77): WooOrderLine => ({
  productId,
  variationId: null,
  total,
  hubOrderId,
  siteUrl,
});

const facts = (overrides: Partial<WooOrderFacts> = {}): WooOrderFacts => ({
  store: 'https://store.example/',
  wooOrderId: 512,
  status: 'processing',
  currency: 'EUR',
  total: '98.00',
  datePaid: new Date('2026-11-20T10:00:05Z'),
  dateModified: new Date('2026-11-20T10:00:06Z'),
  productIds: [77],
  lines: [],
  hubOrderId: null,
  siteUrl: null,
  ...overrides,
});

const order = (id: string, siteUrl: string): OrderRecord => ({
  id,
  apiKeyId: 'key_1',
  packageId: 'seo',
  siteUrl,
  status: 'pending',
  total: { amount: '49.00', currency: 'EUR' },
  store: 'https://store.example/',
  paymentUrl: '',
  wooOrderId: null,
  buyer: null,
  lastEventAt: null,
  paidAt: null,
  createdAt: new Date(),
  updatedAt: new Date(),
});

const pkg = { packageId: 'seo', wooProductId: 77 } as PackageRecord;

describe('hubOrderPayments', () => {
  it('pays each hub order its own lines name, with their totals, whatever the order meta says (two pay links, one cart)', () => {
    const payments = hubOrderPayments(
      facts({
        hubOrderId: SECOND,
        lines: [line(SECOND, '49.00', 'https://two.example'), line(FIRST, '40.00', 'https://one.example'), line(FIRST, '9.00', null, 78)],
      }),
    );
    expect(payments).toEqual([
      {
        hubOrderId: FIRST,
        siteUrl: 'https://one.example',
        productIds: [77, 78],
        paidMicros: 49_000_000n,
        paidAs: 'line total',
        paidText: '49.00',
      },
      {
        hubOrderId: SECOND,
        siteUrl: 'https://two.example',
        productIds: [77],
        paidMicros: 49_000_000n,
        paidAs: 'line total',
        paidText: '49.00',
      },
    ]);
  });

  it('falls back to the order meta and the order total when no line names a hub order (orders from before per-line meta)', () => {
    expect(hubOrderPayments(facts({ hubOrderId: FIRST, siteUrl: 'https://one.example', lines: [line(null, '98.00')] }))).toEqual([
      { hubOrderId: FIRST, siteUrl: 'https://one.example', productIds: [77], paidMicros: 98_000_000n, paidAs: 'total', paidText: '98.00' },
    ]);
    expect(hubOrderPayments(facts({ hubOrderId: FIRST, lines: undefined }))).toHaveLength(1);
    expect(hubOrderPayments(facts())).toEqual([]);
  });
});

describe('paymentMismatch', () => {
  const [first, second] = hubOrderPayments(
    facts({ lines: [line(FIRST, '40.00', 'https://one.example'), line(SECOND, '58.00', 'https://two.example', 78)] }),
  );

  it("judges each hub order by its own lines: a line below the price does not borrow from another line's money", () => {
    expect(paymentMismatch(first!, facts(), order(FIRST, 'https://one.example'), pkg)).toBe('line total 40.00 is below the price 49.00');
    expect(paymentMismatch(second!, facts(), order(SECOND, 'https://two.example'), pkg)).toBe(
      `product 77 of package "seo" is not among the lines naming ${SECOND}`,
    );
    expect(paymentMismatch(second!, facts(), order(SECOND, 'https://two.example'), { ...pkg, wooProductId: 78 })).toBeNull();
  });

  it("checks each line's site against its own hub order", () => {
    expect(paymentMismatch(second!, facts(), order(SECOND, 'https://one.example'), { ...pkg, wooProductId: 78 })).toBe(
      "svc_site_url https://two.example is not the order's site https://one.example",
    );
  });
});

describe('combinedResult', () => {
  it('keeps a single result as it is, and reports every hub order of several', () => {
    const applied = { outcome: 'applied' as const, reason: 'order pending → paid', orderId: SECOND };
    const missed = { outcome: 'unmatched' as const, reason: 'line total 40.00 is below the price 49.00', orderId: FIRST };
    expect(combinedResult([missed])).toBe(missed);
    expect(combinedResult([missed, applied])).toEqual({
      outcome: 'applied',
      orderId: SECOND,
      reason: `${FIRST}: unmatched, line total 40.00 is below the price 49.00; ${SECOND}: applied, order pending → paid`,
      orders: [missed, applied],
    });
  });
});
