import type { ApiKeyRecord } from '../license/api-keys';
import type { Database } from '../db/connections';
import { withTransaction } from '../db/transaction';
import { ApiError } from '../support/api-error';
import { prefixedId } from '../support/ids';
import { Problems, type Raw } from '../support/problems';
import { normaliseSiteUrl } from '../support/site-url';
import { IDEMPOTENCY_KEY_PATTERN, IdempotencyKeys, requestHash } from './idempotency';
import { PACKAGE_ID_PATTERN } from './package-inputs';
import type { OrderRecord, OrderStore } from './orders';
import type { PackageRecord, PackageStore } from './packages';
import type { WooCommerceBridge } from './woocommerce-bridge';

export interface CheckoutResult {
  order: OrderRecord;
  /** True when an earlier request with the same Idempotency-Key and body made this order. */
  replayed: boolean;
}

/** `{ package_id, site_url }`, both required; the site normalised (docs/architecture.md §5). */
export function parseCheckout(raw: Raw): { packageId: string; siteUrl: string } {
  const problems = new Problems();
  const packageId = raw.package_id;
  if (packageId === undefined || packageId === null || packageId === '') problems.add('package_id', 'is required');
  else if (typeof packageId !== 'string' || !PACKAGE_ID_PATTERN.test(packageId)) problems.add('package_id', 'must be a package id (slug)');
  const siteUrl = normaliseSiteUrl(raw.site_url);
  if (raw.site_url === undefined || raw.site_url === null || raw.site_url === '') problems.add('site_url', 'is required');
  else if (!siteUrl) problems.add('site_url', 'must be an absolute http(s) URL');
  problems.throwIfAny();
  return { packageId: packageId as string, siteUrl: siteUrl! };
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
  ) {
    this.idempotency = new IdempotencyKeys(database);
  }

  async checkout(apiKey: ApiKeyRecord, raw: Raw, idempotencyKey: string | undefined): Promise<CheckoutResult> {
    if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(idempotencyKey)) {
      throw ApiError.invalidRequest({ 'Idempotency-Key': 'must be 1 to 255 visible ASCII characters' });
    }
    const input = parseCheckout(raw);
    const pkg = await this.packages.find(input.packageId);
    if (!pkg || pkg.status !== 'active') throw ApiError.invalidRequest({ package_id: `no active package has the id "${input.packageId}"` });
    if (apiKey.scope !== 'admin' && input.siteUrl !== apiKey.siteUrl) {
      throw ApiError.forbidden(`This key belongs to ${apiKey.siteUrl}; a client key can only buy for its own site.`);
    }
    if (idempotencyKey === undefined) return { order: await this.createOrder(apiKey, pkg, input.siteUrl), replayed: false };

    const claim = await this.idempotency.claim(
      apiKey.id,
      idempotencyKey,
      requestHash({ package_id: pkg.packageId, site_url: input.siteUrl }),
    );
    if (claim.kind === 'replay') {
      const order = await this.orders.find(claim.orderId);
      if (!order) throw ApiError.internal();
      return { order, replayed: true };
    }
    try {
      const order = await this.createOrder(apiKey, pkg, input.siteUrl);
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

  private async createOrder(apiKey: ApiKeyRecord, pkg: PackageRecord, siteUrl: string): Promise<OrderRecord> {
    if (pkg.wooProductId === null) {
      throw ApiError.conflict(
        'svc_not_purchasable',
        `Package "${pkg.packageId}" has no WooCommerce product; set woo_product_id, or grant the entitlement by hand.`,
      );
    }
    const id = prefixedId('ord');
    let paymentUrl: string;
    let wooOrderId: number | null = null;
    if (pkg.store === null) {
      const created = await this.wooCommerce.createOrder({
        hubOrderId: id,
        siteUrl,
        packageId: pkg.packageId,
        productId: pkg.wooProductId,
      });
      paymentUrl = created.paymentUrl;
      wooOrderId = created.wooOrderId;
    } else {
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
      }),
    );
    return (await this.orders.find(id))!;
  }
}
