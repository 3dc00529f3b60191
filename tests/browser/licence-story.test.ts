import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { phpString } from '../support/client-key';
import { startClientSite, type ClientSite } from '../support/client-site';
import { queryStack } from '../support/database-query';
import { waitUntil } from '../support/eventually';
import { createKey, hub } from '../support/hub-cli';
import { hubAdmin, uploadRelease } from '../support/hub-releases';
import { bearer, call, json } from '../support/lanes';
import { stack } from '../support/stack';
import { wooStandIn } from '../support/woocommerce-stand-in';
import { pluginZip } from '../support/zip-builder';
import { launchBrowser, onPage } from './support/browser';

/**
 * The licence server's whole story (docs/architecture.md §12), as its people live it, on the
 * suite's real WordPress 7.1 client site in headless Chromium:
 *   the buyer pays for a package of two sites and finds the licence key in My Account → Licences;
 *   the client site's admin pastes it into svc-client's screen: the site is activated (a staging
 *   site: it takes no seat) and the package's features are on; Dashboard → Updates offers the
 *   release the agency uploaded, and WordPress's upgrader installs it from the hub's signed URL;
 *   with auto-updates switched on in Plugins, WordPress's automatic updater installs the next;
 *   two production sites take the two seats, a third is refused naming them, a staging site is
 *   free; the buyer deactivates a site from My Account and the seat is free again; with the hub
 *   out of reach the site keeps its features from the signed document until its grace end and
 *   not after (the site's clock moved by faketime); a refund ends the licence: the features are
 *   off, the update has no package, the download URL the site was given is refused.
 */
jest.setTimeout(300_000);

const PRODUCT = 77;
const RENEWAL = 'https://shop.example/renew-story';
const tag = randomUUID().slice(0, 8);
const slug = `story-${tag}`;
const pluginFile = `${slug}/${slug}.php`;
const packageId = `story-${tag}`;
const production = (name: string) => `https://${name}-${tag}.story-e2e.com`;

let client: ClientSite;
let browser: Browser;
let customer: { id: number; login: string; password: string };
let wooOrderId: number;
let licenseKey: string;
let downloadUrl: string;
const seats: Record<string, string> = {};

const activate = (siteUrl: string) =>
  call('wordpress', '/wp-json/svc-license/v1/activations', json({ license_key: licenseKey, site_url: siteUrl }));
const hasFeature = (feature: string) => client.php<boolean>(`return svc_client_has_feature( ${phpString(feature)} );`);
const installedVersion = () =>
  /Version: (\S+)/.exec(readFileSync(join(client.wordpressDir, 'wp-content', 'plugins', slug, `${slug}.php`), 'utf8'))![1];
const downloads = async (version: string) =>
  ((await hubAdmin('GET', '/releases')).body.data as Array<{ slug: string; version: string; downloads: number }>).find(
    (row) => row.slug === slug && row.version === version,
  )!.downloads;

/** wp-login.php as a person uses it, sent on to `target` (as My Account's and wp-admin's login links do). */
async function logIn(page: Page, siteUrl: string, login: string, password: string, target: string): Promise<void> {
  await page.goto(`${siteUrl}/wp-login.php?redirect_to=${encodeURIComponent(target)}`);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    await page.fill('#user_login', login);
    await page.fill('#user_pass', password);
    if ((await page.inputValue('#user_login')) === login && (await page.inputValue('#user_pass')) === password) break;
  }
  await Promise.all([page.waitForURL(target), page.click('#wp-submit')]);
}

/** Runs `steps` in My Account → Licences as the buyer. */
const asBuyer = (name: string, steps: (page: Page) => Promise<void>) =>
  onPage(browser, name, async (page) => {
    await logIn(page, stack().wordpressUrl, customer.login, customer.password, `${stack().wordpressUrl}/my-account/licences/`);
    await steps(page);
  });

/** Runs `steps` on a screen of the client site's wp-admin (`update-core.php`, …) as its administrator. */
const asSiteAdmin = (name: string, screen: string, steps: (page: Page) => Promise<void>) =>
  onPage(browser, name, async (page) => {
    await logIn(page, client.url, client.admin.login, client.admin.password, `${client.url}/wp-admin/${screen}`);
    await steps(page);
  });
