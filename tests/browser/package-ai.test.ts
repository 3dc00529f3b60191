import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { hub } from '../support/hub-cli';
import { launchBrowser, logInToAdmin, notice, onPage, openPanel } from './support/browser';
import { administrator } from './support/wordpress-users';

jest.setTimeout(180_000);

/** Packages in wp-admin sell AI: the form's AI fields, checked in the browser as the worker checks them, and the list's AI column. */
describe('admin screen: a package with an AI allowance', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('names a bad allowance next to its field, then creates the package and lists its AI terms', async () => {
    const id = `ai-${randomUUID().slice(0, 8)}`;
    await onPage(browser, 'package-ai', async (page) => {
      const admin = administrator();
      await logInToAdmin(page, admin.login, admin.password);
      await openPanel(page, 'packages');
      const form = page.locator('.svc-hub-package-form');
      await form.getByLabel('Package id (slug)').fill(id);
      await form.getByLabel('Name').fill('AI Pro');
      await form.getByLabel('Price').fill('49.00');
      await form.getByLabel('Currency').fill('USD');
      await form.getByLabel('Features (comma-separated)').fill('llm.chat');
      await form.getByLabel('AI allowance (USD, empty: none)').fill('5.000000001');
      await form.getByLabel('Past the allowance').selectOption('bill');
      await form.getByLabel('Overage cap (USD)').fill('20');
      await form.getByLabel('Markup % (empty: none)').fill('25');
      await form.getByRole('button', { name: 'Create package' }).click();
      await form.getByText('USD such as 5.00: more than 0, at most 1000000, up to 8 decimals.').waitFor();

      await form.getByLabel('AI allowance (USD, empty: none)').fill('5.00');
      await form.getByLabel('Allowance period').selectOption('month');
      await form.getByRole('button', { name: 'Create package' }).click();
      await notice(page, 'success', id).waitFor();
      const row = page.locator(`.svc-hub-package-list tr[data-row="${id}"]`);
      await row.getByText('5.00 USD / month, overage billed up to 20.00 USD, markup 25 %').waitFor();
    });
    expect(hub('package', 'list').join('\n')).toMatch(new RegExp(`${id}.*allowance 5\\.00000000 USD/month`));
  });
});
