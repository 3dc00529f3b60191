import { integerText, readCount, readDecimal, type DecimalRule } from './number-input';

const PRICE: DecimalRule = { integerDigits: 6, scale: 6, zero: true, example: '0.15' };
const AMOUNT: DecimalRule = { integerDigits: 10, scale: 8, zero: false, example: '25.00' };
const SHAPE = 'must be a plain decimal such as "0.15": ASCII digits with at most one point, no sign, exponent, spaces or separators';

describe('readDecimal', () => {
  it('reads plain decimals, as strings or JSON numbers, written out to the scale', () => {
    expect(readDecimal('0.15', PRICE)).toEqual({ value: '0.150000' });
    expect(readDecimal(0.15, PRICE)).toEqual({ value: '0.150000' });
    expect(readDecimal('16', PRICE)).toEqual({ value: '16.000000' });
    expect(readDecimal('0', PRICE)).toEqual({ value: '0.000000' });
    expect(readDecimal(0, PRICE)).toEqual({ value: '0.000000' });
    expect(readDecimal('999999.999999', PRICE)).toEqual({ value: '999999.999999' });
    expect(readDecimal('0.000001', PRICE)).toEqual({ value: '0.000001' });
    expect(readDecimal('1.5000000000', PRICE)).toEqual({ value: '1.500000' });
    expect(readDecimal(1e-6, PRICE)).toEqual({ value: '0.000001' });
    expect(readDecimal(1e3, PRICE)).toEqual({ value: '1000.000000' });
    expect(readDecimal(-0, PRICE)).toEqual({ value: '0.000000' });
    expect(readDecimal('9999999999.99999999', AMOUNT)).toEqual({ value: '9999999999.99999999' });
  });

  it.each([
    ['0x10'],
    ['1e3'],
    ['1e-9'],
    ['1E3'],
    [' 1'],
    ['1 '],
    ['+1'],
    ['-0'],
    ['-1'],
    ['Infinity'],
    ['NaN'],
    ['1_000'],
    ['1,000'],
    ['1,5'],
    ['١٢'],
    ['１２'],
    ['.5'],
    ['1.'],
    ['01'],
    ['00.5'],
    [''],
    ['0b1'],
    ['0o7'],
    ['1.2.3'],
    ['\u00a01'],
    ['1\n'],
  ])('refuses the spelling %j', (spelling) => {
    expect(readDecimal(spelling, PRICE)).toEqual({ problem: SHAPE });
  });

  it.each([[Number.NaN], [Number.POSITIVE_INFINITY], [-1], [-1e-9], [null], [undefined], [true], [{}], [['1']]])(
    'refuses the JSON value %p',
    (value) => {
      expect(readDecimal(value, PRICE)).toEqual({ problem: SHAPE });
    },
  );

  it('refuses a non-zero amount below the smallest one stored, as a string or a JSON number, never stores it as 0', () => {
    const below = 'is below 0.000001, the smallest amount stored; give 0 or at least 0.000001';
    expect(readDecimal('0.0000001', PRICE)).toEqual({ problem: below });
    expect(readDecimal('0.0000000001', PRICE)).toEqual({ problem: below });
    expect(readDecimal(1e-9, PRICE)).toEqual({ problem: below });
    expect(readDecimal(5e-7, PRICE)).toEqual({ problem: below });
    expect(readDecimal('0.000000001', AMOUNT)).toEqual({
      problem: 'is below 0.00000001, the smallest amount stored; give at least 0.00000001',
    });
  });

  it('never rounds: digits past the scale are refused', () => {
    const finer = 'has more than 6 decimals; 6 are stored and it is never rounded';
    expect(readDecimal('0.1234567', PRICE)).toEqual({ problem: finer });
    expect(readDecimal(0.1 + 0.2, PRICE)).toEqual({ problem: finer });
    expect(readDecimal(1.5e-7 + 1, PRICE)).toEqual({ problem: finer });
  });

  it('refuses more digits than the column holds before the point', () => {
    const large = 'must be below 1000000 (at most 6 digits before the point)';
    expect(readDecimal('1000000', PRICE)).toEqual({ problem: large });
    expect(readDecimal(1e6, PRICE)).toEqual({ problem: large });
    expect(readDecimal(1e21, PRICE)).toEqual({ problem: large });
    expect(readDecimal('1'.repeat(400), PRICE)).toEqual({ problem: large });
  });

  it('refuses 0 where the amount must be more', () => {
    expect(readDecimal('0', AMOUNT)).toEqual({ problem: 'must be more than 0' });
    expect(readDecimal('0.00000000', AMOUNT)).toEqual({ problem: 'must be more than 0' });
    expect(readDecimal(0, AMOUNT)).toEqual({ problem: 'must be more than 0' });
  });
});

describe('readCount', () => {
  const DAYS = { min: 1, max: 36_500, strings: true };
  const LIMIT = { min: 1, max: 100_000, strings: false };

  it('reads JSON integers, and plain digits where strings are taken', () => {
    expect(readCount(365, DAYS)).toEqual({ value: 365 });
    expect(readCount('365', DAYS)).toEqual({ value: 365 });
    expect(readCount(1e3, LIMIT)).toEqual({ value: 1000 });
    expect(readCount(100_000, LIMIT)).toEqual({ value: 100_000 });
  });

  it.each([['0x10'], ['1e3'], [' 1'], ['+1'], ['-0'], ['Infinity'], ['NaN'], ['1_000'], ['١٢'], ['010'], ['1.0'], [''], ['9'.repeat(17)]])(
    'refuses the spelling %j',
    (spelling) => {
      expect(readCount(spelling, DAYS)).toEqual({ problem: 'must be an integer from 1 to 36500 (plain digits)' });
    },
  );

  it('refuses fractions, values out of range, and strings where only JSON numbers are taken', () => {
    for (const value of [1.5, 0, -1, 100_001, Number.POSITIVE_INFINITY, '120', null])
      expect(readCount(value, LIMIT)).toEqual({ problem: 'must be an integer from 1 to 100000' });
  });
});

describe('integerText (the CLI)', () => {
  it('turns plain digits into the number and hands any other spelling on as typed', () => {
    expect(integerText('300')).toBe(300);
    expect(integerText('0')).toBe(0);
    for (const spelling of ['0x10', '1e3', ' 1', '+1', '-0', 'Infinity', '1_000', '١٢', '010', '9'.repeat(17)])
      expect(integerText(spelling)).toBe(spelling);
  });
});