const SETTINGS = 'options-general.php?page=svc-client';

beforeAll(async () => {
  // Pretty permalinks, so My Account's endpoint is /my-account/licences/.
  await queryStack("UPDATE {prefix}options SET option_value = '/%postname%/' WHERE option_name = 'permalink_structure'");
  await queryStack("DELETE FROM {prefix}options WHERE option_name = 'rewrite_rules'");
  customer = await wooStandIn.createCustomer();
  const terms = [
    '--price',
    '49.00',
    '--currency',
    'EUR',
    '--features',
    'module.seo,module.forms',
    '--duration-days',
    '365',
    '--sites',
    '2',
  ];
  hub('package', 'create', '--id', packageId, '--name', `Story ${tag}`, ...terms, '--woo-product', String(PRODUCT));
  const fields = {
    package_id: packageId,
    type: 'plugin',
    slug,
    version: '1.1.0',
    changelog: '# 1.1.0\n* Faster forms',
    renewal_url: RENEWAL,
  };
  const uploaded = await uploadRelease(fields, pluginZip(slug, '1.1.0', `${stack().wordpressUrl}/`));
  expect([uploaded.status, uploaded.status === 201 ? '' : uploaded.text]).toEqual([201, '']);

  client = await startClientSite({ automaticUpdates: true });
  const muPlugins = join(client.wordpressDir, 'wp-content', 'mu-plugins');
  mkdirSync(muPlugins, { recursive: true });
  copyFileSync(
    join(stack().repoRoot, 'tests', 'wordpress', 'client-mu-plugins', 'wordpress-org-offline.php'),
    join(muPlugins, 'wordpress-org-offline.php'),
  );
  // The agency's plugin, version 1.0.0, installed on the client site and updating from the hub.
  mkdirSync(join(client.wordpressDir, 'wp-content', 'plugins', slug), { recursive: true });
  writeFileSync(
    join(client.wordpressDir, 'wp-content', 'plugins', slug, `${slug}.php`),
    `<?php\n/**\n * Plugin Name: ${slug} test plugin\n * Version: 1.0.0\n * Update URI: ${stack().wordpressUrl}/\n */\n`,
  );
  browser = await launchBrowser();
}, 240_000);
afterAll(async () => {
  await browser?.close();
  await client?.stop();
});

