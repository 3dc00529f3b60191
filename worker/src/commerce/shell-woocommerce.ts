import { randomBytes } from 'node:crypto';
import { request } from 'undici';
import { sign, SIGNATURE_HEADERS } from '../support/shell-signing';
import { ApiError } from '../support/api-error';
import type { Logger } from '../support/logger';
import { splitName } from './checkout-buyer';
import type { OrderBuyer } from './orders';
import type { CreatedWooOrder, ProductCheck, WooCommerceBridge, WooOrderRequest } from './woocommerce-bridge';

const CREATE_ORDER = '/svc-hub/v1/internal/woo-create-order';
const PRODUCT = '/svc-hub/v1/internal/woo-product';
const TIMEOUT_MS = 15_000;

const unavailable = (why: string) =>
  new ApiError(503, 'svc_store_unavailable', `WooCommerce on this site could not create the order: ${why}.`);

/** The buyer as WooCommerce's setters take it: billing email, first and last name, customer id (0 = none). */
function shellBuyer(buyer: OrderBuyer) {
  const { firstName, lastName } = splitName(buyer.name);
  return { email: buyer.email, first_name: firstName, last_name: lastName, customer_id: buyer.customerId ?? 0 };
}

interface ShellAnswer {
  status: number;
  body: Record<string, unknown>;
}

/**
 * Asks the shell (signed internal routes, docs/architecture.md §1) to create a pending WooCommerce order, or
 * whether a product exists. Called through `?rest_route=` so it works whatever the site's
 * permalink style; the signed path is the canonical `/wp-json/…` either way.
 */
export class ShellWooCommerce implements WooCommerceBridge {
  constructor(
    private readonly shellUrl: string,
    private readonly secret: string,
    private readonly logger: Logger,
  ) {}

  async createOrder(order: WooOrderRequest): Promise<CreatedWooOrder> {
    const answer = await this.post(CREATE_ORDER, {
      hub_order_id: order.hubOrderId,
      site_url: order.siteUrl,
      package_id: order.packageId,
      product_id: order.productId,
      ...(order.buyer ? { buyer: shellBuyer(order.buyer) } : {}),
    });
    if (answer === null) throw unavailable('the WordPress site did not answer');
    const { status, body } = answer;
    if (status === 200 && typeof body.woo_order_id === 'number' && typeof body.payment_url === 'string') {
      return { wooOrderId: body.woo_order_id, paymentUrl: body.payment_url };
    }
    if (status === 404 && body.code === 'svc_not_found') {
      // WooCommerce answered, and has no such product: the package is wrong, not the store.
      throw new ApiError(
        422,
        'svc_package_misconfigured',
        `Package "${order.packageId}" names WooCommerce product ${order.productId}, which does not exist on this site; an administrator must fix the package's woo_product_id.`,
        { params: { woo_product_id: `no WooCommerce product has the id ${order.productId}` } },
      );
    }
    const message = typeof body.message === 'string' ? body.message : `HTTP ${status}`;
    this.logger.warn('shell refused woo-create-order', { status, code: body.code, message });
    throw unavailable(message.slice(0, 300));
  }

  async checkProduct(productId: number): Promise<ProductCheck> {
    const answer = await this.post(PRODUCT, { product_id: productId });
    if (answer === null) return { exists: null, reason: 'the WordPress site did not answer' };
    const { status, body } = answer;
    if (status === 200 && typeof body.exists === 'boolean')
      return { exists: body.exists, name: typeof body.name === 'string' ? body.name : undefined };
    const reason = typeof body.message === 'string' ? body.message.slice(0, 300) : `HTTP ${status}`;
    return { exists: null, reason };
  }

  /** A signed POST to an internal shell route; null when the shell did not answer. */
  private async post(route: string, value: Record<string, unknown>): Promise<ShellAnswer | null> {
    const body = JSON.stringify(value);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const signature = sign(
      {
        method: 'POST',
        pathAndQuery: `/wp-json${route}`,
        timestamp,
        nonce,
        authorization: '',
        auth: 'internal',
        user: '',
        clientIp: '',
        body,
      },
      this.secret,
    );
    const url = new URL(this.shellUrl.replace(/\/+$/, '') + '/');
    url.searchParams.set('rest_route', route);
    try {
      const response = await request(url, {
        method: 'POST',
        body,
        headersTimeout: TIMEOUT_MS,
        bodyTimeout: TIMEOUT_MS,
        headers: {
          'content-type': 'application/json',
          [SIGNATURE_HEADERS.timestamp]: timestamp,
          [SIGNATURE_HEADERS.nonce]: nonce,
          [SIGNATURE_HEADERS.auth]: 'internal',
          [SIGNATURE_HEADERS.user]: '',
          [SIGNATURE_HEADERS.clientIp]: '',
          [SIGNATURE_HEADERS.signature]: signature,
        },
      });
      const answer = (await response.body.json().catch(() => ({}))) as Record<string, unknown> | null;
      return { status: response.statusCode, body: answer && typeof answer === 'object' ? answer : {} };
    } catch (error) {
      this.logger.warn(`shell unreachable for ${route}`, { error: (error as Error).message, shell: this.shellUrl });
      return null;
    }
  }
}
