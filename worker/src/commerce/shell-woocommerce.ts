import { randomBytes } from 'node:crypto';
import { request } from 'undici';
import { sign, SIGNATURE_HEADERS } from '../http/signature';
import { ApiError } from '../support/api-error';
import type { Logger } from '../support/logger';
import type { CreatedWooOrder, WooCommerceBridge, WooOrderRequest } from './woocommerce-bridge';

const ROUTE = '/svc-hub/v1/internal/woo-create-order';
const TIMEOUT_MS = 15_000;

const unavailable = (why: string) =>
  new ApiError(503, 'svc_store_unavailable', `WooCommerce on this site could not create the order: ${why}.`);

/**
 * Asks the shell (signed internal route, DESIGN §1) to create a pending WooCommerce order.
 * Called through `?rest_route=` so it works whatever the site's permalink style; the signed
 * path is the canonical `/wp-json/…` either way.
 */
export class ShellWooCommerce implements WooCommerceBridge {
  constructor(
    private readonly shellUrl: string,
    private readonly secret: string,
    private readonly logger: Logger,
  ) {}

  async createOrder(order: WooOrderRequest): Promise<CreatedWooOrder> {
    const body = JSON.stringify({
      hub_order_id: order.hubOrderId,
      site_url: order.siteUrl,
      package_id: order.packageId,
      product_id: order.productId,
    });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const signature = sign(
      { method: 'POST', pathAndQuery: `/wp-json${ROUTE}`, timestamp, nonce, authorization: '', auth: 'internal', user: '', clientIp: '', body },
      this.secret,
    );
    const url = new URL(this.shellUrl.replace(/\/+$/, '') + '/');
    url.searchParams.set('rest_route', ROUTE);
    let status: number;
    let answer: Record<string, unknown>;
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
      status = response.statusCode;
      answer = (await response.body.json().catch(() => ({}))) as Record<string, unknown>;
    } catch (error) {
      this.logger.warn('shell unreachable for woo-create-order', { error: (error as Error).message, shell: this.shellUrl });
      throw unavailable('the WordPress site did not answer');
    }
    if (status === 200 && typeof answer.woo_order_id === 'number' && typeof answer.payment_url === 'string') {
      return { wooOrderId: answer.woo_order_id, paymentUrl: answer.payment_url };
    }
    const message = typeof answer.message === 'string' ? answer.message : `HTTP ${status}`;
    this.logger.warn('shell refused woo-create-order', { status, code: answer.code, message });
    throw unavailable(message.slice(0, 300));
  }
}
