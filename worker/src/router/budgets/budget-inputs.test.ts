import { ApiError } from '../../support/api-error';
import { readBudgetFields } from './budget-inputs';

const budget = (amount: unknown) => ({ scope: { kind: 'team', value: 'growth' }, period: 'month', amount });

function amountProblem(amount: unknown): string | undefined {
  try {
    readBudgetFields(budget(amount));
  } catch (error) {
    if (error instanceof ApiError) return (error.data.params as Record<string, string>).amount;
    throw error;
  }
  return undefined;
}

describe('a budget amount', () => {
  it('is USD with up to 8 decimals, as a JSON number or a plain decimal string, kept exactly', () => {
    expect(readBudgetFields(budget('25')).amount).toBe('25.00000000');
    expect(readBudgetFields(budget(0.5)).amount).toBe('0.50000000');
    // 18 significant digits: Number() would have rounded it.
    expect(readBudgetFields(budget('9999999999.99999999')).amount).toBe('9999999999.99999999');
  });

  it('refuses hostile spellings, 0 and amounts below one hundred-millionth', () => {
    for (const spelling of ['0x10', '1e3', ' 25', '+25', '-0', 'Infinity', '1_000', '١٢'])
      expect(amountProblem(spelling)).toMatch(/^must be a plain decimal such as "25.00"/);
    expect(amountProblem('0')).toBe('must be more than 0');
    expect(amountProblem(1e-9)).toBe('is below 0.00000001, the smallest amount stored; give at least 0.00000001');
    expect(amountProblem('10000000000')).toBe('must be below 10000000000 (at most 10 digits before the point)');
  });
});
