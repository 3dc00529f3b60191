import { randomUUID } from 'node:crypto';
import { createKey, hub } from '../support/hub-cli';
import { queryStack } from '../support/database-query';
import { bearer, call, json } from '../support/lanes';
import { shellHeaders } from '../support/signed-request';
import { WooBuyer } from '../support/woo-buyer';
import { stack } from '../support/stack';
import { testFetch } from '../support/test-fetch';
import { pluginZip } from '../support/zip-builder';
import { wooStandIn } from '../support/woocommerce-stand-in';

/**
 * The customer portal (docs/commerce.md "Customer portal") through the hub's WordPress and the
 * WooCommerce stand-in: a buyer pays, the licence key is in the order's customer email and in
 * My Account → Licences with the activated sites; the buyer deactivates a site and the seat is
 * free; another customer sees nothing of it and cannot deactivate it (nothing changed).
 */
const PRODUCT = 77;
const ADMIN = '/wp-json/svc-hub/v1/admin';

function signed(path: string, body?: unknown) {
  const text = body === undefined ? '' : JSON.stringify(body);
  const method = body === undefined ? 'GET' : 'POST';
  const headers = { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...shellHeaders({ method, path, body: text }) };
  return call('direct', path, { method, headers, body: body === undefined ? undefined : text });
}

/** A release of the package's plugin, uploaded as the admin screen does (signed as the shell signs it). */
async function uploadRelease(packageId: string, slug: string, version: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ package_id: packageId, type: 'plugin', slug, version, changelog: `# ${version}` }))
    form.append(name, value);
  form.append('file', new Blob([pluginZip(slug, version, `${stack().wordpressUrl}/`)], { type: 'application/zip' }), 'release.zip');
  const request = new Request('http://x/', { method: 'POST', body: form });
  const body = Buffer.from(await request.arrayBuffer());
  const headers = {
    'Content-Type': request.headers.get('content-type')!,
    ...shellHeaders({ method: 'POST', path: `${ADMIN}/releases`, body }),
  };
  const answer = await call('direct', `${ADMIN}/releases`, { method: 'POST', headers, body });
  expect([answer.status, answer.status === 201 ? '' : answer.text]).toEqual([201, '']);
}

const site = (name: string) => `https://${name}-${randomUUID().slice(0, 8)}.portal-e2e.com`;
const activate = (licenseKey: string, siteUrl: string) =>
  call('wordpress', '/wp-json/svc-license/v1/activations', json({ license_key: licenseKey, site_url: siteUrl }));

/** The nonce and activation id of each "Deactivate" form on the page. */
function forms(html: string): Map<string, string> {
  const found = new Map<string, string>();
  const pattern = /name="activation_id" value="(act_[0-9A-Z]{26})"><input type="hidden" id="_wpnonce" name="_wpnonce" value="([0-9a-f]+)"/g;
  for (const match of html.matchAll(pattern)) found.set(match[1]!, match[2]!);
  return found;
}

const deactivateForm = (nonce: string, activationId: string) => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams({ action: 'svc_hub_deactivate_site', activation_id: activationId, _wpnonce: nonce }).toString(),
});

beforeAll(async () => {
  // Pretty permalinks, so My Account's endpoint is /my-account/licences/; the rules are rebuilt on the next request.
  await queryStack("UPDATE {prefix}options SET option_value = '/%postname%/' WHERE option_name = 'permalink_structure'");
  await queryStack("DELETE FROM {prefix}options WHERE option_name IN ('rewrite_rules', 'svc_stand_in_mail')");
});

