import { costOf, estimateTokens } from './cost';

describe('cost', () => {
  it('is tokens × price per million, exact to 8 decimals', () => {
    const price = { inputPerMtok: 0.15, outputPerMtok: 0.6, currency: 'USD' };
    expect(costOf(1_000_000, 0, price)).toBe('0.15000000');
    expect(costOf(12, 34, price)).toBe('0.00002220'); // 12×0.15e-6 + 34×0.6e-6 = 0.0000018 + 0.0000204
    expect(costOf(0, 0, price)).toBe('0.00000000');
    expect(costOf(3, 0, { inputPerMtok: 2.5, outputPerMtok: 10, currency: 'USD' })).toBe('0.00000750');
  });

  it('rounds half up at the 8th decimal', () => {
    expect(costOf(1, 0, { inputPerMtok: 0.000015, outputPerMtok: 0, currency: 'USD' })).toBe('0.00000000');
    expect(costOf(1, 0, { inputPerMtok: 0.005, outputPerMtok: 0, currency: 'USD' })).toBe('0.00000001');
  });

  it('estimates about four characters a token', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('abc')).toBe(1);
    expect(estimateTokens('x'.repeat(401))).toBe(101);
  });
});
