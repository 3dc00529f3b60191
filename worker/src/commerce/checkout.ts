import type { ApiKeyRecord, KeyScope } from '../license/api-keys';
import type { CustomerDirectory } from '../license/customers/customer-directory';
import type { Database } from '../db/connections';
import { withTransaction } from '../db/transaction';
import { ApiError } from '../support/api-error';
import { prefixedId } from '../support/ids';
import { Problems, type Raw } from '../support/problems';
import { normaliseSiteUrl } from '../support/site-url';
import { IDEMPOTENCY_KEY_PATTERN, IdempotencyKeys, requestHash } from './idempotency';
import { PACKAGE_ID_PATTERN } from './package-inputs';
import { parseBuyer, siteBuyer } from './checkout-buyer';
import type { OrderBuyer, OrderRecord, OrderStore } from './orders';
import type { PackageRecord, PackageStore } from './packages';
import type { WooCommerceBridge } from './woocommerce-bridge';

export interface CheckoutResult {
  order: OrderRecord;
  /** True when an earlier request with the same Idempotency-Key and body made this order. */
  replayed: boolean;
}

interface CheckoutInput {
  packageId: string;
  siteUrl: string;
  /** As given; undefined = the site's customer (checkout-buyer.ts). */
  buyer: OrderBuyer | undefined;
}

/** `{ package_id, site_url, buyer? }`, the first two required; the site normalised (docs/architecture.md §5). */
export function parseCheckout(raw: Raw, scope: KeyScope): CheckoutInput {
  const problems = new Problems();
  const packageId = raw.package_id;
  if (packageId === undefined || packageId === null || packageId === '') problems.add('package_id', 'is required');
  else if (typeof packageId !== 'string' || !PACKAGE_ID_PATTERN.test(packageId)) problems.add('package_id', 'must be a package id (slug)');
  const siteUrl = normaliseSiteUrl(raw.site_url);
  if (raw.site_url === undefined || raw.site_url === null || raw.site_url === '') problems.add('site_url', 'is required');
  else if (!siteUrl) problems.add('site_url', 'must be an absolute http(s) URL');
  const buyer = parseBuyer(raw.buyer, scope, problems);
  problems.throwIfAny();
  return { packageId: packageId as string, siteUrl: siteUrl!, buyer };
}

/**
 * Creates a pending order and its payment URL: WooCommerce on this site through the shell,
 * or an external store's add-to-cart link carrying the hub order id and site.
 */
export class Checkout {
  private readonly idempotency: IdempotencyKeys;

  constructor(
    private readonly database: Database,
    private readonly packages: PackageStore,
    private readonly orders: OrderStore,
    private readonly wooCommerce: WooCommerceBridge,
    private readonly customers: CustomerDirectory,
  ) {
    this.idempotency = new IdempotencyKeys(database);
  }

  async checkout(apiKey: ApiKeyRecord, raw: Raw, idempotencyKey: string | undefined): Promise<CheckoutResult> {
    if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey)) {
      throw ApiError.invalidRequest({ 'Idempotency-Key': 'must be 1 to 255 visible ASCII characters' });
    }
    const input = parseCheckout(raw, apiKey.scope);
    const pkg = await this.packages.find(input.packageId);
    if (!pkg || pkg.status !== 'active') throw ApiError.invalidRequest({ package_id: `no active package has the id "${input.packageId}"` });
    if (apiKey.scope !== 'admin' && input.siteUrl !== apiKey.siteUrl) {
      throw ApiError.forbidden(`This key belongs to ${apiKey.siteUrl}; a client key can only buy for its own site.`);
    }
    if (idempotencyKey === undefined) return { order: await this.createOrder(apiKey, pkg, input), replayed: false };

    // The buyer is part of the body compared; a body without one hashes as before it existed.
    const body = { package_id: pkg.packageId, site_url: input.siteUrl, ...(input.buyer ? { buyer: input.buyer } : {}) };
    const claim = await this.idempotency.claim(apiKey.id, idempotencyKey, requestHash(body));
    if (claim.kind === 'replay') {
      const order = await this.orders.find(claim.orderId);
      if (!order) throw ApiError.internal();
      return { order, replayed: true };
    }
    try {
      const order = await this.createOrder(apiKey, pkg, input);
      await this.idempotency.complete(apiKey.id, idempotencyKey, order.id);
      return { order, replayed: false };
    } catch (error) {
      await this.idempotency.release(apiKey.id, idempotencyKey).catch(() => undefined);
      throw error;
    }
  }

  /** Forgets Idempotency-Keys past their 24 h. */
  purgeIdempotencyKeys(): Promise<number> {
    return this.idempotency.purgeExpired();
  }

  private async createOrder(apiKey: ApiKeyRecord, pkg: PackageRecord, input: CheckoutInput): Promise<OrderRecord> {
    const { siteUrl } = input;
    if (pkg.wooProductId === null) {
      throw ApiError.conflict(
        'svc_not_purchasable',
        `Package "${pkg.packageId}" has no WooCommerce product; set woo_product_id, or grant the entitlement by hand.`,
      );
    }
    const id = prefixedId('ord');
    const buyer = input.buyer ?? (await siteBuyer(this.customers, siteUrl, pkg.store));
    let paymentUrl: string;
    let wooOrderId: number | null = null;
    if (pkg.store === null) {
      const created = await this.wooCommerce.createOrder({
        hubOrderId: id,
        siteUrl,
        packageId: pkg.packageId,
        productId: pkg.wooProductId,
        buyer,
      });
      paymentUrl = created.paymentUrl;
      wooOrderId = created.wooOrderId;
    } else {
      // Nothing personal travels in the link: the store's own checkout asks for the billing details.
      const url = new URL(pkg.store);
      url.searchParams.set('add-to-cart', String(pkg.wooProductId));
      url.searchParams.set('svc_hub_order_id', id);
      url.searchParams.set('svc_site_url', siteUrl);
      paymentUrl = url.toString();
    }
    await withTransaction(this.database, (connection) =>
      this.orders.create(connection, {
        id,
        apiKeyId: apiKey.id,
        packageId: pkg.packageId,
        siteUrl,
        total: pkg.price,
        store: pkg.store,
        paymentUrl,
        wooOrderId,
        buyer,
      }),
    );
    return (await this.orders.find(id))!;
  }
}