it('a paid order: key in the email and My Account → Licences; the owner deactivates a site, another customer cannot', async () => {
  const owner = await wooStandIn.createCustomer();
  const other = await wooStandIn.createCustomer();
  const buyer = createKey();
  const packageId = `portal-${randomUUID().slice(0, 8)}`;
  const terms = ['--price', '49.00', '--currency', 'EUR', '--features', 'module.seo', '--duration-days', '30', '--sites', '2'];
  hub('package', 'create', '--id', packageId, '--name', packageId, ...terms, '--woo-product', String(PRODUCT));
  const init = json({ package_id: packageId, site_url: buyer.siteUrl });
  const order = (await call('direct', '/wp-json/svc-commerce/v1/checkout', { ...init, headers: { ...init.headers, ...bearer(buyer.key) } }))
    .body;
  const email = `owner-${randomUUID().slice(0, 8)}@portal-e2e.com`;
  await wooStandIn.pay(order.woo_order_id, { customer_id: owner.id, billing_email: email });
  const licenseKey: string = (await call('direct', `/wp-json/svc-commerce/v1/orders/${order.id}`, { headers: bearer(buyer.key) })).body
    .license_key;
  expect(licenseKey).toMatch(/^SVC-/);

  // The customer email WooCommerce sent for the paid order carries the key.
  const [mail] = await queryStack("SELECT option_value FROM {prefix}options WHERE option_name = 'svc_stand_in_mail'");
  expect(String(mail?.option_value)).toContain(email);
  expect(String(mail?.option_value)).toContain(licenseKey);

  const [a, b] = [site('a'), site('b')];
  const first = await activate(licenseKey, a);
  const second = await activate(licenseKey, b);
  expect([first.status, second.status]).toEqual([201, 201]);

  const browser = new WooBuyer();
  await browser.logIn(owner.login, owner.password);
  // No release of the package's plugin yet: no download.
  expect((await browser.request('/my-account/licences/')).text).not.toContain('svc-hub-download');
  const slug = `portal-plugin-${randomUUID().slice(0, 6)}`;
  await uploadRelease(packageId, slug, '1.2.0');
  const page = await browser.request('/my-account/licences/');
  const link = /class="svc-hub-download"><a class="woocommerce-button button" href="([^"]+)">Download [^<]+ 1\.2\.0</.exec(page.text);
  expect(link).not.toBeNull();
  const zip = await testFetch(link![1]!.replace(/&#038;/g, '&'));
  expect([zip.status, zip.headers.get('content-type')]).toEqual([200, 'application/zip']);
  expect(page.status).toBe(200);
  expect(page.text).toContain('woocommerce-MyAccount-navigation-link--licences');
  expect(page.text).toContain(licenseKey);
  expect(page.text).toContain(a);
  expect(page.text).toContain(b);
  const nonces = forms(page.text);
  expect([...nonces.keys()].sort()).toEqual([first.body.activation_id, second.body.activation_id].sort());

  // The order's detail (My Account → Orders → the order) shows the key to its buyer.
  const detail = await browser.request(`/my-account/view-order/${order.woo_order_id}/`);
  expect(detail.text).toContain('woocommerce-order-details');
  expect(detail.text).toContain(`<code class="svc-hub-licence-key">${licenseKey}</code>`);

  // Another customer: no licence shown; the owner's nonce is not theirs; the worker refuses their id.
  const stranger = new WooBuyer();
  await stranger.logIn(other.login, other.password);
  const theirs = await stranger.request('/my-account/licences/');
  expect(theirs.text).not.toContain(licenseKey);
  expect(theirs.text).toContain('You have no licences yet.');
  expect((await stranger.request(`/my-account/view-order/${order.woo_order_id}/`)).text).not.toContain(licenseKey);
  const forged = await stranger.request(
    '/my-account/licences/',
    deactivateForm(nonces.get(first.body.activation_id)!, first.body.activation_id),
  );
  expect(forged.status).toBe(302);
  expect((await stranger.request('/my-account/licences/')).text).toContain('The link has expired');
  const refused = await signed('/wp-json/svc-hub/v1/internal/portal/deactivate', {
    woo_customer_id: other.id,
    activation_id: first.body.activation_id,
  });
  expect([refused.status, refused.body.code]).toEqual([404, 'svc_not_found']);
  const licenceId: string = (await signed('/wp-json/svc-hub/v1/internal/portal/licenses', { woo_customer_id: owner.id })).body.data[0].id;
  expect((await signed(`${ADMIN}/licenses/${licenceId}`)).body.seats_used).toBe(2);

  // The owner deactivates a: the seat is free.
  const done = await browser.request(
    '/my-account/licences/',
    deactivateForm(nonces.get(first.body.activation_id)!, first.body.activation_id),
  );
  expect(done.status).toBe(302);
  const after = await browser.request('/my-account/licences/');
  expect(after.text).toContain('The site was deactivated');
  expect([...forms(after.text).keys()]).toEqual([second.body.activation_id]);
  const licence = (await signed(`${ADMIN}/licenses/${licenceId}`)).body;
  expect(licence.seats_used).toBe(1);
  expect(licence.activations.find((row: { id: string }) => row.id === first.body.activation_id).status).toBe('deactivated');
  expect((await activate(licenseKey, site('c'))).status).toBe(201);
});

it('a plain-text customer email carries the key as a line', async () => {
  const buyer = createKey();
  const packageId = `portal-plain-${randomUUID().slice(0, 8)}`;
  hub(
    'package',
    'create',
    '--id',
    packageId,
    '--name',
    packageId,
    '--price',
    '9.00',
    '--currency',
    'EUR',
    '--features',
    'module.seo',
    '--duration-days',
    '30',
    '--woo-product',
    String(PRODUCT),
  );
  const init = json({ package_id: packageId, site_url: buyer.siteUrl });
  const order = (await call('direct', '/wp-json/svc-commerce/v1/checkout', { ...init, headers: { ...init.headers, ...bearer(buyer.key) } }))
    .body;
  await queryStack("DELETE FROM {prefix}options WHERE option_name IN ('svc_stand_in_mail', 'svc_stand_in_email_type')");
  await queryStack("INSERT INTO {prefix}options (option_name, option_value, autoload) VALUES ('svc_stand_in_email_type', 'plain', 'off')");
  try {
    await wooStandIn.pay(order.woo_order_id, { billing_email: `plain-${randomUUID().slice(0, 8)}@portal-e2e.com` });
  } finally {
    await queryStack("DELETE FROM {prefix}options WHERE option_name = 'svc_stand_in_email_type'");
  }
  const licenseKey: string = (await call('direct', `/wp-json/svc-commerce/v1/orders/${order.id}`, { headers: bearer(buyer.key) })).body
    .license_key;
  const [mail] = await queryStack("SELECT option_value FROM {prefix}options WHERE option_name = 'svc_stand_in_mail'");
  expect(String(mail?.option_value)).toContain(`\nYour licence key: ${licenseKey}\n`);
  expect(String(mail?.option_value)).not.toContain('<code');
});
