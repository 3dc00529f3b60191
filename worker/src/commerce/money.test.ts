import { decimalToMicros, readPackagePrice } from './money';

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

  it('writes package prices with two decimals and refuses finer ones, signs and more than the column holds', () => {
    expect(readPackagePrice('49').value).toBe('49.00');
    expect(readPackagePrice('49.5').value).toBe('49.50');
    expect(readPackagePrice(7).value).toBe('7.00');
    expect(readPackagePrice('9999999999.99').value).toBe('9999999999.99');
    expect(readPackagePrice('0.005').problem).toBe('is below 0.01, the smallest amount stored; give 0 or at least 0.01');
    expect(readPackagePrice('49.999').problem).toBe('has more than 2 decimals; 2 are stored and it is never rounded');
    expect(readPackagePrice('-2').problem).toMatch(/^must be a plain decimal/);
    // DECIMAL(12,2) holds 10 digits before the point; 12 used to be taken and fail in MySQL.
    expect(readPackagePrice('100000000000').problem).toBe('must be below 10000000000 (at most 10 digits before the point)');
  });
});
