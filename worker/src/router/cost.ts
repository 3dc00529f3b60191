/**
 * Cost arithmetic in integer micro-cents, so sums and rounding are exact: prices are USD per
 * million tokens with at most 6 decimals, and the cost of a call is stored with 8 decimals.
 */
export interface Price {
  inputPerMtok: number;
  outputPerMtok: number;
  currency: string;
}

const SCALE = 1_000_000n; // price decimals

const toScaled = (value: number) => BigInt(Math.round(value * 1_000_000));

/** tokens × price / 1e6, as a decimal string with 8 places (e.g. "0.00001234"). */
export function costOf(promptTokens: number, completionTokens: number, price: Price): string {
  // (tokens × price×1e6) / 1e6 tokens-per-mtok → amount × 1e6; keep 8 decimals → ×100 more.
  const numerator = BigInt(promptTokens) * toScaled(price.inputPerMtok) + BigInt(completionTokens) * toScaled(price.outputPerMtok);
  const hundredMillionths = (numerator * 100n + SCALE / 2n) / SCALE;
  const whole = hundredMillionths / 100_000_000n;
  const fraction = (hundredMillionths % 100_000_000n).toString().padStart(8, '0');
  return `${whole}.${fraction}`;
}

/** Rough token count for text when a provider reports none (≈ 4 characters a token). */
export function estimateTokens(text: string): number {
  return text.length === 0 ? 0 : Math.max(1, Math.ceil(text.length / 4));
}
