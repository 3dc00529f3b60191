/** Money as the API writes it: `{ amount: "49.00", currency: "EUR" }` (DESIGN §3). */
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

/** A price with two decimals ("49" → "49.00"); null when not a non-negative amount with at most 2 decimals. */
export function normaliseAmount(value: unknown): string | null {
  const micros = decimalToMicros(value);
  if (micros === null || micros % 10_000n !== 0n) return null;
  const cents = micros / 10_000n;
  return `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
}
