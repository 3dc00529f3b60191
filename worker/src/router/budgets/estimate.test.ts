import { DEFAULT_OUTPUT_CAP, estimatedCost, estimatedTokens } from './estimate';

const price = { inputPerMtok: 2, outputPerMtok: 10, cacheReadPerMtok: 0, cacheWritePerMtok: 0, currency: 'USD' };

describe('budget estimate', () => {
  it('takes input at ≈ 4 characters a token and output from max_tokens', () => {
    expect(estimatedTokens({ promptText: 'x'.repeat(400), maxTokens: 50 })).toEqual({ promptTokens: 100, completionTokens: 50 });
  });

  it('reserves the default output cap when the request names none', () => {
    expect(estimatedTokens({ promptText: 'hi' })).toEqual({ promptTokens: 1, completionTokens: DEFAULT_OUTPUT_CAP });
    expect(DEFAULT_OUTPUT_CAP).toBe(4096);
  });

  it('reserves no output for embeddings', () => {
    expect(estimatedTokens({ promptText: 'abcdefgh', maxTokens: 99, embeddings: true })).toEqual({ promptTokens: 2, completionTokens: 0 });
  });

  it('prices the estimate at the model price, 8 decimals', () => {
    // 100 × 2 / 1e6 + 50 × 10 / 1e6 = 0.0002 + 0.0005
    expect(estimatedCost({ promptText: 'x'.repeat(400), maxTokens: 50 }, price)).toBe('0.00070000');
  });
});
