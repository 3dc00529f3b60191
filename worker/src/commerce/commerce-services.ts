import type { Config } from '../config';
import type { Database } from '../db/connections';
import type { AllowanceBook, CreditBook } from '../license/ai-accounts';
import type { EntitlementStore } from '../license/entitlements';
import type { CustomerDirectory } from '../license/customers/customer-directory';
import type { EntitlementGate } from '../license/gate';
import { CoverageTerms } from '../license/coverage-terms';
import type { LicenceStore } from '../license/licences/licence-rows';
import { SubscriptionTerms } from '../license/subscription-terms';
import type { Logger } from '../support/logger';
import { AiPurchases } from './ai-purchases';
import { Checkout } from './checkout';
import { OrderCoverage } from './coverage';
import { OrderStore } from './orders';
import { PackageStore } from './packages';
import { PaymentEvents } from './payment-events';
import { createReconcileServices, type ReconcileServices } from './reconcile/reconcile-services';
import { ShellWooCommerce } from './shell-woocommerce';
import { SubscriptionEvents } from './subscription-events';
import { SubscriptionLinks } from './subscription-links';
import { SubscriptionStore } from './subscription-rows';
import { createWebhookServices, type WebhookServices } from './webhook/webhook-services';
import type { WooCommerceBridge } from './woocommerce-bridge';

/** The commerce area: packages, orders, checkout, payment events. */
export interface CommerceServices {
  packages: PackageStore;
  orders: OrderStore;
  checkout: Checkout;
  payments: PaymentEvents;
  /** WooCommerce Subscriptions: renewals, status changes, the grace period after a failed renewal. */
  subscriptions: SubscriptionEvents;
  wooCommerce: WooCommerceBridge;
  /** The signed WooCommerce webhook: stores, audit log, failure limit. */
  webhooks: WebhookServices;
  /** Pulling orders from stores with REST credentials (what WooCommerce never re-sends). */
  reconcile: ReconcileServices;
  /** What payments and entitlement changes mean for a site's AI allowance and credits. */
  ai: AiPurchases;
}

/** Router's books of allowances and credits (router/ai-accounts/), through license's interfaces. */
export interface AiBooks {
  credits: CreditBook;
  allowances: AllowanceBook;
}

export function createCommerceServices(
  config: Config,
  database: Database,
  entitlements: EntitlementStore,
  gate: EntitlementGate,
  logger: Logger,
  customers: CustomerDirectory,
  books: AiBooks,
  licences: LicenceStore,
): CommerceServices {
  const packages = new PackageStore(database);
  const ai = new AiPurchases(database, packages, books.credits, books.allowances);
  entitlements.observe(ai);
  const orders = new OrderStore(database);
  const wooCommerce = new ShellWooCommerce(config.shellUrl, config.hubSecret, logger);
  const subscriptionStore = new SubscriptionStore(database);
  const links = new SubscriptionLinks(orders, packages, subscriptionStore);
  const coverage = new OrderCoverage(database, new CoverageTerms(entitlements));
  const subscriptions = new SubscriptionEvents(
    links,
    subscriptionStore,
    entitlements,
    new SubscriptionTerms(entitlements),
    gate,
    config.renewalGraceDays,
    coverage,
  );
  const payments = new PaymentEvents(orders, packages, entitlements, gate, subscriptions, customers, ai, coverage, licences);
  const webhooks = createWebhookServices(config, database);
  return {
    packages,
    orders,
    wooCommerce,
    checkout: new Checkout(database, packages, orders, wooCommerce, customers),
    payments,
    subscriptions,
    webhooks,
    reconcile: createReconcileServices(config, database, payments, webhooks),
    ai,
  };
}
