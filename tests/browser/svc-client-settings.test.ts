import type { Browser, Page } from 'playwright-core';
import { hub } from '../support/hub-cli';
import { createClientKey, pollUntil, type ClientKey } from '../support/client-key';
import { startClientSite, type ClientSite } from '../support/client-site';
import { eventually, queryStack } from '../support/database-query';
import { stack } from '../support/stack';
import { launchBrowser, logInToAdmin, onPage } from './support/browser';

/**
 * The client site's Settings → svc-client screen in headless Chromium, as its administrator
 * uses it: wrong input is refused with a clear message and nothing saved, what was typed kept
 * (never a secret); then connect (save, test connection), see the licence and its features with
 * times "ago" and "in …", sync the image library, see the log; the Plugins row links to the
 * screen; Settings → Connectors shows svc-hub connected; a grace period that ran out says
 * "expired"; "Check licence now" and "Test connection" bring a change the hub holds back.
 */
jest.setTimeout(240_000);

let client: ClientSite;
let key: ClientKey;
let browser: Browser;
beforeAll(async () => {
  client = await startClientSite();
  key = createClientKey(client);
  hub('entitlement', 'grant', '--site', key.siteUrl, '--features', 'module.seo,llm.chat');
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await client?.stop();
});

const SCREEN = () => `${client.url}/wp-admin/options-general.php?page=svc-client`;
const notice = (page: Page) => page.locator('[data-svc-client-notice]').innerText();
async function fill(page: Page, values: Record<string, string>): Promise<void> {
  for (const [name, value] of Object.entries(values)) await page.fill(`#svc-client-${name}`, value);
  await page.click('#svc-client-settings [type=submit]');
  await page.waitForLoadState('load');
}

/**
 * Queues `change` on the hub while the site refuses deliveries, as a site does before its secret
 * is pasted (503): the secret is taken away and put back behind svc-client's back (no save, so no
 * redelivery), and the refused message's next try moved 5 minutes out, where the hub's standard
 * schedule puts it (the suite's own is compressed). Returns the message's sequence.
 */
async function holdBack(change: () => void): Promise<number> {
  await client.php(
    `$s = get_option( Svc_Client_Settings::OPTION ); update_option( 'svc_client_e2e_secret', $s['webhook_secret'] ); $s['webhook_secret'] = ''; update_option( Svc_Client_Settings::OPTION, $s ); return true;`,
  );
  change();
  const newest = () =>
    queryStack('SELECT sequence, last_http_status FROM {prefix}svc_outbox WHERE site_url = ? ORDER BY sequence DESC LIMIT 1', [
      key.siteUrl,
    ]);
  const [refused] = await eventually(newest, (rows) => rows[0]?.last_http_status === 503);
  expect(refused?.last_http_status).toBe(503);
  await queryStack(
    `UPDATE {prefix}svc_outbox SET next_attempt_at = UTC_TIMESTAMP(3) + INTERVAL 5 MINUTE WHERE site_url = ? AND status = 'pending'`,
    [key.siteUrl],
  );
  await client.php(
    `$s = get_option( Svc_Client_Settings::OPTION ); $s['webhook_secret'] = get_option( 'svc_client_e2e_secret' ); update_option( Svc_Client_Settings::OPTION, $s ); return delete_option( 'svc_client_e2e_secret' );`,
  );
  return Number(refused!.sequence);
}

/** The status of the hub's message `sequence` to the site, polled until it is delivered (up to 20 s). */
async function deliveryOf(sequence: number): Promise<string> {
  const read = () => queryStack('SELECT status FROM {prefix}svc_outbox WHERE site_url = ? AND sequence = ?', [key.siteUrl, sequence]);
  const rows = await eventually(read, (found) => found[0]?.status === 'delivered', 20_000);
  return String(rows[0]?.status);
}

