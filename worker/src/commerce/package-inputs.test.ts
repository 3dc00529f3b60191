import { ApiError } from '../support/api-error';
import { parsePackage } from './package-inputs';

const valid = { package_id: 'seo-pro', name: 'SEO Pro', price: { amount: '49.00', currency: 'EUR' }, features: ['module.seo'] };

function params(raw: Record<string, unknown>): Record<string, string> {
  try {
    parsePackage(raw);
  } catch (error) {
    if (error instanceof ApiError) return error.data.params as Record<string, string>;
    throw error;
  }
  return {};
}

describe('parsePackage: price and counts', () => {
  it('takes a plain price and counts as JSON numbers or plain digits', () => {
    expect(parsePackage({ ...valid, duration_days: '365', woo_product_id: 77 })).toMatchObject({
      price: { amount: '49.00', currency: 'EUR' },
      durationDays: 365,
      wooProductId: 77,
    });
  });

  it('refuses hostile spellings of the price and the counts by field', () => {
    expect(
      Object.keys(params({ ...valid, price: { amount: '0x10', currency: 'EUR' }, duration_days: '1e3', woo_product_id: ' 77' })),
    ).toEqual(['price.amount', 'duration_days', 'woo_product_id']);
    expect(params({ ...valid, price: { amount: '0.001', currency: 'EUR' } })).toEqual({
      'price.amount': 'is below 0.01, the smallest amount stored; give 0 or at least 0.01',
    });
    expect(params({ ...valid, duration_days: '0365' })).toEqual({
      duration_days: 'must be an integer from 1 to 36500 (plain digits), or null',
    });
  });
});

describe('parsePackage: seats (docs/commerce.md "Licences and activations")', () => {
  it('reads the seat limit, null when absent (unlimited), and refuses zero or a fraction by field', () => {
    expect(parsePackage({ ...valid, sites: 2 }).sites).toBe(2);
    expect(parsePackage({ ...valid, sites: null }).sites).toBeNull();
    expect(parsePackage(valid).sites).toBeNull();
    expect(params({ ...valid, sites: 0 })).toEqual({ sites: 'must be an integer from 1 to 100000 (plain digits), or null' });
    expect(Object.keys(params({ ...valid, sites: 1.5 }))).toEqual(['sites']);
  });
});

describe('parsePackage: AI terms (docs/commerce.md "AI allowances and credits")', () => {
  it('reads an allowance, overage, markup and a credit pack', () => {
    expect(
      parsePackage({ ...valid, ai_allowance: { amount: '5', period: 'month' }, overage: { mode: 'bill', cap: 20 }, markup_percent: '25' }),
    ).toMatchObject({
      kind: 'standard',
      aiAllowance: { amount: '5.00000000', period: 'month' },
      overage: { mode: 'bill', cap: '20.00000000' },
      markupPercent: '25.0000',
      creditAmount: null,
    });
    expect(parsePackage({ ...valid, kind: 'credit', credit_amount: '10.50', credit_scope: 'customer' })).toMatchObject({
      kind: 'credit',
      creditAmount: '10.50000000',
      creditScope: 'customer',
      aiAllowance: null,
      overage: null,
    });
    expect(parsePackage({ ...valid, kind: 'credit', credit_amount: '1' }).creditScope).toBe('site');
  });

  it('refuses negative, absurd and non-decimal amounts, naming the field', () => {
    expect(Object.keys(params({ ...valid, ai_allowance: { amount: '-5', period: 'month' } }))).toEqual(['ai_allowance.amount']);
    expect(params({ ...valid, kind: 'credit', credit_amount: '1000000.00000001' })).toEqual({
      credit_amount: 'must be at most 1000000 USD',
    });
    expect(Object.keys(params({ ...valid, kind: 'credit', credit_amount: '1e9' }))).toEqual(['credit_amount']);
    expect(Object.keys(params({ ...valid, ai_allowance: { amount: 'NaN', period: 'week' } }))).toEqual([
      'ai_allowance.amount',
      'ai_allowance.period',
    ]);
    expect(Object.keys(params({ ...valid, ai_allowance: { amount: '5', period: 'month' }, overage: { mode: 'bill', cap: -1 } }))).toEqual([
      'overage.cap',
    ]);
    expect(Object.keys(params({ ...valid, overage: { mode: 'stop' } }))).toEqual(['overage']);
    expect(Object.keys(params({ ...valid, markup_percent: '-10' }))).toEqual(['markup_percent']);
    expect(Object.keys(params({ ...valid, kind: 'credit' }))).toEqual(['credit_amount']);
    expect(Object.keys(params({ ...valid, credit_amount: '5' }))).toEqual(['credit_amount']);
    expect(Object.keys(params({ ...valid, kind: 'gift' }))).toEqual(['kind']);
  });

  it('takes exactly 1,000,000 USD', () => {
    expect(parsePackage({ ...valid, kind: 'credit', credit_amount: '1000000' }).creditAmount).toBe('1000000.00000000');
  });
});
