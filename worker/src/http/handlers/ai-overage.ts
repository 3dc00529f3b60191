import type { Request, Response } from 'express';
import { SubscriptionStore } from '../../commerce/subscription-rows';
import { withTransaction } from '../../db/transaction';
import { OverageBilling, type BilledPackage } from '../../router/ai-accounts/overage-billing';
import type { Services } from '../../services';
import { readCount, readDecimal } from '../../support/number-input';
import { Problems, type Raw } from '../../support/problems';
import { context } from '../server/context';

const WOO_ID = { min: 1, max: Number.MAX_SAFE_INTEGER, strings: false };
const PERIOD_ID = /^aip_[0-9A-Z]{26}$/;
const MAX_PERIODS = 500;
const USD = { integerDigits: 10, scale: 8, zero: false, example: '1.50' };

/** `woocommerce:<id>`: the renewal order of WooCommerce on this site that bills the periods. */
const referenceOf = (renewalOrderId: number) => `woocommerce:${renewalOrderId}`;

function readIds(raw: Raw, problems: Problems) {
  const subscription = readCount(raw.subscription_id, WOO_ID);
  if (subscription.problem) problems.add('subscription_id', `${subscription.problem} (the WooCommerce subscription's id)`);
  const renewal = readCount(raw.renewal_order_id, WOO_ID);
  if (renewal.problem) problems.add('renewal_order_id', `${renewal.problem} (the renewal order's id)`);
  return { subscriptionId: subscription.value ?? 0, renewalOrderId: renewal.value ?? 0 };
}

function readPeriodIds(value: unknown, problems: Problems): string[] {
  const valid = Array.isArray(value) && value.length > 0 && value.length <= MAX_PERIODS && value.every((id) => typeof id === 'string');
  if (!valid || !value.every((id: string) => PERIOD_ID.test(id))) {
    problems.add('period_ids', `must be a list of 1 to ${MAX_PERIODS} allowance period ids (aip_…)`);
    return [];
  }
  return [...new Set(value as string[])];
}

/**
 * Internal routes the shell calls from WooCommerce Subscriptions' `wcs_renewal_order_created`
 * (docs/commerce.md "Subscriptions", its AI overage paragraph): the overage a renewal order bills, then the periods it billed.
 * A subscription the hub has not linked to a hub order (or of another store) has nothing to bill.
 */
export function aiOverageHandlers(services: Pick<Services, 'database' | 'commerce'>) {
  const subscriptions = new SubscriptionStore(services.database);
  const billing = new OverageBilling(services.database);

  /** The site and package the subscription pays for; null when it is no hub subscription of this site. */
  async function packageOf(subscriptionId: number): Promise<BilledPackage | null> {
    const link = await withTransaction(services.database, (connection) => subscriptions.lock(connection, null, subscriptionId));
    const order = link ? await services.commerce.orders.find(link.orderId) : null;
    return order ? { siteUrl: order.siteUrl, packageId: order.packageId } : null;
  }

  return {
    /** `POST internal/ai-overage { subscription_id, renewal_order_id }` → the lines to bill and their total (USD). */
    async unbilled(_request: Request, response: Response) {
      const problems = new Problems();
      const ids = readIds(context(response).json ?? {}, problems);
      problems.throwIfAny();
      const target = await packageOf(ids.subscriptionId);
      const lines = target ? await billing.unbilled(target, referenceOf(ids.renewalOrderId)) : [];
      response.json({
        object: 'ai_overage',
        subscription_id: ids.subscriptionId,
        renewal_order_id: ids.renewalOrderId,
        linked: target !== null,
        site_url: target?.siteUrl ?? null,
        package_id: target?.packageId ?? null,
        currency: 'USD',
        total: OverageBilling.total(lines),
        lines,
      });
    },

    /** `POST internal/ai-overage/billed { subscription_id, renewal_order_id, period_ids, amount }`: what the order charged. */
    async billed(_request: Request, response: Response) {
      const raw = context(response).json ?? {};
      const problems = new Problems();
      const ids = readIds(raw, problems);
      const periodIds = readPeriodIds(raw.period_ids, problems);
      const amount = readDecimal(raw.amount, USD);
      if (amount.problem) problems.add('amount', `${amount.problem} (the USD the renewal order charged for these periods)`);
      problems.throwIfAny();
      const target = await packageOf(ids.subscriptionId);
      if (!target) problems.add('subscription_id', 'is no subscription of a hub order on this site');
      problems.throwIfAny();
      const reference = referenceOf(ids.renewalOrderId);
      const lines = (await billing.unbilled(target!, reference)).filter((entry) => periodIds.includes(entry.period_id));
      if (lines.length === periodIds.length && OverageBilling.total(lines) !== amount.value)
        problems.add('amount', `must be ${OverageBilling.total(lines)}, the overage of these periods`);
      problems.throwIfAny();
      const result = await billing.markBilled(target!, reference, periodIds);
      response.json({ object: 'ai_overage_billed', reference, ...result });
    },
  };
}
