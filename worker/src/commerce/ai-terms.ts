import { readDecimal, type DecimalRule } from '../support/number-input';
import type { Problems, Raw } from '../support/problems';

/** What a package's AI allowance is counted over: a calendar-free month or year from its start, the entitlement's paid term, or its whole life. */
export type AllowancePeriod = 'month' | 'year' | 'term' | 'total';
export const ALLOWANCE_PERIODS: readonly AllowancePeriod[] = ['month', 'year', 'term', 'total'];

export type PackageKind = 'standard' | 'credit';
export type CreditScope = 'site' | 'customer';
export type OverageMode = 'stop' | 'bill';

/** USD per period (a decimal string with 8 places). */
export interface AiAllowance {
  amount: string;
  period: AllowancePeriod;
}

/** Past the allowance: `stop` (the allowance is the limit), or `bill` what is spent past it up to `cap` USD. */
export interface Overage {
  mode: OverageMode;
  cap: string;
}

/** A package's AI terms (docs/commerce.md "AI allowances and credits"). */
export interface AiTerms {
  kind: PackageKind;
  /** USD a paid credit package adds to its scope's credits; null for a standard package. */
  creditAmount: string | null;
  creditScope: CreditScope | null;
  aiAllowance: AiAllowance | null;
  overage: Overage | null;
  /** The resale markup over the provider's cost, a decimal percent ("25.0000"); null = none. */
  markupPercent: string | null;
}

/** At most 1,000,000 USD: anything above is a typing error, not a package. */
export const MAX_AI_USD = 1_000_000;
const USD: DecimalRule = { integerDigits: 7, scale: 8, zero: false, example: '5.00' };
const USD_OR_ZERO: DecimalRule = { ...USD, zero: true, example: '0.00' };
const PERCENT: DecimalRule = { integerDigits: 4, scale: 4, zero: true, example: '25' };

const MAX_UNITS = BigInt(MAX_AI_USD) * 100_000_000n;
const units = (decimal: string) => BigInt(decimal.replace('.', ''));

/** A USD amount, more than 0 (or 0 when `zero`) and at most 1,000,000, with 8 places; null after adding the field's problem. */
export function readUsd(value: unknown, field: string, problems: Problems, zero = false): string | null {
  const reading = readDecimal(value, zero ? USD_OR_ZERO : USD);
  if (reading.problem !== undefined) problems.add(field, `${reading.problem} (USD, at most ${MAX_AI_USD})`);
  else if (units(reading.value) > MAX_UNITS) problems.add(field, `must be at most ${MAX_AI_USD} USD`);
  else return reading.value;
  return null;
}

const isObject = (value: unknown): value is Raw => typeof value === 'object' && value !== null && !Array.isArray(value);
const absent = (value: unknown) => value === undefined || value === null;

function readAllowance(raw: Raw, problems: Problems): AiAllowance | null {
  const value = raw.ai_allowance;
  if (absent(value)) return null;
  if (!isObject(value)) {
    problems.add('ai_allowance', 'must be an object {"amount": "5.00", "period": "month"} or null');
    return null;
  }
  const amount = readUsd(value.amount, 'ai_allowance.amount', problems);
  const period = value.period as AllowancePeriod;
  if (!ALLOWANCE_PERIODS.includes(period)) problems.add('ai_allowance.period', 'must be one of month, year, term, total');
  return amount === null ? null : { amount, period };
}

function readOverage(raw: Raw, problems: Problems): Overage | null {
  const value = raw.overage;
  if (absent(value)) return null;
  if (!isObject(value)) {
    problems.add('overage', 'must be an object {"mode": "stop"} or {"mode": "bill", "cap": "20.00"}, or null');
    return null;
  }
  if (value.mode === 'stop') {
    if (!absent(value.cap) && value.cap !== '0' && value.cap !== 0) problems.add('overage.cap', 'only overage "bill" has a cap');
    return { mode: 'stop', cap: '0.00000000' };
  }
  if (value.mode !== 'bill') {
    problems.add('overage.mode', 'must be stop or bill');
    return null;
  }
  const cap = readUsd(value.cap, 'overage.cap', problems);
  return cap === null ? null : { mode: 'bill', cap };
}

/** The AI fields of a package from the admin route or the CLI; every problem names its field. */
export function parseAiTerms(raw: Raw, problems: Problems): AiTerms {
  const kind = absent(raw.kind) ? 'standard' : (raw.kind as PackageKind);
  if (kind !== 'standard' && kind !== 'credit') problems.add('kind', 'must be standard or credit');
  let creditAmount: string | null = null;
  let creditScope: CreditScope | null = null;
  if (kind === 'credit') {
    creditAmount = absent(raw.credit_amount) ? null : readUsd(raw.credit_amount, 'credit_amount', problems);
    if (absent(raw.credit_amount)) problems.add('credit_amount', 'is required for a credit package (USD added to the balance)');
    creditScope = absent(raw.credit_scope) ? 'site' : (raw.credit_scope as CreditScope);
    if (creditScope !== 'site' && creditScope !== 'customer') problems.add('credit_scope', 'must be site or customer');
  } else {
    if (!absent(raw.credit_amount)) problems.add('credit_amount', 'only a package of kind "credit" adds credits');
    if (!absent(raw.credit_scope)) problems.add('credit_scope', 'only a package of kind "credit" has a credit scope');
  }
  const aiAllowance = readAllowance(raw, problems);
  const overage = readOverage(raw, problems);
  if (overage !== null && aiAllowance === null) problems.add('overage', 'needs an ai_allowance to go past');
  let markupPercent: string | null = null;
  if (!absent(raw.markup_percent)) {
    const reading = readDecimal(raw.markup_percent, PERCENT);
    if (reading.problem !== undefined) problems.add('markup_percent', `${reading.problem} (a percent from 0 to 9999.9999)`);
    else markupPercent = reading.value;
  }
  return { kind, creditAmount, creditScope, aiAllowance, overage, markupPercent };
}

/** The public JSON of a package's AI terms. */
export function aiTermsToJson(terms: AiTerms) {
  return {
    kind: terms.kind,
    credit_amount: terms.creditAmount,
    credit_scope: terms.creditScope,
    ai_allowance: terms.aiAllowance,
    overage: terms.overage,
    markup_percent: terms.markupPercent,
  };
}
