import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { createKey, hub } from '../support/hub-cli';
import { bearer, call, json } from '../support/lanes';
import { wooStandIn } from '../support/woocommerce-stand-in';
import { launchBrowser, logInToAdmin, notice, onPage, openPanel } from './support/browser';
import { administrator } from './support/wordpress-users';

jest.setTimeout(180_000);

const PRODUCT = 77;

const activate = (licenseKey: string, siteUrl: string) =>
  call('wordpress', '/wp-json/svc-license/v1/activations', json({ license_key: licenseKey, site_url: siteUrl }));

/** A paid licence with two activated sites; its key, buyer site and customer id. */
async function paidLicence() {
  const buyer = createKey();
  const packageId = `lic-ui-${randomUUID().slice(0, 8)}`;
  const terms = ['--price', '49.00', '--currency', 'EUR', '--features', 'module.seo', '--duration-days', '30', '--sites', '3'];
  hub('package', 'create', '--id', packageId, '--name', packageId, ...terms, '--woo-product', String(PRODUCT));
  const init = json({ package_id: packageId, site_url: buyer.siteUrl });
  const order = (await call('direct', '/wp-json/svc-commerce/v1/checkout', { ...init, headers: { ...init.headers, ...bearer(buyer.key) } }))
    .body;
  await wooStandIn.pay(order.woo_order_id, { billing_email: `ui-${randomUUID().slice(0, 8)}@licences-ui.com` });
  const licenseKey: string = (await call('direct', `/wp-json/svc-commerce/v1/orders/${order.id}`, { headers: bearer(buyer.key) })).body
    .license_key;
  const sites = [`https://a-${randomUUID().slice(0, 8)}.licences-ui.com`, `https://b-${randomUUID().slice(0, 8)}.licences-ui.com`];
  for (const site of sites) {
    const answer = await activate(licenseKey, site);
    expect(answer.status).toBe(201);
  }
  const customerId = /^(cus_[0-9A-Z]{26})\t/m.exec(
    hub('customer', 'list')
      .filter((line) => line.includes(buyer.siteUrl))
      .join('\n'),
  )![1]!;
  return { licenseKey, packageId, sites, customerId };
}

/** The Licences tab (admin-ui/src/panels/licences/). */
describe('admin screen: licences', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('lists the licence, shows its activations, deactivates one and adds a staging pattern', async () => {
    const licence = await paidLicence();
    await onPage(browser, 'licences', async (page) => {
      const admin = administrator();
      await logInToAdmin(page, admin.login, admin.password);
      await openPanel(page, 'licences');

      await page.getByLabel('Search this page (key prefix, package, site)').fill(licence.packageId);
      const row = page.locator('.svc-hub-licences tr', { hasText: licence.packageId });
      await row.waitFor();
      expect(await row.textContent()).toContain('2 / 3');
      await row.getByRole('button', { name: 'Details' }).click();

      await page.locator('.svc-hub-licence-key', { hasText: licence.licenseKey }).waitFor();
      const first = page.locator('.svc-hub-activations tr', { hasText: licence.sites[0]! });
      await first.waitFor();
      await page.locator('.svc-hub-activations tr', { hasText: licence.sites[1]! }).waitFor();
      await first.getByRole('button', { name: 'Deactivate' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
      await notice(page, 'success', 'deactivated; its seat is free').waitFor();
      await page.locator('.svc-hub-activations tr', { hasText: licence.sites[0]! }).getByText('deactivated').waitFor();
      await page.locator('.svc-hub-seats', { hasText: 'Seats used: 1 / 3' }).waitFor();

      await page.getByLabel('Customer id').fill(licence.customerId);
      await page.getByLabel('Host pattern').fill('*.preview.licences-ui.com');
      await page.getByRole('button', { name: 'Add staging pattern' }).click();
      await notice(page, 'success', 'Staging pattern added.').waitFor();
      const listed = page.locator('.svc-hub-staging-patterns li', { hasText: '*.preview.licences-ui.com' });
      await listed.waitFor();
      // The pattern is the hub's: a site under it activates as staging.
      expect((await activate(licence.licenseKey, 'https://shop.preview.licences-ui.com')).body.staging).toBe(true);

      await listed.getByRole('button', { name: 'Remove' }).click();
      await notice(page, 'success', 'Staging pattern removed.').waitFor();
      await listed.waitFor({ state: 'detached' });
      expect((await activate(licence.licenseKey, 'https://cart.preview.licences-ui.com')).body.staging).toBe(false);
    });
  });
});
