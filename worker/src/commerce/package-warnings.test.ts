import { packageWarnings } from './package-warnings';
import type { PackageRecord } from './packages';
import type { ProductCheck, WooCommerceBridge } from './woocommerce-bridge';

const record = (changes: Partial<PackageRecord> = {}): PackageRecord => ({
  packageId: 'seo',
  name: 'SEO',
  description: '',
  price: { amount: '49.00', currency: 'EUR' },
  features: ['module.seo'],
  durationDays: 30,
  sites: null,
  wooProductId: 77,
  store: null,
  status: 'active',
  kind: 'standard',
  creditAmount: null,
  creditScope: null,
  aiAllowance: null,
  overage: null,
  markupPercent: null,
  createdAt: new Date(),
  updatedAt: new Date(),
  ...changes,
});

function bridge(check: ProductCheck): WooCommerceBridge & { asked: number[] } {
  const asked: number[] = [];
  return {
    asked,
    createOrder: () => Promise.reject(new Error('not used')),
    checkProduct: async (productId) => {
      asked.push(productId);
      return check;
    },
  };
}

describe('packageWarnings', () => {
  it('warns about a product WooCommerce on this site does not have, naming woo_product_id', async () => {
    const warnings = await packageWarnings(record({ wooProductId: 999 }), bridge({ exists: false }));
    expect(warnings).toEqual([expect.objectContaining({ code: 'svc_woo_product_missing', field: 'woo_product_id' })]);
    expect(warnings[0]!.message).toContain('999');
  });

  it('says so when the product could not be checked, with why', async () => {
    const warnings = await packageWarnings(record(), bridge({ exists: null, reason: 'WooCommerce is not active on the hub site.' }));
    expect(warnings).toEqual([
      expect.objectContaining({ code: 'svc_woo_product_unchecked', message: expect.stringContaining('WooCommerce is not active') }),
    ]);
  });

  it('is silent for an existing product, and never asks about external stores or packages without a product', async () => {
    expect(await packageWarnings(record(), bridge({ exists: true, name: 'SEO' }))).toEqual([]);
    const notAsked = bridge({ exists: false });
    expect(await packageWarnings(record({ store: 'https://shop.example/' }), notAsked)).toEqual([]);
    expect(await packageWarnings(record({ wooProductId: null }), notAsked)).toEqual([]);
    expect(notAsked.asked).toEqual([]);
  });
});
