import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findModel } from '../catalog/models';
import { costOf, costOfUsage, estimateTokens, type Price } from './cost';

const usd = (inputPerMtok: number, outputPerMtok: number, cacheReadPerMtok = 0, cacheWritePerMtok = 0): Price => ({
  inputPerMtok,
  outputPerMtok,
  cacheReadPerMtok,
  cacheWritePerMtok,
  currency: 'USD',
});

/** The usage of a recorded Anthropic stream's message_start, in TokenUsage's meaning (prompt = all input). */
function anthropicUsage(fixture: string) {
  const first = readFileSync(join(__dirname, '..', '__fixtures__', fixture), 'utf8').split('\n')[0]!;
  const usage = JSON.parse(first).message.usage;
  return {
    promptTokens: usage.input_tokens + usage.cache_read_input_tokens + usage.cache_creation_input_tokens,
    completionTokens: usage.output_tokens,
    cachedTokens: usage.cache_read_input_tokens,
    cacheWriteTokens: usage.cache_creation_input_tokens,
  };
}

describe('cost', () => {
  it('is tokens × price per million, exact to 8 decimals', () => {
    const price = usd(0.15, 0.6);
    expect(costOf(1_000_000, 0, price)).toBe('0.15000000');
    expect(costOf(12, 34, price)).toBe('0.00002220'); // 12×0.15e-6 + 34×0.6e-6 = 0.0000018 + 0.0000204
    expect(costOf(0, 0, price)).toBe('0.00000000');
    expect(costOf(3, 0, usd(2.5, 10))).toBe('0.00000750');
  });

  it('rounds half up at the 8th decimal', () => {
    expect(costOf(1, 0, usd(0.000015, 0))).toBe('0.00000000');
    expect(costOf(1, 0, usd(0.005, 0))).toBe('0.00000001');
  });

  it('prices cached input at the cache-read price and the rest at the input price', () => {
    // gpt-4o-mini: 0.15 in, 0.075 cached, 0.60 out. 2,000 prompt tokens of which 1,536 cached, 100 out:
    // 464 × 0.15 + 1,536 × 0.075 + 100 × 0.6 = 69.6 + 115.2 + 60 = 244.8 per million → 0.0002448.
    const price = usd(0.15, 0.6, 0.075);
    expect(costOfUsage({ promptTokens: 2000, completionTokens: 100, cachedTokens: 1536 }, price)).toBe('0.00024480');
    expect(costOfUsage({ promptTokens: 2000, completionTokens: 100 }, price)).toBe('0.00036000'); // 300 + 60
  });

  it('prices the recorded Anthropic cache write and cache read (claude-sonnet-4-5 list prices)', () => {
    const sonnet = findModel('anthropic/claude-sonnet-4-5')!;
    const price = usd(sonnet.inputPerMtok, sonnet.outputPerMtok, sonnet.cacheReadPerMtok, sonnet.cacheWritePerMtok);
    expect(price).toEqual(usd(3, 15, 0.3, 3.75)); // read 0.1 × input, 5-minute write 1.25 × input
    const write = anthropicUsage('anthropic-cache-write.chunks.txt');
    expect(write).toEqual({ promptTokens: 18_642, completionTokens: 1, cachedTokens: 0, cacheWriteTokens: 18_639 });
    // 3 × 3 + 18,639 × 3.75 + 1 × 15 = 9 + 69,896.25 + 15 = 69,920.25 per million
    expect(costOfUsage(write, price)).toBe('0.06992025');
    const read = anthropicUsage('anthropic-cache-read.chunks.txt');
    expect(read).toEqual({ promptTokens: 18_642, completionTokens: 1, cachedTokens: 18_639, cacheWriteTokens: 0 });
    // 3 × 3 + 18,639 × 0.3 + 1 × 15 = 9 + 5,591.7 + 15 = 5,615.7 per million
    expect(costOfUsage(read, price)).toBe('0.00561570');
    // Without cache prices the same read would cost the full input price: 18,642 × 3 + 15.
    expect(costOf(18_642, 1, price)).toBe('0.05594100');
  });

  it('never prices a negative remainder when a provider reports more cached tokens than prompt tokens', () => {
    expect(costOfUsage({ promptTokens: 10, completionTokens: 0, cachedTokens: 8, cacheWriteTokens: 8 }, usd(1, 0, 0.5, 2))).toBe(
      '0.00002000',
    ); // 8×0.5 + 8×2
  });

  it('estimates about four characters a token', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('abc')).toBe(1);
    expect(estimateTokens('x'.repeat(401))).toBe(101);
  });
});

describe('cost in doubles', () => {
  /** The same arithmetic in BigInt throughout: what the doubles must match digit for digit. */
  function inBigInts(
    tokens: { promptTokens: number; completionTokens: number; cachedTokens?: number; cacheWriteTokens?: number },
    price: Price,
  ): string {
    const scaled = (value: number) => BigInt(Math.round(value * 1_000_000));
    const cached = BigInt(Math.max(0, tokens.cachedTokens ?? 0));
    const written = BigInt(Math.max(0, tokens.cacheWriteTokens ?? 0));
    const prompt = BigInt(Math.max(0, tokens.promptTokens));
    const uncached = prompt > cached + written ? prompt - cached - written : 0n;
    const numerator =
      uncached * scaled(price.inputPerMtok) +
      cached * scaled(price.cacheReadPerMtok) +
      written * scaled(price.cacheWritePerMtok) +
      BigInt(tokens.completionTokens) * scaled(price.outputPerMtok);
    const hundredMillionths = (numerator * 100n + 500_000n) / 1_000_000n;
    return `${hundredMillionths / 100_000_000n}.${(hundredMillionths % 100_000_000n).toString().padStart(8, '0')}`;
  }

  it('matches BigInt arithmetic for random calls, half-way roundings and figures far beyond any call', () => {
    let seed = 7;
    const random = (limit: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return Math.floor((seed / 2 ** 32) * limit);
    };
    const prices = [
      usd(0.15, 0.6, 0.075),
      usd(3, 15, 0.3, 3.75),
      usd(0.000001, 0.000003),
      usd(0.005, 0.000015),
      usd(999_999.999999, 75, 1.5, 18.75),
    ];
    for (let index = 0; index < 5000; index += 1) {
      const price = prices[index % prices.length]!;
      const promptTokens = random(index % 7 === 0 ? 2 ** 31 : 200_000);
      const tokens = {
        promptTokens,
        completionTokens: random(100_000),
        cachedTokens: random(promptTokens + 1),
        cacheWriteTokens: random(1000),
      };
      expect(costOfUsage(tokens, price)).toBe(inBigInts(tokens, price));
    }
    const huge = { promptTokens: Number.MAX_SAFE_INTEGER, completionTokens: 2 ** 40 }; // past the doubles' exact range: BigInt
    expect(costOfUsage(huge, usd(999_999, 999_999))).toBe(inBigInts(huge, usd(999_999, 999_999)));
    expect(costOfUsage({ promptTokens: 1, completionTokens: 0 }, usd(0.005, 0))).toBe('0.00000001'); // exactly half: up
    expect(costOfUsage({ promptTokens: 1, completionTokens: 0 }, usd(0.004999, 0))).toBe('0.00000000');
  });

  it('refuses token counts that are not whole numbers, as BigInt does', () => {
    expect(() => costOfUsage({ promptTokens: 1.5, completionTokens: 0 }, usd(1, 1))).toThrow(RangeError);
  });
});
