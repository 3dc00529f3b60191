import { ApiError } from '../../support/api-error';
import { readBudgetFields } from './budget-inputs';
import type { BudgetRecord } from './budget-rows';
import { appliesTo, needsSite } from './budget-scope';

const budget = (amount: unknown) => ({ scope: { kind: 'team', value: 'growth', site_url: 'https://a.example' }, period: 'month', amount });

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

function scopeProblems(scope: unknown): Record<string, string> {
  try {
    readBudgetFields({ scope, period: 'month', amount: '5' });
  } catch (error) {
    if (error instanceof ApiError) return error.data.params as Record<string, string>;
    throw error;
  }
  return {};
}

describe('a budget scope (issue 27: a team is a label within a site)', () => {
  it('names the site of a team budget, and only of a team budget', () => {
    const fields = readBudgetFields({
      scope: { kind: 'team', value: ' shared ', site_url: 'HTTPS://A.example/' },
      period: 'month',
      amount: '5',
    });
    expect([fields.scopeKind, fields.scopeValue, fields.scopeSite]).toEqual(['team', 'shared', 'https://a.example']);
    expect(scopeProblems({ kind: 'team', value: 'shared' })['scope.site_url']).toMatch(/site the team belongs to/);
    expect(scopeProblems({ kind: 'team', value: 'shared', site_url: 'ftp://a.example' })['scope.site_url']).toBeDefined();
    expect(scopeProblems({ kind: 'site', value: 'https://a.example', site_url: 'https://a.example' })['scope.site_url']).toBe(
      'only a team budget names a site',
    );
  });

  it('takes a customer id for a customer budget', () => {
    const id = 'cus_01JDQ0000000000000000000AB';
    expect(readBudgetFields({ scope: { kind: 'customer', value: id }, period: 'month', amount: '5' }).scopeValue).toBe(id);
    for (const value of ['cus_x', 'key_01JDQ0000000000000000000AB', 42, null])
      expect(scopeProblems({ kind: 'customer', value })['scope.value']).toBe('must be a customer id (cus_…)');
  });

  it("covers a call by (site, team), by the site's customer, never a team budget without a site", () => {
    const budgetOf = (fields: Partial<BudgetRecord>) =>
      ({ scopeKind: 'team', scopeValue: 'shared', scopeSite: 'https://a.example', ...fields }) as BudgetRecord;
    const call = { keyId: 'key_a', team: 'shared', siteUrl: 'https://a.example', customerId: 'cus_1' };
    expect(appliesTo(budgetOf({}), call)).toBe(true);
    expect(appliesTo(budgetOf({}), { ...call, siteUrl: 'https://b.example' })).toBe(false);
    expect(appliesTo(budgetOf({ scopeSite: null }), call)).toBe(false);
    expect(needsSite(budgetOf({ scopeSite: null }))).toBe(true);
    expect(appliesTo(budgetOf({ scopeKind: 'customer', scopeValue: 'cus_1', scopeSite: null }), call)).toBe(true);
    expect(appliesTo(budgetOf({ scopeKind: 'customer', scopeValue: 'cus_1', scopeSite: null }), { ...call, customerId: null })).toBe(false);
    expect(appliesTo(budgetOf({ scopeKind: 'customer', scopeValue: 'cus_2', scopeSite: null }), call)).toBe(false);
  });
});
