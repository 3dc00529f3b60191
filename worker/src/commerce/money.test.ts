import { decimalToMicros, normaliseAmount } from './money';

describe('money', () => {
  it('reads decimal strings exactly', () => {
    expect(decimalToMicros('49.00')).toBe(49_000_000n);
    expect(decimalToMicros('0.1')).toBe(100_000n);
    expect(decimalToMicros('49.000001')).toBe(49_000_001n);
    expect(decimalToMicros(' 12 ')).toBe(12_000_000n);
  });

  it('refuses what is not a non-negative decimal', () => {
    for (const bad of ['', '-1', '1e3', '1,00', 'abc', '1.1234567', null, undefined, {}, NaN]) {
      expect(decimalToMicros(bad)).toBeNull();
    }
  });

  it('normalises prices to two decimals and refuses finer ones', () => {
    expect(normaliseAmount('49')).toBe('49.00');
    expect(normaliseAmount('49.5')).toBe('49.50');
    expect(normaliseAmount(7)).toBe('7.00');
    expect(normaliseAmount('0.005')).toBeNull();
    expect(normaliseAmount('-2')).toBeNull();
  });
});
