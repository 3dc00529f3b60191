/**
 * Cost arithmetic in integer micro-cents, so sums and rounding are exact: prices are USD per
 * million tokens with at most 6 decimals, and the cost of a call is stored with 8 decimals.
 */
export interface Price {
  inputPerMtok: number;
  outputPerMtok: number;
  /** Input tokens read from the provider's cache (OpenAI cached input, Anthropic cache hits, Gemini cached content). */
  cacheReadPerMtok: number;
  /** Input tokens written to the provider's cache (Anthropic's 5-minute cache writes). */
  cacheWritePerMtok: number;
  currency: string;
}

/** The token counts a call is priced on (TokenUsage's meaning: cached and written tokens are part of promptTokens). */
export interface PricedTokens {
  promptTokens: number;
  completionTokens: number;
  cachedTokens?: number;
  cacheWriteTokens?: number;
}

const SCALE = 1_000_000n; // price decimals

const toScaled = (value: number) => BigInt(Math.round(value * 1_000_000));

/**
 * (prompt − cached − written) × input + cached × cache read + written × cache write +
 * completion × output, as a decimal string with 8 places (e.g. "0.00001234"). Reasoning
 * tokens are inside completionTokens and priced as output. A provider that reports more
 * cached and written tokens than prompt tokens is taken at its word for those; the rest is 0.
 */
export function costOfUsage(tokens: PricedTokens, price: Price): string {
  const cached = BigInt(Math.max(0, tokens.cachedTokens ?? 0));
  const written = BigInt(Math.max(0, tokens.cacheWriteTokens ?? 0));
  const prompt = BigInt(Math.max(0, tokens.promptTokens));
  const uncached = prompt > cached + written ? prompt - cached - written : 0n;
  // (tokens × price×1e6) / 1e6 tokens-per-mtok → amount × 1e6; keep 8 decimals → ×100 more.
  const numerator = uncached * toScaled(price.inputPerMtok)
    + cached * toScaled(price.cacheReadPerMtok)
    + written * toScaled(price.cacheWritePerMtok)
    + BigInt(tokens.completionTokens) * toScaled(price.outputPerMtok);
  const hundredMillionths = (numerator * 100n + SCALE / 2n) / SCALE;
  const whole = hundredMillionths / 100_000_000n;
  const fraction = (hundredMillionths % 100_000_000n).toString().padStart(8, '0');
  return `${whole}.${fraction}`;
}

/** Plain input and output tokens (nothing cached): tokens × price / 1e6 to 8 places. */
export function costOf(promptTokens: number, completionTokens: number, price: Price): string {
  return costOfUsage({ promptTokens, completionTokens }, price);
}

/** Rough token count for text when a provider reports none (≈ 4 characters a token). */
export function estimateTokens(text: string): number {
  return text.length === 0 ? 0 : Math.max(1, Math.ceil(text.length / 4));
}