describe('the licence server, from purchase to refund', () => {
  it('the buyer pays and finds the licence key in My Account → Licences', async () => {
    const buyer = createKey();
    const init = json({ package_id: packageId, site_url: buyer.siteUrl });
    const order = await call('direct', '/wp-json/svc-commerce/v1/checkout', {
      ...init,
      headers: { ...init.headers, ...bearer(buyer.key) },
    });
    expect(order.status).toBe(201);
    wooOrderId = order.body.woo_order_id;
    await wooStandIn.pay(wooOrderId, { customer_id: customer.id, billing_email: `story-${tag}@story-e2e.com` });
    const detail = await call('direct', `/wp-json/svc-commerce/v1/orders/${order.body.id}`, { headers: bearer(buyer.key) });
    expect(detail.body).toMatchObject({ status: 'paid', license_key: expect.stringMatching(/^SVC-/) });

    await asBuyer('licence-story-key', async (page) => {
      const licence = page.locator('.svc-hub-licence', { hasText: packageId });
      licenseKey = (await licence.locator('.svc-hub-licence-key').innerText()).trim();
      expect(licenseKey).toMatch(/^SVC(-[0-9A-Z]{4}){6}$/);
      expect(await licence.locator('.svc-hub-licence-summary').innerText()).toContain('0 of 2');
      expect(await licence.locator('.svc-hub-download').innerText()).toContain('1.1.0');
    });
  });

  it("the site's admin activates with the key on svc-client's screen: the features are on, the staging site takes no seat", async () => {
    await asSiteAdmin('licence-story-activate', SETTINGS, async (page) => {
      await page.fill('#svc-client-activate-hub', stack().wordpressUrl);
      await page.fill('#svc-client-license-key', licenseKey);
      await page.click('#svc-client-activate-submit');
      await page.waitForLoadState('load');
      expect(await page.locator('[data-svc-client-notice]').innerText()).toContain('Activated.');
      expect(await page.locator('[data-svc-client-activation=active]').innerText()).toContain('0 of 2 seats used');
      expect(await page.locator('[data-svc-client-staging]').innerText()).toBe('Staging site — takes no seat');
      const shown = (await page.locator('#svc-client-activation [data-svc-client-field=features]').innerText()).split(', ');
      expect(shown).toEqual(expect.arrayContaining(['module.forms', 'module.seo']));
    });
    expect(await hasFeature('module.seo')).toBe(true);
  });

  it("Dashboard → Updates offers the agency's release; WordPress's upgrader installs it from the hub's signed URL", async () => {
    await client.php("delete_site_transient( 'update_plugins' ); return true;");
    await asSiteAdmin('licence-story-update', 'update-core.php', async (page) => {
      const row = page.locator('#update-plugins-table tr', { hasText: `${slug} test plugin` });
      expect(await row.innerText()).toContain('You have version 1.0.0 installed. Update to 1.1.0.');
      downloadUrl = await client.php<string>(
        `return get_site_transient( 'update_plugins' )->response[ ${phpString(pluginFile)} ]->package;`,
      );
      expect(downloadUrl).toMatch(new RegExp(`^${stack().wordpressUrl}/wp-json/svc-license/v1/downloads/`));
      await row.locator('input[type=checkbox]').check();
      await page.click('#upgrade-plugins');
      const progress = page.frameLocator('iframe[title="Update progress"]');
      await progress.locator('text=All updates have been completed.').waitFor();
      expect(await progress.locator('body').innerText()).toContain(`${slug} test plugin updated successfully.`);
    });
    expect(installedVersion()).toBe('1.1.0');
    expect(await downloads('1.1.0')).toBe(1);
    const reused = await call('direct', new URL(downloadUrl).pathname);
    expect([reused.status, reused.body.code]).toEqual([403, 'svc_download_refused']);
    expect(await downloads('1.1.0')).toBe(1);
  });

  it("auto-updates: switched on in Plugins, WordPress's automatic updater installs the next release by itself", async () => {
    const uploaded = await uploadRelease(
      { package_id: packageId, type: 'plugin', slug, version: '1.2.0', changelog: '# 1.2.0\n* Calmer forms', renewal_url: RENEWAL },
      pluginZip(slug, '1.2.0', `${stack().wordpressUrl}/`),
    );
    expect(uploaded.status).toBe(201);
    await asSiteAdmin('licence-story-auto-updates', 'plugins.php', async (page) => {
      const row = page.locator(`tr[data-plugin="${pluginFile}"]`);
      await row.locator('.toggle-auto-update', { hasText: 'Enable auto-updates' }).click();
      await row.locator('.toggle-auto-update', { hasText: 'Disable auto-updates' }).waitFor();
    });
    // What WP-Cron's wp_version_check event runs: a fresh update check, then wp_maybe_auto_update().
    await client.php("delete_site_transient( 'update_plugins' ); wp_update_plugins(); wp_maybe_auto_update(); return true;");
    expect(installedVersion()).toBe('1.2.0');
    expect(await downloads('1.2.0')).toBe(1);
  });

  it('two production sites take the seats; a third is refused naming them; a staging site is free', async () => {
    for (const name of ['one', 'two']) {
      const answer = await activate(production(name));
      expect([answer.status, answer.body.staging]).toEqual([201, false]);
      seats[name] = answer.body.activation_id;
    }
    const refused = await activate(production('three'));
    expect([refused.status, refused.body.code]).toEqual([409, 'svc_activation_limit']);
    expect(JSON.stringify(refused.body.data)).toContain(production('one'));
    expect(JSON.stringify(refused.body.data)).toContain(production('two'));
    const staging = await activate(`https://staging.three-${tag}.story-e2e.com`);
    expect([staging.status, staging.body.staging, staging.body.license.seats_used]).toEqual([201, true, 2]);
  });

  it('the buyer deactivates a site from My Account: the seat is free for the third site', async () => {
    await asBuyer('licence-story-deactivate', async (page) => {
      const licence = page.locator('.svc-hub-licence', { hasText: packageId });
      expect(await licence.locator('.svc-hub-licence-summary').innerText()).toContain('2 of 2');
      expect(await licence.locator('.svc-hub-activations').innerText()).toContain(`staging.three-${tag}.story-e2e.com staging`);
      await licence.locator(`tr[data-activation="${seats.one}"] button`, { hasText: 'Deactivate' }).click();
      await page.waitForLoadState('load');
      expect(await page.locator('.woocommerce-message, .woocommerce-notices-wrapper').first().innerText()).toContain(
        'The site was deactivated',
      );
      const after = page.locator('.svc-hub-licence', { hasText: packageId });
      expect(await after.locator(`tr[data-activation="${seats.one}"]`).count()).toBe(0);
      expect(await after.locator('.svc-hub-licence-summary').innerText()).toContain('1 of 2');
    });
    expect((await activate(production('three'))).status).toBe(201);
  });

  it('with the hub out of reach, the signed document keeps the features until its grace end, not after', async () => {
    const document = await client.php<{ status: string; grace_ends_at: string }>('return Svc_Client_License_Document::fields();');
    expect(document.status).toBe('active');
    const graceEnd = new Date(document.grace_ends_at).getTime();
    const days = (graceEnd - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
    const seoAt = (ms: number) => client.phpAt<boolean>(new Date(ms), "return svc_client_has_feature( 'module.seo' );");
    expect(await seoAt(graceEnd - 60_000)).toBe(true);
    expect(await seoAt(graceEnd + 60_000)).toBe(false);
    expect(await hasFeature('module.seo')).toBe(true);
  });

  it('a refund ends the licence: features off, the update without a package, the download URL and the key refused', async () => {
    // A download URL the hub gave the site just before the refund, not used yet.
    downloadUrl = await client.php<string>(
      `Svc_Client_Update_Check::forget(); return Svc_Client_Update_Check::answer_for( 'plugins', ${phpString(pluginFile)} )['package'];`,
    );
    expect(downloadUrl).toMatch(new RegExp(`^${stack().wordpressUrl}/wp-json/svc-license/v1/downloads/`));
    await wooStandIn.refund(wooOrderId);
    await waitUntil(async () => !(await hasFeature('module.seo')), "the refund's push switching module.seo off on the client site");
    const document = await client.php<{ status: string; features: string[] }>('return Svc_Client_License_Document::fields();');
    expect(document).toMatchObject({ status: 'revoked', features: [] });

    await client.php("delete_site_transient( 'update_plugins' ); return true;");
    await client.php(`
      $file = WP_PLUGIN_DIR . '/' . ${phpString(pluginFile)};
      file_put_contents( $file, str_replace( 'Version: 1.2.0', 'Version: 1.0.0', file_get_contents( $file ) ) );
      return true;`);
    await asSiteAdmin('licence-story-refunded', SETTINGS, async (page) => {
      expect(await page.locator('#svc-client-activation [data-svc-client-field=features]').innerText()).toBe('none');
    });
    await asSiteAdmin('licence-story-refunded-updates', 'update-core.php', async (page) => {
      const offered = await client.php<{ package: string; url: string } | null>(
        `$updates = get_site_transient( 'update_plugins' ); return isset( $updates->response[ ${phpString(pluginFile)} ] ) ? (array) $updates->response[ ${phpString(pluginFile)} ] : null;`,
      );
      expect(offered).toMatchObject({ new_version: '1.2.0', package: '', url: RENEWAL });
      const row = page.locator('#update-plugins-table tr', { hasText: `${slug} test plugin` });
      expect(await row.innerText()).toContain(`Update to 1.2.0. View version 1.2.0 details.`);
      expect(await row.innerText()).toContain(`Your licence does not cover updates now: renew at ${RENEWAL}.`);
    });
    const refused = await call('direct', new URL(downloadUrl).pathname);
    expect([refused.status, refused.body.message]).toEqual([403, "The site's licence does not cover this product now."]);
    expect((await activate(production('four'))).status).toBe(404);
    await asBuyer('licence-story-revoked', async (page) => {
      expect(await page.locator('.svc-hub-licence', { hasText: packageId }).locator('.svc-hub-licence-summary').innerText()).toContain(
        'revoked',
      );
    });
  });
});
