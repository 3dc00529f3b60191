import { billedAmount } from './billing';

describe('billedAmount', () => {
  it('is the cost with no markup', () => {
    expect(billedAmount('0.00123456', null)).toBe('0.00123456');
  });

  it('multiplies exactly, to 8 places rounded half up', () => {
    expect(billedAmount('1.00000000', '25')).toBe('1.25000000');
    expect(billedAmount('0.00000001', '50')).toBe('0.00000002'); // 1.5 units → 2
    expect(billedAmount('0.00000001', '49.9999')).toBe('0.00000001');
    expect(billedAmount('0.10000000', '12.5')).toBe('0.11250000');
    expect(billedAmount('123456.78901234', '0.0001')).toBe('123456.91246913');
    expect(billedAmount('0.00000000', '300')).toBe('0.00000000');
  });

  it('takes a discount down to giving the call away; anything else that is not a percent bills the cost', () => {
    expect(billedAmount('2.00000000', '-50')).toBe('1.00000000');
    expect(billedAmount('2.00000000', '-100')).toBe('0.00000000');
    expect(billedAmount('2.00000000', '-150')).toBe('2.00000000');
    for (const bad of ['', 'ten', '1e3', '12.34567', '0x10', '1234567']) expect(billedAmount('2.00000000', bad)).toBe('2.00000000');
  });
});
