import { features } from '../license/inputs';
import { readCount } from '../support/number-input';
import { Problems, text, type Raw } from '../support/problems';
import { parseAiTerms } from './ai-terms';
import { CURRENCY_PATTERN, readPackagePrice } from './money';
import type { PackageInput } from './packages';
import { normaliseStoreUrl } from './store-url';

export const PACKAGE_ID_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/;

/** A JSON number or plain digits from 1 to `max` (support/number-input.ts), or null when absent. */
function optionalInteger(raw: Raw, name: string, problems: Problems, max: number): number | null {
  const value = raw[name];
  if (value === undefined || value === null || value === '') return null;
  const reading = readCount(value, { min: 1, max, strings: true });
  if (reading.problem !== undefined) problems.add(name, `${reading.problem}, or null`);
  return reading.value ?? null;
}

function price(raw: Raw, problems: Problems): PackageInput['price'] {
  const value = raw.price as Raw | undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    problems.add('price', 'must be an object {"amount": "49.00", "currency": "EUR"}');
    return { amount: '', currency: '' };
  }
  const amount = readPackagePrice(value.amount);
  if (amount.problem !== undefined) problems.add('price.amount', amount.problem);
  const currency = typeof value.currency === 'string' ? value.currency.trim().toUpperCase() : '';
  if (!CURRENCY_PATTERN.test(currency)) problems.add('price.currency', 'must be an ISO 4217 code such as EUR or USD');
  return { amount: amount.value ?? '', currency };
}

/**
 * A whole package from the admin route or the CLI (docs/architecture.md §5); `packageId` comes from the
 * body on create and from the path on update.
 */
export function parsePackage(raw: Raw, packageId: unknown = raw.package_id): PackageInput {
  const problems = new Problems();
  if (typeof packageId !== 'string' || !PACKAGE_ID_PATTERN.test(packageId)) {
    problems.add('package_id', 'must be a slug of lower-case letters, digits, - and _ (1 to 64 characters)');
  }
  let store: string | null = null;
  if (raw.store !== undefined && raw.store !== null && raw.store !== '') {
    store = normaliseStoreUrl(raw.store);
    if (store === null) problems.add('store', "must be the store's absolute http(s) URL, or null for WooCommerce on this site");
  }
  const input: PackageInput = {
    packageId: packageId as string,
    name: text(raw, 'name', problems, { required: true, max: 190 }),
    description: text(raw, 'description', problems, { required: false, max: 2000 }),
    price: price(raw, problems),
    features: features(raw, problems),
    durationDays: optionalInteger(raw, 'duration_days', problems, 36_500),
    sites: optionalInteger(raw, 'sites', problems, 100_000),
    wooProductId: optionalInteger(raw, 'woo_product_id', problems, 2 ** 53 - 1),
    store,
    ...parseAiTerms(raw, problems),
  };
  if (store !== null && input.wooProductId === null) {
    problems.add('woo_product_id', 'is required when the package is sold by an external store');
  }
  problems.throwIfAny();
  return input;
}
