import { readDecimal } from '../../support/number-input';
import { Problems, text, type Raw } from '../../support/problems';
import { normaliseSiteUrl } from '../../support/site-url';
import type { CreditScope } from '../../license/ai-accounts';

const CUSTOMER_ID = /^cus_[0-9A-Z]{26}$/;
const MAX_UNITS = 1_000_000n * 100_000_000n;

/** A site URL or a customer id (`cus_…`); null when it is neither. */
export function readCreditScope(value: unknown): CreditScope | null {
  if (typeof value === 'string' && CUSTOMER_ID.test(value)) return { kind: 'customer', value };
  const site = normaliseSiteUrl(value);
  return site ? { kind: 'site', value: site } : null;
}

/** An admin's adjustment `{ scope, amount: "+5.00" | "-2.50", reason }`: a signed USD amount, not 0, at most 1,000,000. */
export function parseCreditAdjustment(raw: Raw): { scope: CreditScope; amount: string; reason: string } {
  const problems = new Problems();
  const scope = readCreditScope(raw.scope);
  if (!scope) problems.add('scope', "must be the site's absolute http(s) URL or a customer id (cus_…)");
  const signed = typeof raw.amount === 'string' ? raw.amount.trim() : typeof raw.amount === 'number' ? String(raw.amount) : '';
  const sign = signed.startsWith('-') ? '-' : '';
  const reading = readDecimal(signed.replace(/^[+-]/, ''), { integerDigits: 7, scale: 8, zero: false, example: '+5.00' });
  let amount = '';
  if (reading.problem !== undefined) problems.add('amount', `${reading.problem}, with a leading + or - (USD)`);
  else if (BigInt(reading.value.replace('.', '')) > MAX_UNITS) problems.add('amount', 'must be at most 1000000 USD');
  else amount = `${sign}${reading.value}`;
  const reason = text(raw, 'reason', problems, { required: true, max: 500 });
  problems.throwIfAny();
  return { scope: scope!, amount, reason };
}
