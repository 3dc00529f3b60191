import type { PoolConnection } from 'mysql2/promise';
import type { EntitlementStore } from '../license/entitlements';
import type { EntitlementGate } from '../license/gate';
import type { SubscriptionTerms, TermTarget } from '../license/subscription-terms';
import type { OrderCoverage } from './coverage';
import { orderStatusFromWoo } from './order-states';
import type { PaymentResult, PaymentSource } from './payment-result';
import type { LinkedSubscription, SubscriptionLinks } from './subscription-links';
import type { SubscriptionRecord, SubscriptionStore, SubscriptionUpdate } from './subscription-rows';
import type { WooOrderFacts } from './woo-order';
import { addBillingPeriods, type BillingPeriod, type WooSubscriptionFacts } from './woo-subscription';

const DAY_MS = 86_400_000;
/** Renewal orders remembered per subscription (a repeated delivery of one of them extends nothing). */
const RENEWALS_KEPT = 50;

type Result = PaymentResult & { siteUrl?: string };

const later = (a: Date | null, b: Date | null) => (a && b ? (a > b ? a : b) : (a ?? b));
const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * What WooCommerce Subscriptions' events do (docs/commerce.md, "Subscriptions"): a paid
 * renewal extends the entitlement to the subscription's next payment date plus the grace
 * period; `on-hold` and an unpaid renewal change nothing; a failed renewal starts the grace
 * period, after which `suspendOverdue` suspends; `pending-cancel` runs to the end of the paid
 * term; `cancelled`, `expired` and a deleted subscription end it. Each change in one
 * transaction with its history row and outbox message (through license's SubscriptionTerms).
 */
export class SubscriptionEvents {
  constructor(
    private readonly links: SubscriptionLinks,
    private readonly subscriptions: SubscriptionStore,
    private readonly entitlements: EntitlementStore,
    private readonly terms: SubscriptionTerms,
    private readonly gate: EntitlementGate,
    private readonly graceDays: number,
    private readonly coverage: Pick<OrderCoverage, 'followTerm'>,
  ) {}

  /** The subscription linked to a hub order (shown with the order), if any. */
  forOrder(orderId: string): Promise<SubscriptionRecord | null> {
    return this.subscriptions.findByOrder(orderId);
  }

  /** A subscription's state: `subscription.created|updated`, or `woocommerce_subscription_status_updated`. */
  applySubscription(facts: WooSubscriptionFacts, source: PaymentSource): Promise<PaymentResult> {
    return this.run(async (connection) => {
      const linked = await this.links.lock(connection, facts, facts);
      if ('outcome' in linked) return linked;
      const { subscription } = linked;
      if (facts.dateModified && subscription.lastEventAt && facts.dateModified < subscription.lastEventAt) {
        const reason = `modified ${facts.dateModified.toISOString()}, before the last applied ${subscription.lastEventAt.toISOString()}`;
        return { outcome: 'ignored_older', reason, orderId: linked.order.id };
      }
      return this.applyStatus(connection, facts, linked, source);
    });
  }

  /** `subscription.deleted`: a known subscription ends like a cancelled one. */
  applyDeleted(store: string | null, subscriptionId: number, source: PaymentSource): Promise<PaymentResult> {
    return this.run(async (connection) => {
      const linked = await this.links.lock(connection, { store, subscriptionId, productIds: null, currency: '' });
      if ('outcome' in linked) return linked;
      return this.end(connection, linked, `subscription ${subscriptionId} deleted`, source, { status: 'cancelled' });
    });
  }

  /** A renewal order (meta `_subscription_renewal`); `subscription`: its subscription's facts when known (in-process). */
  applyRenewal(renewal: WooOrderFacts, source: PaymentSource, subscription?: WooSubscriptionFacts): Promise<PaymentResult> {
    const reference = {
      store: renewal.store,
      subscriptionId: renewal.renewalOf!,
      productIds: renewal.productIds,
      currency: renewal.currency || '(none)',
    };
    return this.run(async (connection) => {
      const linked = await this.links.lock(connection, reference, subscription);
      if ('outcome' in linked) return linked;
      const name = `renewal order ${renewal.wooOrderId} of subscription ${reference.subscriptionId}`;
      if (orderStatusFromWoo(renewal.status, renewal.datePaid) === 'paid')
        return this.renewalPaid(connection, renewal, linked, source, subscription);
      if (renewal.status === 'failed') return this.renewalFailed(connection, linked, name, renewal.wooOrderId);
      const state = `"${renewal.status.slice(0, 40)}"${renewal.datePaid ? '' : ' without date_paid'}`;
      return { outcome: 'no_change', reason: `${name} is ${state}: a renewal in progress changes nothing`, orderId: linked.order.id };
    });
  }

  /** Suspends the entitlements whose failed renewal is older than the grace period; returns how many. */
  async suspendOverdue(now: Date = new Date()): Promise<number> {
    let suspended = 0;
    for (const due of await this.subscriptions.overdue(now, this.graceDays)) {
      const result = await this.run(async (connection) => {
        const linked = await this.links.lock(connection, { ...due, productIds: null, currency: '' });
        if ('outcome' in linked) return linked;
        const { subscription, order } = linked;
        const failedAt = subscription.renewalFailedAt;
        if (!failedAt || subscription.suspendedAt || failedAt.getTime() + this.graceDays * DAY_MS > now.getTime())
          return { outcome: 'no_change', reason: 'not due', orderId: order.id };
        const reason = `renewal of subscription ${subscription.subscriptionId} failed on ${failedAt.toISOString()}; the grace period of ${this.graceDays} days is over`;
        const change = await this.terms.suspend(connection, this.target(linked, reason, 'system:renewal-grace'));
        // Only a suspension of ours is lifted by a later payment; an operator's stays.
        const update: SubscriptionUpdate = change?.changed ? { suspendedAt: now } : { renewalFailedAt: null };
        await this.subscriptions.update(connection, subscription, update);
        return { outcome: change?.changed ? 'applied' : 'no_change', reason, orderId: order.id, siteUrl: order.siteUrl };
      });
      if (result.outcome === 'applied') suspended += 1;
    }
    return suspended;
  }

  private async applyStatus(
    connection: PoolConnection,
    facts: WooSubscriptionFacts,
    linked: LinkedSubscription,
    source: PaymentSource,
  ): Promise<Result> {
    const { subscription } = linked;
    const paidUntil = facts.nextPaymentAt ?? subscription.paidUntil;
    const update: SubscriptionUpdate = {
      status: facts.status,
      billingPeriod: facts.billingPeriod || subscription.billingPeriod,
      billingInterval: facts.billingInterval,
      paidUntil,
      endAt: facts.endAt,
      lastEventAt: later(facts.dateModified, subscription.lastEventAt),
    };
    const name = `subscription ${facts.subscriptionId} ${facts.status}`;
    if (facts.status === 'cancelled' || facts.status === 'expired') return this.end(connection, linked, name, source, update);
    let change = null;
    let reason = `${name}: the entitlement is unchanged`;
    // Active without a next payment (its last period): paid to its end date.
    const term = facts.nextPaymentAt ?? facts.endAt ?? subscription.paidUntil;
    if (facts.status === 'active' && term) {
      Object.assign(update, { renewalFailedAt: null, suspendedAt: null });
      reason = `${name}: paid until ${day(term)}, entitlement until then plus ${this.graceDays} days' grace`;
      change = await this.terms.renew(
        connection,
        this.target(linked, reason, this.actor(facts.store, source)),
        this.withGrace(term),
        subscription.suspendedAt !== null,
      );
    } else if (facts.status === 'pending-cancel' && (facts.endAt ?? paidUntil)) {
      const endsAt = (facts.endAt ?? paidUntil)!;
      reason = `${name}: cancelled, active until the end of the paid term ${endsAt.toISOString()}`;
      change = await this.terms.endAt(connection, this.target(linked, reason, this.actor(facts.store, source)), endsAt);
    } else if (facts.status === 'on-hold') {
      reason = `${name}: a renewal in progress (or awaiting payment) leaves the entitlement on`;
    }
    // The subscription's hub order covers its term (docs/commerce.md "Coverage").
    if (change?.changed) await this.coverage.followTerm(connection, linked.order.id, change.entitlement.expiresAt);
    await this.subscriptions.update(connection, subscription, update);
    return { outcome: change?.changed ? 'applied' : 'no_change', reason, orderId: linked.order.id, siteUrl: linked.order.siteUrl };
  }

  private async end(
    connection: PoolConnection,
    linked: LinkedSubscription,
    name: string,
    source: PaymentSource,
    update: SubscriptionUpdate,
  ): Promise<Result> {
    const reason = `${name}: the entitlement ends`;
    const change = await this.terms.end(connection, this.target(linked, reason, this.actor(linked.subscription.store, source)));
    await this.subscriptions.update(connection, linked.subscription, { ...update, renewalFailedAt: null });
    return {
      outcome: change?.changed ? 'applied' : 'no_change',
      reason: change?.changed ? reason : `${name}: the entitlement had already ended`,
      orderId: linked.order.id,
      siteUrl: linked.order.siteUrl,
    };
  }

  private async renewalPaid(
    connection: PoolConnection,
    renewal: WooOrderFacts,
    linked: LinkedSubscription,
    source: PaymentSource,
    facts?: WooSubscriptionFacts,
  ): Promise<Result> {
    const { subscription, order } = linked;
    const name = `renewal order ${renewal.wooOrderId} of subscription ${subscription.subscriptionId}`;
    if (subscription.renewalOrderIds.includes(renewal.wooOrderId))
      return { outcome: 'no_change', reason: `${name} was already applied`, orderId: order.id };
    const period = facts?.billingPeriod || subscription.billingPeriod;
    const interval = facts?.billingInterval ?? subscription.billingInterval;
    const paidUntil = facts?.nextPaymentAt ?? this.renewedUntil(renewal.datePaid!, linked, period, interval);
    const reason = `${name} paid${paidUntil ? `: paid until ${day(paidUntil)}, entitlement until then plus ${this.graceDays} days' grace` : ''}`;
    const change = paidUntil
      ? await this.terms.renew(
          connection,
          this.target(linked, reason, this.actor(renewal.store, source)),
          this.withGrace(paidUntil),
          subscription.suspendedAt !== null,
        )
      : null;
    if (change?.changed) await this.coverage.followTerm(connection, order.id, change.entitlement.expiresAt);
    await this.subscriptions.update(connection, subscription, {
      paidUntil,
      renewalFailedAt: null,
      suspendedAt: null,
      renewalOrderIds: [...subscription.renewalOrderIds, renewal.wooOrderId].slice(-RENEWALS_KEPT),
      ...(facts ? { status: facts.status, lastEventAt: later(facts.dateModified, subscription.lastEventAt) } : {}),
    });
    return {
      outcome: 'applied',
      reason: change?.changed ? reason : `${reason} (the entitlement already ran that long)`,
      orderId: order.id,
      siteUrl: order.siteUrl,
    };
  }

  /**
   * Without the subscription's own dates (a renewal order delivered by webhook): one billing
   * period (else the package's duration) past the paid term, or past the payment when the term
   * had lapsed. When a subscription update modified after this payment was already applied, its
   * next payment date counts this renewal in: the term stays.
   */
  private renewedUntil(datePaid: Date, linked: LinkedSubscription, period: BillingPeriod | '', interval: number): Date | null {
    const { subscription, pkg } = linked;
    if (subscription.lastEventAt && subscription.lastEventAt >= datePaid && subscription.paidUntil) return subscription.paidUntil;
    const base = later(subscription.paidUntil, datePaid)!;
    if (period) return addBillingPeriods(base, period, interval);
    return pkg.durationDays === null ? null : new Date(base.getTime() + pkg.durationDays * DAY_MS);
  }

  private async renewalFailed(
    connection: PoolConnection,
    linked: LinkedSubscription,
    name: string,
    renewalOrderId: number,
  ): Promise<Result> {
    const { subscription, order } = linked;
    // A delivery of its earlier state, arriving after the payment.
    if (subscription.renewalOrderIds.includes(renewalOrderId))
      return { outcome: 'no_change', reason: `${name} "failed" is older than its applied payment`, orderId: order.id };
    if (subscription.renewalFailedAt)
      return {
        outcome: 'no_change',
        reason: `${name} failed; failing since ${subscription.renewalFailedAt.toISOString()}`,
        orderId: order.id,
      };
    const now = new Date();
    await this.subscriptions.update(connection, subscription, { renewalFailedAt: now });
    const reason = `${name} failed: the entitlement is suspended after ${this.graceDays} days (${new Date(now.getTime() + this.graceDays * DAY_MS).toISOString()}) unless a renewal is paid`;
    return { outcome: 'applied', reason, orderId: order.id };
  }

  private target(linked: LinkedSubscription, reason: string, actor: string): TermTarget {
    return { siteUrl: linked.order.siteUrl, packageId: linked.pkg.packageId, reason, actor };
  }

  private actor = (store: string | null, source: PaymentSource) =>
    source === 'webhook' ? `woocommerce:${store}` : 'woocommerce:this-site';

  private withGrace = (date: Date) => new Date(date.getTime() + this.graceDays * DAY_MS);

  /** One transaction; the gate forgets the site when its entitlement changed. */
  private async run(work: (connection: PoolConnection) => Promise<Result>): Promise<PaymentResult> {
    const result = await this.entitlements.transaction(work);
    if (result.outcome === 'applied' && result.siteUrl) this.gate.forget(result.siteUrl);
    return { outcome: result.outcome, reason: result.reason, orderId: result.orderId };
  }
}
