import type { Browser } from 'playwright-core';
import { hub } from '../support/hub-cli';
import { HubProxy } from '../support/hub-proxy';
import { connectClient, createClientKey, type ClientKey } from '../support/client-key';
import { startClientSite, type ClientSite } from '../support/client-site';
import { freshDelivery, post, signature } from '../support/client-webhook';
import { stack } from '../support/stack';
import { launchBrowser, logInToAdmin, onPage } from './support/browser';

/**
 * The client site's AI allowance in headless Chromium, as its administrator sees it (issue 27):
 * the hub's figures in Settings → svc-client (allowance, used with a progress bar, credits,
 * reset date, the last alerts), and an `ai.threshold` alert as a notice on every wp-admin screen
 * until it is dismissed — for that threshold and period only: the next threshold shows again.
 * The hub's answer passes a proxy that writes the `ai` block into it as docs/architecture.md §5
 * shapes it.
 */
jest.setTimeout(240_000);

const RESETS_AT = new Date(Date.now() + 9 * 86_400_000).toISOString().replace(/\.\d+Z$/, '.000Z');
const AI = {
  currency: 'USD',
  allowance: { amount: '5.00000000', period: 'month', used: '4.10000000', resets_at: RESETS_AT },
  credits: { balance: '7.25000000' },
  overage: { mode: 'bill', cap: '20.00000000', used: '0.00000000' },
  alerts: [],
};

let client: ClientSite;
let proxy: HubProxy;
let key: ClientKey;
let browser: Browser;
beforeAll(async () => {
  client = await startClientSite();
  proxy = new HubProxy(stack().wordpressUrl);
  proxy.rewrite = (path, body) =>
    path.startsWith('/wp-json/svc-license/v1/entitlement') ? JSON.stringify({ ...JSON.parse(body), ai: AI }) : body;
  await proxy.start();
  key = createClientKey(client);
  await connectClient(client, key, proxy.url);
  hub('entitlement', 'grant', '--site', key.siteUrl, '--features', 'llm.chat');
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await proxy?.stop();
  await client?.stop();
});

/** Pushes a signed `ai.threshold` alert to the client's receiver, as the hub's outbox does. */
async function pushAlert(threshold: number, used: string): Promise<void> {
  const sequence = Math.max((await client.license()).sequence, await client.php<number>('return Svc_Client_Ai_Alerts::sequence();'));
  const body = JSON.stringify({
    type: 'ai.threshold',
    timestamp: new Date().toISOString(),
    sequence: sequence + 1,
    data: { threshold, used, amount: '5.00000000', currency: 'USD', resets_at: RESETS_AT },
  });
  const delivery = freshDelivery(body);
  const answer = await post(client.receiverUrl, delivery, [signature(key.webhookSecret, delivery.id, delivery.timestamp, body)]);
  expect([answer.status, answer.body]).toEqual([200, { received: true, applied: true }]);
}

describe('svc-client AI allowance in wp-admin', () => {
  it('shows the figures and the alert; a dismissal holds for that threshold and period, the next threshold shows again', async () => {
    await onPage(browser, 'svc-client-ai-balance', async (page) => {
      await logInToAdmin(page, client.admin.login, client.admin.password, client.url);
      await page.goto(`${client.url}/wp-admin/options-general.php?page=svc-client`);
      await page.click('#svc-client-check');
      await page.waitForLoadState('load');

      const figures = page.locator('#svc-client-ai-balance');
      expect(await figures.locator('[data-name="allowance"] td').innerText()).toBe('5.00 USD a month');
      expect((await figures.locator('[data-name="used"] td').innerText()).trim()).toBe('4.10 USD (82 %), 0.90 USD left');
      expect(await figures.locator('[data-name="used"] progress').getAttribute('value')).toBe('82');
      expect(await figures.locator('[data-name="credits"] td').innerText()).toBe('7.25 USD');
      expect(await figures.locator('[data-name="overage"] td').innerText()).toMatch(/up to 20\.00 USD, billed/);
      const resetsOn = await client.php<string>(`return wp_date( get_option( 'date_format' ), strtotime( '${RESETS_AT}' ) );`);
      expect(await figures.locator('[data-name="resets"] td').innerText()).toContain(resetsOn);
      expect(await page.locator('#svc-client-ai-alerts').innerText()).toContain('None yet.');

      await pushAlert(80, '4.00000000');
      await page.goto(`${client.url}/wp-admin/index.php`);
      const alert = page.locator('[data-svc-client-ai-alert]');
      expect(await alert.innerText()).toContain(`AI allowance 80 % used (4.00 of 5.00 USD) — resets on ${resetsOn}.`);
      await Promise.all([page.waitForURL(/\/wp-admin\/index\.php/), alert.locator('.svc-client-ai-dismiss').click()]);
      expect(await page.locator('[data-svc-client-ai-alert]').count()).toBe(0);
      await page.goto(`${client.url}/wp-admin/options-general.php?page=svc-client`);
      expect(await page.locator('[data-svc-client-ai-alert]').count()).toBe(0);
      expect(await page.locator('#svc-client-ai-alerts tr[data-threshold="80"]').innerText()).toContain('4.00 of 5.00 USD');

      await pushAlert(100, '5.00000000');
      await page.goto(`${client.url}/wp-admin/index.php`);
      expect(await page.locator('.notice-error[data-svc-client-ai-alert]').innerText()).toContain('AI allowance 100 % used');
    });
  });
});
