/** What checkout needs from WooCommerce on this site (the shell creates the order in PHP). */
export interface WooOrderRequest {
  hubOrderId: string;
  siteUrl: string;
  packageId: string;
  productId: number;
}

export interface CreatedWooOrder {
  wooOrderId: number;
  paymentUrl: string;
}

/**
 * Creates a real pending WooCommerce order on this site (meta `svc_hub_order_id`,
 * `svc_site_url`) and returns its pay URL. Throws an ApiError (503 `svc_store_unavailable`)
 * when WooCommerce is not active or the shell cannot be reached.
 */
export interface WooCommerceBridge {
  createOrder(request: WooOrderRequest): Promise<CreatedWooOrder>;
}
