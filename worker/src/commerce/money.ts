import { readDecimal, type DecimalRule, type Reading } from '../support/number-input';

/** Money as the API writes it: `{ amount: "49.00", currency: "EUR" }` (docs/architecture.md §3). */
export interface Money {
  amount: string;
  currency: string;
}

const DECIMAL = /^(\d{1,12})(?:\.(\d{1,6}))?$/;
export const CURRENCY_PATTERN = /^[A-Z]{3}$/;

/** A non-negative decimal string in millionths, exactly (no floating point); null if it is not one. */
export function decimalToMicros(value: unknown): bigint | null {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (typeof text !== 'string') return null;
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  return BigInt(match[1]!) * 1_000_000n + BigInt((match[2] ?? '').padEnd(6, '0'));
}

/** A package's price as `{prefix}svc_packages.price_amount` stores it: DECIMAL(12,2), 0 or more. */
export const PACKAGE_PRICE: DecimalRule = { integerDigits: 10, scale: 2, zero: true, example: '49.00' };

/** A package's price with two decimals ("49" → "49.00"): a JSON number or a plain decimal string (support/number-input.ts). */
export function readPackagePrice(value: unknown): Reading<string> {
  return readDecimal(value, PACKAGE_PRICE);
}
