import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { createKey, hub } from '../support/hub-cli';
import { startClientSite, type ClientSite } from '../support/client-site';
import { bearer, call, json } from '../support/lanes';
import { stack } from '../support/stack';
import { createTestServer } from '../support/test-server';
import { wooStandIn } from '../support/woocommerce-stand-in';
import { launchBrowser, logInToAdmin, onPage } from './support/browser';

/**
 * Settings → svc-client's "Licence key" section in headless Chromium (docs/architecture.md §12):
 * the hub's over-limit refusal is shown with the sites holding the seats; pasting a paid order's
 * key and clicking Activate shows "Active" with the seats used, the staging note and the
 * features; Deactivate brings the form back.
 */
jest.setTimeout(240_000);

let client: ClientSite;
let browser: Browser;
let licenseKey: string;
beforeAll(async () => {
  client = await startClientSite();
  const buyer = createKey();
  const packageId = `actb-${randomUUID().slice(0, 8)}`;
  const terms = ['--price', '19.00', '--currency', 'EUR', '--features', 'module.seo,module.forms', '--duration-days', '30', '--sites', '1'];
  hub('package', 'create', '--id', packageId, '--name', packageId, ...terms, '--woo-product', '77');
  const init = json({ package_id: packageId, site_url: buyer.siteUrl });
  const order = await call('direct', '/wp-json/svc-commerce/v1/checkout', { ...init, headers: { ...init.headers, ...bearer(buyer.key) } });
  await wooStandIn.pay(order.body.woo_order_id);
  licenseKey = (await call('direct', `/wp-json/svc-commerce/v1/orders/${order.body.id}`, { headers: bearer(buyer.key) })).body.license_key;
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await client?.stop();
});

const SCREEN = () => `${client.url}/wp-admin/options-general.php?page=svc-client`;
async function activate(page: Page, hubUrl: string): Promise<string> {
  await page.fill('#svc-client-activate-hub', hubUrl);
  await page.fill('#svc-client-license-key', licenseKey);
  await page.click('#svc-client-activate-submit');
  await page.waitForLoadState('load');
  return page.locator('[data-svc-client-notice]').innerText();
}

describe('svc-client activation screen', () => {
  it('shows the seat limit with the sites holding the seats, then activates, shows the licence and deactivates', async () => {
    // The hub's real over-limit answer (a site outside staging holds the one seat), replayed as the hub.
    const holder = `https://seat-${randomUUID().slice(0, 8)}.shop-e2e.com`;
    const activateSite = (site: string) =>
      call('wordpress', '/wp-json/svc-license/v1/activations', json({ license_key: licenseKey, site_url: site }));
    expect((await activateSite(holder)).status).toBe(201);
    const limit = await activateSite(`https://other-${randomUUID().slice(0, 8)}.shop-e2e.com`);
    expect(limit.status).toBe(409);
    const replay = createTestServer((_request, response) => {
      response.writeHead(409, { 'Content-Type': 'application/json' }).end(limit.text);
    });
    await new Promise<void>((resolve) => replay.listen(0, '127.0.0.1', resolve));
    try {
      await onPage(browser, 'svc-client-activation', async (page) => {
        await logInToAdmin(page, client.admin.login, client.admin.password, client.url);
        await page.goto(SCREEN());
        const refused = await activate(page, `http://127.0.0.1:${(replay.address() as AddressInfo).port}`);
        expect(refused).toContain('Not activated');
        expect(refused).toContain(`Sites holding the seats: ${holder}.`);

        expect(await activate(page, stack().wordpressUrl)).toContain('Activated.');
        const active = await page.locator('[data-svc-client-activation=active]').innerText();
        expect(active).toContain('Active');
        expect(active).toContain('1 of 1 seats used'); // the holder's; this staging site takes none
        expect(await page.locator('[data-svc-client-staging]').innerText()).toBe('Staging site — takes no seat');
        // The package's features; the suite's one client site may hold more from earlier files' grants (the site's whole licence is shown).
        const shown = (await page.locator('#svc-client-activation [data-svc-client-field=features]').innerText()).split(', ');
        expect(shown).toEqual(expect.arrayContaining(['module.forms', 'module.seo']));
        expect(await page.content()).not.toContain(await client.php<string>('return Svc_Client_Settings::get()["api_key"];'));

        await page.click('#svc-client-deactivate [type=submit]');
        await page.waitForLoadState('load');
        expect(await page.locator('[data-svc-client-notice]').innerText()).toContain('Deactivated');
        expect(await page.locator('#svc-client-license-key').count()).toBe(1);
      });
    } finally {
      await new Promise((resolve) => replay.close(resolve));
    }
  });
});
