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
