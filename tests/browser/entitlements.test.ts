import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { hub } from '../support/hub-cli';
import { launchBrowser, logInToAdmin, notice, onPage, openPanel } from './support/browser';
import { administrator } from './support/wordpress-users';

jest.setTimeout(180_000);

/** Orders and entitlements in wp-admin: switching an entitlement needs a reason. */
describe('admin screen: entitlements', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('suspends and reactivates a site entitlement, each with a required reason', async () => {
    const site = `https://entitled-${randomUUID().slice(0, 8)}.example`;
    hub('entitlement', 'grant', '--site', site, '--features', 'llm.chat');
    await onPage(browser, 'entitlement-switch', async (page) => {
      const admin = administrator();
      await logInToAdmin(page, admin.login, admin.password);
      await openPanel(page, 'orders');
      const section = page.locator('.svc-hub-site-entitlements');
      await section.getByLabel('Site URL').fill(site);
      await section.getByRole('button', { name: 'Show entitlements' }).click();
      const row = section.locator('.svc-hub-entitlement-list tbody tr').first();
      await row.locator('.svc-hub-status.is-active').waitFor();

      await row.getByRole('button', { name: 'Change' }).click();
      const dialog = page.locator('.svc-hub-entitlement-switch');
      await dialog.getByLabel('Action').selectOption('suspend');
      await dialog.getByRole('button', { name: 'Apply' }).click();
      await dialog.getByText('A reason is required; it is kept in the history.').waitFor();
      await dialog.getByLabel('Reason (kept in the history)').fill('invoice 42 unpaid');
      await dialog.getByRole('button', { name: 'Apply' }).click();
      await notice(page, 'success', `Entitlement of ${site} is suspended`).waitFor();
      await row.locator('.svc-hub-status.is-suspended').waitFor();

      await row.getByRole('button', { name: 'Change' }).click();
      await page.locator('.svc-hub-entitlement-switch').getByLabel('Action').selectOption('reactivate');
      await page.locator('.svc-hub-entitlement-switch').getByLabel('Reason (kept in the history)').fill('paid');
      await page.locator('.svc-hub-entitlement-switch').getByRole('button', { name: 'Apply' }).click();
      await notice(page, 'success', `Entitlement of ${site} is active`).waitFor();
      await row.locator('.svc-hub-status.is-active').waitFor();
    });
    expect(hub('entitlement', 'list', '--site', site).join('\n')).toContain('active');
  });
});
