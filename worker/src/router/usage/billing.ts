import type { Eventually } from '../../support/eventually';
import { fromUnits, toUnits } from '../budgets/lease';

/**
 * The resale markup of a client site (docs/api-notes.md "Billed amount"): a decimal percent
 * over the provider's cost ("25" bills 1.25 × cost), null for none. Implemented above the router
 * (from the site's packages) and injected through router-services.ts; the router itself only
 * multiplies.
 */
export interface MarkupSource {
  markupFor(siteUrl: string): Eventually<string | null>;
}

/** No markup anywhere: every call billed at its cost. */
export const NO_MARKUP: MarkupSource = { markupFor: () => null };

/** A percent of at most 6 digits before the point and 4 after, from −100 (given away) up. */
const PERCENT = /^(-?)(\d{1,6})(?:\.(\d{1,4}))?$/;

/**
 * cost × (1 + markup / 100) to 8 decimals, rounded half up, in integers throughout. No markup,
 * or one that is not a percent from −100 up: the cost itself.
 */
export function billedAmount(cost: string, markupPercent: string | null): string {
  const match = markupPercent === null ? null : PERCENT.exec(markupPercent.trim());
  if (!match) return cost;
  const [, sign, whole, fraction = ''] = match;
  // The percent in 10⁻⁴ units: "12.5" → 125000; the factor 1 + p/100 is (1_000_000 + p) / 1_000_000.
  const percent = BigInt(`${whole}${fraction.padEnd(4, '0')}`) * (sign === '-' ? -1n : 1n);
  const factor = 1_000_000n + percent;
  if (factor < 0n) return cost;
  return fromUnits((toUnits(cost) * factor + 500_000n) / 1_000_000n);
}
