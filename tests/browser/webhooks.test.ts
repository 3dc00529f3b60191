import { randomBytes, randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { call } from '../support/lanes';
import { closeLoopbackAgents, randomLoopbackAddress } from '../support/loopback';
import { stack } from '../support/stack';
import { sendWebhook } from '../support/webhook-calls';
import { delivery, phpJsonEncode, ping, restOrder } from '../support/woo-webhook';
import { launchBrowser, logInToAdmin, notice, onPage, openPanel } from './support/browser';
import { administrator } from './support/wordpress-users';

jest.setTimeout(180_000);

const WEBHOOK = '/wp-json/svc-license/v1/webhook/woo-order-paid';

/** Webhooks in wp-admin: a store with a write-only secret, and the audit log entry of its delivery. */
describe('admin screen: webhooks', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await closeLoopbackAgents();
  });

  it('adds a store (secret shown as its last 4 characters) and opens the audit entry of its signed delivery', async () => {
    const source = `https://shop-${randomUUID().slice(0, 8)}.example/`; // as WooCommerce sends it (home URL, trailing slash)
    const secret = `wc-secret-${randomBytes(12).toString('hex')}`;
    const hubOrderId = `ord_BROWSER${randomUUID().replace(/-/g, '').slice(0, 17).toUpperCase()}`;
    await onPage(browser, 'webhook-audit', async (page) => {
      const admin = administrator();
      await logInToAdmin(page, admin.login, admin.password);
      await openPanel(page, 'webhooks');
      const form = page.locator('.svc-hub-store-form');
      await form.getByLabel('Store URL').fill(source);
      await form.getByLabel('Webhook secret').fill(secret);
      await form.getByRole('button', { name: 'Add store' }).click();
      await notice(page, 'success', `Store ${source} added (secret ends in ${secret.slice(-4)})`).waitFor();
      await page
        .locator('.svc-hub-store-list tr', { hasText: source })
        .getByText(`••••${secret.slice(-4)}`)
        .waitFor();
      expect(await page.content()).not.toContain(secret);

      const body = phpJsonEncode(
        restOrder({
          id: 9001,
          hubOrderId,
          siteUrl: 'https://client.example',
          status: 'processing',
          paidAt: new Date(),
          modifiedAt: new Date(),
        }),
      );
      const sent = await call('wordpress', WEBHOOK, delivery(body, { source, key: secret }));
      expect(sent.status).toBe(200);
      // A sale of the store's own (no svc_ meta): found under the outcome "ignored", and only there.
      const ownSale = JSON.parse(body);
      ownSale.id = 9002;
      ownSale.meta_data = ownSale.meta_data.filter((meta: { key: string }) => !meta.key.startsWith('svc_'));
      expect((await call('wordpress', WEBHOOK, delivery(phpJsonEncode(ownSale), { source, key: secret }))).body.outcome).toBe('ignored');

      await page.reload();
      const auditLog = page.locator('.svc-hub-audit-log');
      await auditLog.getByLabel('Outcome').selectOption('ignored');
      await page.locator('.svc-hub-audit-list tr', { hasText: source }).getByText('ignored', { exact: true }).waitFor();
      expect(await page.locator('.svc-hub-audit-list tr', { hasText: source }).count()).toBe(1);
      await auditLog.getByLabel('Outcome').selectOption('unmatched'); // the first delivery: its hub order does not exist
      await auditLog.getByLabel('Signature result').selectOption('valid');
      const entry = page.locator('.svc-hub-audit-list tr', { hasText: source }).first();
      await entry.getByRole('button', { name: 'Open' }).click();
      const dialog = page.locator('.svc-hub-audit-entry');
      await dialog.locator('.svc-hub-audit-entry__signature', { hasText: 'valid' }).waitFor();
      await dialog.locator('.svc-hub-audit-headers tr', { hasText: source }).waitFor();
      await dialog.locator('.svc-hub-audit-body', { hasText: hubOrderId }).waitFor();
    });
  });

  it('shows attempts over the failure limit as one counted row per address and minute, without headers or body', async () => {
    const address = randomLoopbackAddress();
    const limit = Number(stack().workerEnv.SVC_WEBHOOK_FAILURE_LIMIT ?? 20);
    const unsigned = { method: 'POST' as const, headers: { 'Content-Type': 'application/json' }, body: '{"id":1}' };
    for (let attempt = 0; attempt < limit + 3; attempt += 1) await sendWebhook(address, 'wordpress', unsigned);
    await onPage(browser, 'webhook-audit-tally', async (page) => {
      const admin = administrator();
      await logInToAdmin(page, admin.login, admin.password);
      await openPanel(page, 'webhooks');
      // The tally keeps the first attempt's failed check: no X-WC-Webhook-* header is "missing".
      await page.locator('.svc-hub-audit-log').getByLabel('Signature result').selectOption('missing');
      const row = page.locator('.svc-hub-audit-list tr', { hasText: address }).first();
      await row.getByText(/^3 until /).waitFor();
      await row.getByRole('button', { name: 'Open' }).click();
      const dialog = page.locator('.svc-hub-audit-entry');
      await dialog.locator('.svc-hub-audit-entry__attempts', { hasText: '3 from this address until' }).waitFor();
      expect(await dialog.locator('.svc-hub-audit-headers').count()).toBe(0);
    });
  });

  it('shows pings past the limit as a counted row too, worded as pings answered 200', async () => {
    const address = randomLoopbackAddress();
    const limit = Number(stack().workerEnv.SVC_WEBHOOK_FAILURE_LIMIT ?? 20);
    for (let attempt = 0; attempt < limit + 2; attempt += 1) await sendWebhook(address, 'wordpress', ping(900 + attempt));
    await onPage(browser, 'webhook-audit-ping-tally', async (page) => {
      const admin = administrator();
      await logInToAdmin(page, admin.login, admin.password);
      await openPanel(page, 'webhooks');
      await page.locator('.svc-hub-audit-log').getByLabel('Signature result').selectOption('unsigned_ping');
      const row = page.locator('.svc-hub-audit-list tr', { hasText: address }).first();
      await row.getByText(/^2 until /).waitFor();
      await row.getByRole('button', { name: 'Open' }).click();
      const dialog = page.locator('.svc-hub-audit-entry');
      await dialog.locator('.svc-hub-audit-entry__attempts', { hasText: '2 pings from this address until' }).waitFor();
      expect(await dialog.locator('.svc-hub-audit-headers').count()).toBe(0);
    });
  });
});
