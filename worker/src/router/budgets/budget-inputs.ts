import { normaliseSiteUrl } from '../../support/site-url';
import { readDecimal, type DecimalRule, type Reading } from '../../support/number-input';
import { Problems, type Raw } from '../../support/problems';
import { BUDGET_PERIODS, type BudgetPeriod } from './periods';

export type BudgetScopeKind = 'key' | 'team' | 'site' | 'customer';
export const BUDGET_SCOPES: readonly BudgetScopeKind[] = ['key', 'team', 'site', 'customer'];

/** A budget as created or updated: every field, validated. */
export interface BudgetFields {
  scopeKind: BudgetScopeKind;
  scopeValue: string;
  /** The site a `team` budget belongs to (a team is a label within a site); null for the other kinds. */
  scopeSite: string | null;
  period: BudgetPeriod;
  /** USD, a decimal string with up to 8 places. */
  amount: string;
  hard: boolean;
  alertUrl: string | null;
}

/** USD as `{prefix}svc_budgets.amount` stores it: DECIMAL(18,8), more than 0. */
export const BUDGET_AMOUNT: DecimalRule = { integerDigits: 10, scale: 8, zero: false, example: '25.00' };
const KEY_ID = /^key_[0-9A-Z]{26}$/;
const CUSTOMER_ID = /^cus_[0-9A-Z]{26}$/;
type Scope = Pick<BudgetFields, 'scopeKind' | 'scopeValue' | 'scopeSite'>;

/** USD as a JSON number or a plain decimal string, > 0 and < 10^10, at most 8 decimals ("25.00000000"). */
export function readAmount(value: unknown): Reading<string> {
  return readDecimal(value, BUDGET_AMOUNT);
}

/** `{kind, value}`, and `site_url` for a team (team budgets are per site: docs/api-notes.md "Customers and tenancy"). */
function readScope(raw: Raw, problems: Problems): Scope | null {
  const scope = raw.scope as Raw | undefined;
  if (typeof scope !== 'object' || scope === null || Array.isArray(scope)) {
    problems.add('scope', 'must be an object {kind: key | team | site | customer, value, site_url (team only)}');
    return null;
  }
  const kind = scope.kind as BudgetScopeKind;
  if (!BUDGET_SCOPES.includes(kind)) {
    problems.add('scope.kind', 'must be one of key, team, site, customer');
    return null;
  }
  const value = scope.value;
  if (kind !== 'team' && scope.site_url !== undefined) problems.add('scope.site_url', 'only a team budget names a site');
  if (kind === 'key' && (typeof value !== 'string' || !KEY_ID.test(value))) problems.add('scope.value', 'must be an API key id (key_…)');
  else if (kind === 'customer' && (typeof value !== 'string' || !CUSTOMER_ID.test(value)))
    problems.add('scope.value', 'must be a customer id (cus_…)');
  else if (kind === 'team') {
    if (typeof value !== 'string' || value.trim() === '' || value.length > 100)
      problems.add('scope.value', 'must be a team name of 1 to 100 characters');
    const site = normaliseSiteUrl(scope.site_url);
    if (!site) problems.add('scope.site_url', 'must be the URL of the site the team belongs to (http or https)');
    return site && typeof value === 'string' ? { scopeKind: kind, scopeValue: value.trim(), scopeSite: site } : null;
  } else if (kind === 'site') {
    const site = normaliseSiteUrl(value);
    if (!site) problems.add('scope.value', 'must be the site URL (http or https)');
    return site ? { scopeKind: kind, scopeValue: site, scopeSite: null } : null;
  }
  return { scopeKind: kind, scopeValue: String(value).trim(), scopeSite: null };
}

function readAlertUrl(value: unknown, problems: Problems): string | null {
  if (value === undefined || value === null || value === '') return null;
  let url: URL | null = null;
  try {
    url = typeof value === 'string' && value.length <= 2048 ? new URL(value) : null;
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) {
    problems.add('alert_url', 'must be an http(s) URL of at most 2048 characters, without credentials');
    return null;
  }
  return url.toString();
}

/**
 * The JSON fields of a budget: `scope {kind, value, site_url (team)}`, `period`, `amount` (USD), `hard`
 * (default true), `alert_url` (optional). With `current`, a partial update: absent fields keep
 * their values (the scope cannot change). Throws svc_invalid_request naming every bad field.
 */
export function readBudgetFields(raw: Raw, current?: BudgetFields): BudgetFields {
  const problems = new Problems();
  const scope = current
    ? { scopeKind: current.scopeKind, scopeValue: current.scopeValue, scopeSite: current.scopeSite }
    : readScope(raw, problems);
  if (current && raw.scope !== undefined) problems.add('scope', 'cannot change; remove the budget and create another');
  const period = (raw.period ?? current?.period) as BudgetPeriod;
  if (!BUDGET_PERIODS.includes(period)) problems.add('period', 'must be one of day, month, total');
  const reading = raw.amount === undefined && current ? { value: current.amount } : readAmount(raw.amount);
  if (reading.problem !== undefined) problems.add('amount', reading.problem);
  const amount = reading.value ?? null;
  const hard = raw.hard ?? current?.hard ?? true;
  if (typeof hard !== 'boolean') problems.add('hard', 'must be true (block) or false (alert only)');
  const alertUrl = raw.alert_url === undefined && current ? current.alertUrl : readAlertUrl(raw.alert_url, problems);
  problems.throwIfAny();
  return { ...scope!, period, amount: amount!, hard: hard as boolean, alertUrl };
}
