import type { OrderBuyer } from './orders';

/** What checkout needs from WooCommerce on this site (the shell creates the order in PHP). */
export interface WooOrderRequest {
  hubOrderId: string;
  siteUrl: string;
  packageId: string;
  productId: number;
  /** Billing email and name, and the customer when known (docs/architecture.md §5 "Checkout"). */
  buyer: OrderBuyer | null;
}

export interface CreatedWooOrder {
  wooOrderId: number;
  paymentUrl: string;
}

/** Whether WooCommerce on this site has a product; `exists` null when it could not be asked (with why). */
export interface ProductCheck {
  exists: boolean | null;
  name?: string;
  reason?: string;
}

/**
 * Creates a real pending WooCommerce order on this site (meta `svc_hub_order_id`,
 * `svc_site_url`) and returns its pay URL. Throws an ApiError: 422
 * `svc_package_misconfigured` when the product does not exist, 503 `svc_store_unavailable`
 * when WooCommerce is not active or the shell cannot be reached.
 */
export interface WooCommerceBridge {
  createOrder(request: WooOrderRequest): Promise<CreatedWooOrder>;
  /** Asks whether a product exists (for the package warnings). */
  checkProduct(productId: number): Promise<ProductCheck>;
}
