import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { closeLoopbackAgents, randomLoopbackAddress } from '../support/loopback';
import { hub } from '../support/hub-cli';
import { sendWebhook } from '../support/webhook-calls';
import { delivery, phpJsonEncode, restOrder } from '../support/woo-webhook';
import { launchBrowser, logInToAdmin, notice, onPage, openPanel } from './support/browser';
import { administrator } from './support/wordpress-users';

jest.setTimeout(180_000);

/**
 * A store whose deliveries fail verification (its secret changed in WooCommerce): the overview
 * and the Webhooks panel say so, with the likely cause and what to do, until a delivery signed
 * with the right secret arrives. And the store's REST credentials: set and cleared, write-only.
 */
describe('admin screen: store health', () => {
  const unique = randomUUID().slice(0, 8);
  const source = `https://health-${unique}.example/`;
  const secret = `right-secret-${unique}`;
  const address = randomLoopbackAddress();
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    hub('store', 'add', '--source', source, '--secret', secret);
  });
  afterAll(async () => {
    await browser?.close();
    await closeLoopbackAgents();
  });

  const deliver = async (key: string) => {
    const body = phpJsonEncode(
      restOrder({
        id: 7001,
        hubOrderId: '',
        siteUrl: 'https://client.example',
        status: 'processing',
        paidAt: new Date(),
        modifiedAt: new Date(),
      }),
    );
    return (await sendWebhook(address, 'wordpress', delivery(body, { source, key }))).answer.status;
  };

  /** Another panel in a fresh load (a hash change alone does not switch the app's tab). */
  const switchTo = async (page: Page, panel: string) => {
    await page.goto('about:blank');
    await openPanel(page, panel);
  };

  it('warns on the overview and the Webhooks panel after failing deliveries, and not after a good one', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) expect(await deliver('the secret before a re-save trimmed it ')).toBe(401);
    await onPage(browser, 'store-health', async (page) => {
      const admin = administrator();
      await logInToAdmin(page, admin.login, admin.password);
      await openPanel(page, 'overview');
      const overviewAlert = page.locator('.svc-hub-overview .svc-hub-store-alert', { hasText: source });
      await overviewAlert.getByText('The last 3 deliveries failed verification').waitFor();
      await overviewAlert.getByText('The secret probably changed in WooCommerce').waitFor();
      await overviewAlert
        .getByText("Copy the secret shown in WooCommerce → Settings → Advanced → Webhooks into this store's secret here")
        .waitFor();

      await switchTo(page, 'webhooks');
      await page.locator('.svc-hub-webhooks .svc-hub-store-alert', { hasText: source }).getByText('failed verification').waitFor();
      await page.locator('.svc-hub-store-list tr', { hasText: source }).getByText('3 failed in a row').waitFor();

      expect(await deliver(secret)).toBe(200);
      await switchTo(page, 'overview');
      await page.locator('.svc-hub-overview .svc-hub-store-alerts[data-loaded="true"]').waitFor({ state: 'attached' });
      expect(await page.locator('.svc-hub-store-alert', { hasText: source }).count()).toBe(0);
      await switchTo(page, 'webhooks');
      await page.locator('.svc-hub-store-list tr', { hasText: source }).locator('[data-health="ok"]').waitFor();
      await page.locator('.svc-hub-webhooks .svc-hub-store-alerts[data-loaded="true"]').waitFor({ state: 'attached' });
      expect(await page.locator('.svc-hub-store-alert', { hasText: source }).count()).toBe(0);
    });
  });

  it('sets and clears the REST credentials, showing only the last 4 characters of the key', async () => {
    const key = `ck_${randomUUID().replace(/-/g, '')}`;
    const consumerSecret = `cs_${randomUUID().replace(/-/g, '')}`;
    await onPage(browser, 'store-credentials', async (page) => {
      const admin = administrator();
      await logInToAdmin(page, admin.login, admin.password);
      await openPanel(page, 'webhooks');
      const row = page.locator('.svc-hub-store-list tr', { hasText: source });
      await row.getByRole('button', { name: 'REST credentials' }).click();
      const dialog = page.locator('.svc-hub-store-credentials');
      await dialog.getByLabel('Consumer key').fill(key);
      await dialog.getByLabel('Consumer secret').fill(consumerSecret);
      await dialog.getByRole('button', { name: 'Save credentials' }).click();
      await notice(page, 'success', `REST credentials of ${source} saved (key ends in ${key.slice(-4)})`).waitFor();
      await row.getByText(`••••${key.slice(-4)}`).waitFor();
      await page.reload();
      const content = await page.content();
      expect(content).not.toContain(consumerSecret);
      expect(content).not.toContain(key);

      await page.locator('.svc-hub-store-list tr', { hasText: source }).getByRole('button', { name: 'REST credentials' }).click();
      await page.locator('.svc-hub-store-credentials').getByRole('button', { name: 'Clear credentials' }).click();
      await notice(page, 'success', `REST credentials of ${source} cleared.`).waitFor();
    });
  });
});
