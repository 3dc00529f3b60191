import { randomUUID } from 'node:crypto';
import { createKey, hub } from '../support/hub-cli';
import { hubAdmin } from '../support/hub-releases';
import { bearer, call, json, type Lane } from '../support/lanes';
import { wooStandIn } from '../support/woocommerce-stand-in';

/**
 * A customer's own staging patterns (docs/commerce.md "Licences and activations", docs/architecture.md
 * §12): a pattern the admin adds for one customer makes a matching host activate free on that
 * customer's licences only; another customer's licence takes its one seat for a host of the same
 * pattern, and is then full.
 */
const PRODUCT = 77;
const activate = (lane: Lane, licenseKey: string, siteUrl: string) =>
  call(lane, '/wp-json/svc-license/v1/activations', json({ license_key: licenseKey, site_url: siteUrl }));

/** A paid licence of `packageId` with a billing email of its own (a customer of its own): its key and customer id. */
async function customerLicence(packageId: string) {
  const buyer = createKey();
  const init = json({ package_id: packageId, site_url: buyer.siteUrl });
  const order = await call('direct', '/wp-json/svc-commerce/v1/checkout', { ...init, headers: { ...init.headers, ...bearer(buyer.key) } });
  expect(order.status).toBe(201);
  await wooStandIn.pay(order.body.woo_order_id, { billing_email: `stg-${randomUUID().slice(0, 8)}@staging-patterns.com` });
  const detail = await call('direct', `/wp-json/svc-commerce/v1/orders/${order.body.id}`, { headers: bearer(buyer.key) });
  const line = hub('customer', 'list').find((row) => row.includes(buyer.siteUrl))!;
  return { key: detail.body.license_key as string, customerId: /^(cus_[0-9A-Z]{26})\t/.exec(line)![1]! };
}

describe("a customer's staging pattern", () => {
  it("lets a matching host activate free on that customer's licence only", async () => {
    const packageId = `stg-${randomUUID().slice(0, 8)}`;
    const terms = ['--price', '9.00', '--currency', 'EUR', '--features', 'module.seo', '--duration-days', '30', '--sites', '1'];
    hub('package', 'create', '--id', packageId, '--name', packageId, ...terms, '--woo-product', String(PRODUCT));
    const [agency, other] = [await customerLicence(packageId), await customerLicence(packageId)];
    expect(agency.customerId).not.toBe(other.customerId);
    const domain = `review-${randomUUID().slice(0, 8)}.agency-e2e.com`;
    const added = await hubAdmin('POST', '/staging-patterns', { customer_id: agency.customerId, pattern: `*.${domain}` });
    expect([added.status, added.body.patterns]).toEqual([201, [`*.${domain}`]]);

    // The agency's licence: two review hosts free, its one seat still there for a live site.
    for (const [lane, name] of [
      ['wordpress', 'one'],
      ['direct', 'two'],
    ] as const) {
      const free = await activate(lane, agency.key, `https://${name}.${domain}`);
      expect([free.status, free.body.staging, free.body.license.seats_used]).toEqual([201, true, 0]);
    }
    const live = await activate('wordpress', agency.key, `https://www.live-${randomUUID().slice(0, 8)}.agency-e2e.com`);
    expect([live.status, live.body.staging, live.body.license.seats_used]).toEqual([201, false, 1]);

    // Another customer's licence: the same pattern's host takes its one seat, and the next is refused.
    const seated = await activate('wordpress', other.key, `https://three.${domain}`);
    expect([seated.status, seated.body.staging, seated.body.license.seats_used]).toEqual([201, false, 1]);
    const full = await activate('direct', other.key, `https://four.${domain}`);
    expect([full.status, full.body.code, full.body.data.sites]).toEqual([409, 'svc_activation_limit', [`https://three.${domain}`]]);
  });
});
