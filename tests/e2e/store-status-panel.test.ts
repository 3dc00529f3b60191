import { randomUUID } from 'node:crypto';
import { queryStack } from '../support/database-query';
import { stack } from '../support/stack';
import { testFetch } from '../support/test-fetch';
import { wooStandIn } from '../support/woocommerce-stand-in';
import { logIn } from '../support/wordpress-session';

/**
 * Store mode's status panel (docs/commerce.md, "Store mode"): the store's wp-admin dashboard
 * shows the webhook that sends buyers' orders to the hub, its status and failures, and the last
 * delivery recorded from WooCommerce's `woocommerce_webhook_delivery` — here the hub refuses the
 * delivery (no store with this secret: 401); then a store without the intranet filters, whose
 * delivery to 127.0.0.1 WordPress refuses, and the panel names the two filters.
 */
const PRODUCT = 77;
const HUB_WEBHOOK = `${stack().workerUrl}/wp-json/svc-license/v1/webhook/woo-order-paid`;
let webhookId: number;

beforeAll(async () => {
  await wooStandIn.setStoreMode(true);
  await queryStack("DELETE FROM wp_options WHERE option_name = 'svc_hub_store_last_delivery'");
  webhookId = (await wooStandIn.createWebhook({ deliveryUrl: HUB_WEBHOOK, secret: `panel-${randomUUID()}` })).id;
});

afterAll(async () => {
  await queryStack("DELETE FROM wp_options WHERE option_name IN ('svc_stand_in_intranet_filters', 'svc_hub_store_last_delivery')");
  await wooStandIn.deleteWebhook(webhookId);
  await wooStandIn.setStoreMode(false);
});

/** The svc-hub widget of the wp-admin dashboard, as the store's administrator sees it. */
async function panel(): Promise<string> {
  const session = await logIn();
  const page = await testFetch(`${stack().wordpressUrl}/wp-admin/index.php`, { headers: { Cookie: session.headers.Cookie! } });
  const html = await page.text();
  const start = html.indexOf('<div class="svc-hub-store-status">');
  expect(start).toBeGreaterThan(-1);
  return html.slice(start, html.indexOf('</div>', start));
}

/** An order saved and paid on the store, its queued delivery run now. */
async function deliverAnOrder(): Promise<void> {
  const order = await wooStandIn.createOrder(PRODUCT);
  await wooStandIn.pay(order.id);
  await wooStandIn.runActions();
}

describe("store mode's status panel", () => {
  it('shows the webhook to the hub with its status and failures, and the last delivery', async () => {
    expect(await panel()).toContain('No delivery to the hub yet.');
    await deliverAnOrder();
    const html = await panel();
    expect(html).toContain(`<code>${HUB_WEBHOOK}</code>`);
    expect(html).toContain(`edit-webhook=${webhookId}`);
    // As many failures as WooCommerce counted: one delivery, or more when WP-Cron's queue runner (every minute, spawned by
    // any request) delivered the order's first queued action before its payment queued the next.
    const { failure_count: failures } = await wooStandIn.webhook(webhookId);
    expect(failures).toBeGreaterThanOrEqual(1);
    expect(html).toContain(`<td class="svc-hub-store-status__status">active</td><td>${failures}</td>`);
    expect(html).toMatch(/Last delivery: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC — HTTP 401 in [\d.]+ s\./);
    expect(html).not.toContain('http_request_host_is_external');
  });

  it('points at the two filters when WordPress refused the hub address (a store without them)', async () => {
    await queryStack("REPLACE INTO wp_options (option_name, option_value, autoload) VALUES ('svc_stand_in_intranet_filters', 'no', 'off')");
    await deliverAnOrder();
    const html = await panel();
    expect(html).toMatch(/UTC — A valid URL was not provided\. in [\d.]+ s\./);
    expect(html).toContain('http_request_host_is_external');
    expect(html).toContain('http_allowed_safe_ports');
  });
});
