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

const SCALE = 1_000_000; // price decimals
/**
 * Below this the whole computation is exact in doubles: every product and sum of integers
 * stays under 2^53 after the ×100 to 8 decimals and the half added for rounding. Above it
 * (a price or token count far beyond any real call's), BigInt.
 */
const EXACT_IN_DOUBLES = (Number.MAX_SAFE_INTEGER - SCALE) / 100;

const toScaled = (value: number) => Math.round(value * SCALE);

/**
 * (prompt − cached − written) × input + cached × cache read + written × cache write +
 * completion × output, as a decimal string with 8 places (e.g. "0.00001234"). Reasoning
 * tokens are inside completionTokens and priced as output. A provider that reports more
 * cached and written tokens than prompt tokens is taken at its word for those; the rest is 0.
 * In integers throughout: doubles while exact (every real call; cheaper than BigInt's
 * allocations, docs/benchmarks.md), BigInt beyond.
 */
export function costOfUsage(tokens: PricedTokens, price: Price): string {
  const cached = Math.max(0, tokens.cachedTokens ?? 0);
  const written = Math.max(0, tokens.cacheWriteTokens ?? 0);
  const prompt = Math.max(0, tokens.promptTokens);
  const completion = tokens.completionTokens;
  const uncached = prompt > cached + written ? prompt - cached - written : 0;
  const input = toScaled(price.inputPerMtok);
  const cacheRead = toScaled(price.cacheReadPerMtok);
  const cacheWrite = toScaled(price.cacheWritePerMtok);
  const output = toScaled(price.outputPerMtok);
  // (tokens × price×1e6) / 1e6 tokens-per-mtok → amount × 1e6; keep 8 decimals → ×100 more.
  const numerator = uncached * input + cached * cacheRead + written * cacheWrite + completion * output;
  const exact =
    numerator <= EXACT_IN_DOUBLES &&
    isCount(uncached) &&
    isCount(cached) &&
    isCount(written) &&
    isCount(completion) &&
    isCount(input) &&
    isCount(cacheRead) &&
    isCount(cacheWrite) &&
    isCount(output);
  return exact
    ? decimalInDoubles(numerator)
    : decimalInBigInts([uncached, cached, written, completion], [input, cacheRead, cacheWrite, output]);
}

/** A non-negative integer a double holds exactly. */
const isCount = (value: number) => Number.isSafeInteger(value) && value >= 0;

/** numerator / 1e6 rounded half up to 8 decimals, all in exact doubles. */
function decimalInDoubles(numerator: number): string {
  const shifted = numerator * 100 + SCALE / 2;
  let hundredMillionths = Math.floor(shifted / SCALE);
  if (hundredMillionths * SCALE > shifted) hundredMillionths -= 1; // the division rounded up to the next integer
  const whole = Math.floor(hundredMillionths / 100_000_000);
  return `${whole}.${String(hundredMillionths - whole * 100_000_000).padStart(8, '0')}`;
}

function decimalInBigInts(counts: readonly number[], scaled: readonly number[]): string {
  let numerator = 0n;
  for (let index = 0; index < counts.length; index += 1) numerator += BigInt(counts[index]!) * BigInt(scaled[index]!);
  const hundredMillionths = (numerator * 100n + BigInt(SCALE / 2)) / BigInt(SCALE);
  const whole = hundredMillionths / 100_000_000n;
  return `${whole}.${(hundredMillionths % 100_000_000n).toString().padStart(8, '0')}`;
}

/** Plain input and output tokens (nothing cached): tokens × price / 1e6 to 8 places. */
export function costOf(promptTokens: number, completionTokens: number, price: Price): string {
  return costOfUsage({ promptTokens, completionTokens }, price);
}

/** Rough token count for text when a provider reports none (≈ 4 characters a token). */
export function estimateTokens(text: string): number {
  return text.length === 0 ? 0 : Math.max(1, Math.ceil(text.length / 4));
}