describe('svc-client settings screen', () => {
  it('refuses wrong input clearly, then connects, shows the licence, syncs the library and logs it all', async () => {
    await onPage(browser, 'svc-client-settings', async (page) => {
      await logInToAdmin(page, client.admin.login, client.admin.password, client.url);
      await page.goto(SCREEN());

      await fill(page, { hub_url: 'ftp://hub.example/?x=1', api_key: 'not-a-key', webhook_secret: 'whsec_short' });
      const refused = await notice(page);
      expect(refused).toMatch(/hub URL/);
      expect(refused).toMatch(/API key/);
      expect(refused).toMatch(/webhook secret/);
      expect(await client.php('return get_option( Svc_Client_Settings::OPTION, null );')).toBeNull();
      // What was typed stays in the plain fields; a secret is never shown back, its field asks for it again.
      expect(await page.inputValue('#svc-client-hub_url')).toBe('ftp://hub.example/?x=1');
      expect(await page.inputValue('#svc-client-api_key')).toBe('');
      expect(await page.content()).not.toContain('whsec_short');
      expect(await page.locator('#svc-client-webhook_secret ~ .description').innerText()).toMatch(/type it again/);

      await fill(page, {
        hub_url: stack().wordpressUrl,
        api_key: key.key,
        webhook_secret: key.webhookSecret,
        team: key.team,
        campaign: key.campaign,
      });
      expect(await page.locator('[data-svc-client-notice="success"]').count()).toBe(1);
      expect(await page.inputValue('#svc-client-api_key')).toBe(''); // a secret is never shown again
      expect(await client.php('return Svc_Client_Settings::get()["team"];')).toBe(key.team);

      await page.click('#svc-client-test');
      await page.waitForLoadState('load');
      expect(await page.locator('[data-svc-client-notice="success"]').count()).toBe(1);

      await page.click('#svc-client-check');
      await page.waitForLoadState('load');
      await pollUntil(
        () => client.php<string[]>('return svc_client_features();'),
        (list) => list.length === 2,
      );
      await page.goto(SCREEN());
      const licence = await page.locator('#svc-client-license').innerText();
      expect(licence).toContain('module.seo');
      expect(licence).toContain('llm.chat');
      expect(licence).toMatch(/Grace period\s+ends in 3 days/); // 72 hours after the last confirmation
      expect(licence).toMatch(/Last sync\s+\S+ \S+ \([^)]+ ago\)/);

      await page.click('#svc-client-library-sync');
      await page.waitForLoadState('load');
      expect(await notice(page)).toMatch(/Version \d+: \d+ item\(s\) fetched/);
      const activity = await page.locator('#svc-client-activity').innerText();
      expect(activity).toMatch(/library/);
      expect(activity).toMatch(/check/);
      expect(activity).toMatch(/test/);
      expect(activity).toMatch(/ago\)/);
    });
  });

  it('"Check licence now" and "Test connection" each bring at once a change the hub held back for 5 minutes', async () => {
    await onPage(browser, 'svc-client-redeliver', async (page) => {
      await logInToAdmin(page, client.admin.login, client.admin.password, client.url);
      const suspended = await holdBack(() =>
        hub('entitlement', 'set', '--site', key.siteUrl, '--status', 'suspended', '--reason', 'redeliver'),
      );
      await page.goto(SCREEN());
      const checked = Date.now();
      await page.click('#svc-client-check');
      await page.waitForLoadState('load');
      expect(await deliveryOf(suspended)).toBe('delivered');

      const active = await holdBack(() => hub('entitlement', 'set', '--site', key.siteUrl, '--status', 'active', '--reason', 'redeliver'));
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, checked + 5500 - Date.now()))); // one redelivery per site per 5 s
      await page.goto(SCREEN());
      await page.click('#svc-client-test');
      await page.waitForLoadState('load');
      expect(await deliveryOf(active)).toBe('delivered');
    });
  });

  it('says the grace period expired when the hub stayed out of reach past it', async () => {
    await client.php(
      `$state = get_option( Svc_Client_License::OPTION ); $state['confirmed_at'] = time() - 80 * HOUR_IN_SECONDS; $state['last_error'] = 'hub unreachable: connection refused'; update_option( Svc_Client_License::OPTION, $state ); return true;`,
    );
    await onPage(browser, 'svc-client-grace-expired', async (page) => {
      await logInToAdmin(page, client.admin.login, client.admin.password, client.url);
      await page.goto(SCREEN());
      expect(await page.locator('#svc-client-license tr[data-name="status"] td').innerText()).toMatch(
        /^expired — .*grace period ended 8 hours ago: features are off/,
      );
      expect(await page.locator('#svc-client-license tr[data-name="grace"] td').innerText()).toMatch(/^expired 8 hours ago \(/);
    });
  });

  it('links to its settings from the Plugins row; Settings → Connectors shows svc-hub connected only while the hub serves its key', async () => {
    await onPage(browser, 'svc-client-connectors', async (page) => {
      await logInToAdmin(page, client.admin.login, client.admin.password, client.url);
      await page.goto(`${client.url}/wp-admin/plugins.php`);
      const settings = page.locator('tr[data-plugin="svc-client/svc-client.php"] .row-actions a', { hasText: 'Settings' });
      expect(await settings.getAttribute('href')).toBe(SCREEN());

      // The connector's card: the innermost block holding svc-hub's description and its button.
      const card = page
        .locator('div')
        .filter({ hasText: 'Text and image generation through your svc-hub' })
        .filter({ has: page.getByRole('button') })
        .last();
      await page.goto(`${client.url}/wp-admin/options-connectors.php`);
      await card.getByText('Connected', { exact: true }).waitFor({ timeout: 20_000 });

      // A key the hub refuses (well-formed, unknown): not connected.
      const wrong = `svc_live_${'x'.repeat(32)}`;
      expect(
        await client.php(
          `return Svc_Client_Settings::save( array( 'hub_url' => Svc_Client_Settings::get()['hub_url'], 'api_key' => '${wrong}' ) );`,
        ),
      ).toEqual([]);
      await page.goto(`${client.url}/wp-admin/options-connectors.php`);
      await card.getByRole('button', { name: 'Set up' }).waitFor({ timeout: 20_000 }); // settled: "Edit" when connected
      expect(await card.getByText('Connected', { exact: true }).count()).toBe(0);
    });
  });
});
