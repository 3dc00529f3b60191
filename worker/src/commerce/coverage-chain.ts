/** A paid order's place in its entitlement's coverage: when it was first paid and how long it covers. */
export interface PaidPeriod {
  orderId: string;
  firstPaidAt: Date;
  coversFrom: Date;
  /** null: for ever. */
  coversUntil: Date | null;
}

/** Where the chain puts each order, and where it ends (`until` null: for ever). */
export interface Chain {
  periods: PaidPeriod[];
  until: Date | null;
}

/**
 * The coverage of an entitlement's paid orders (docs/architecture.md §5, docs/commerce.md
 * "Coverage"): in payment order, each order covers its own length, starting at the later of
 * its payment and the end of the order before it; an order without an end covers for ever.
 * Null when there is no paid order.
 */
export function chainPaidPeriods(paid: PaidPeriod[]): Chain | null {
  const ordered = [...paid].sort(
    (a, b) => a.firstPaidAt.getTime() - b.firstPaidAt.getTime() || (a.orderId < b.orderId ? -1 : a.orderId > b.orderId ? 1 : 0),
  );
  if (ordered.length === 0) return null;
  const periods: PaidPeriod[] = [];
  let end: Date | null = null;
  let forEver = false;
  for (const period of ordered) {
    const start: Date = end && end > period.firstPaidAt ? end : period.firstPaidAt;
    const length = period.coversUntil === null ? null : period.coversUntil.getTime() - period.coversFrom.getTime();
    const until = forEver || length === null ? null : new Date(start.getTime() + length);
    periods.push({ ...period, coversFrom: start, coversUntil: until });
    if (until === null) forEver = true;
    else end = until;
  }
  return { periods, until: forEver ? null : end };
}

/** Whether a chain's coverage reaches past `now`. */
export const coversNow = (chain: Chain | null, now: Date): boolean => chain !== null && (chain.until === null || chain.until > now);
