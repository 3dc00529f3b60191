import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { hub } from '../support/hub-cli';
import { launchBrowser, logInToAdmin, MOBILE_WIDTH, notice, onPage, openPanel } from './support/browser';
import { administrator } from './support/wordpress-users';

jest.setTimeout(180_000);

/** API keys in wp-admin, at WordPress's mobile breakpoint (782 px). */
describe('admin screen: API keys', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('creates a key, shows it once with a copy button, lists it by prefix and revokes it after a confirmation', async () => {
    const site = `https://browser-${randomUUID().slice(0, 8)}.example`;
    await onPage(
      browser,
      'api-keys',
      async (page) => {
        const admin = administrator();
        await logInToAdmin(page, admin.login, admin.password);
        await openPanel(page, 'keys');

        await page.getByRole('button', { name: 'Create key' }).click();
        await page.getByText('Give the client site as an absolute http(s) URL.').waitFor();

        await page.getByLabel('Client site URL').fill(site);
        await page.getByLabel('Team').fill('browser');
        await page.getByLabel('Rate limit (requests per minute)').fill('30');
        await page.getByRole('button', { name: 'Create key' }).click();

        const secretBox = page.locator('.svc-hub-secret-once');
        const key = (await secretBox.locator('.svc-hub-secret__value').first().textContent())!.trim();
        expect(key).toMatch(/^svc_live_[0-9A-Za-z]{32}$/);
        expect(await secretBox.locator('.svc-hub-copy').count()).toBe(2);
        await notice(page, 'success', 'Copy it now').waitFor();
        expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(MOBILE_WIDTH);

        const row = page.locator('.svc-hub-key-list tr', { hasText: site });
        await row.waitFor();
        expect(await row.locator('[data-column="prefix"]').textContent()).toBe(`${key.slice(0, 13)}…`);
        const limit = row.locator('[data-column="rate_limit_per_minute"]');
        expect(await limit.textContent()).toBe('30 Change');

        await limit.getByRole('button', { name: 'Change the rate limit' }).click();
        await limit.getByLabel('Requests per minute').fill('0');
        await limit.getByRole('button', { name: 'Save' }).click();
        await limit.getByText('Requests per minute: a whole number from 1 to 100000.').waitFor();
        await limit.getByLabel('Requests per minute').fill('45');
        await limit.getByRole('button', { name: 'Save' }).click();
        await notice(page, 'success', 'may now make 45 requests per minute').waitFor();
        await page
          .locator('.svc-hub-key-list tr', { hasText: site })
          .locator('[data-column="rate_limit_per_minute"]', { hasText: '45' })
          .waitFor();

        const concurrency = row.locator('[data-column="max_concurrent_calls"]');
        expect(await concurrency.textContent()).toBe('20 Change');
        await concurrency.getByRole('button', { name: 'Change the concurrent calls limit' }).click();
        await concurrency.getByLabel('Calls in flight at once').fill('10001');
        await concurrency.getByRole('button', { name: 'Save' }).click();
        await concurrency.getByText('Calls in flight at once: a whole number from 1 to 10000.').waitFor();
        await concurrency.getByLabel('Calls in flight at once').fill('5');
        await concurrency.getByRole('button', { name: 'Save' }).click();
        await notice(page, 'success', 'may now have 5 calls in flight at once').waitFor();
        await page
          .locator('.svc-hub-key-list tr', { hasText: site })
          .locator('[data-column="max_concurrent_calls"]', { hasText: '5' })
          .waitFor();

        await page.getByRole('button', { name: 'I have copied it' }).click();
        await secretBox.waitFor({ state: 'detached' });
        await page.reload();
        await page.locator('.svc-hub-key-list tr', { hasText: site }).waitFor();
        expect(await page.content()).not.toContain(key);

        await page.locator('.svc-hub-key-list tr', { hasText: site }).getByRole('button', { name: 'Revoke' }).click();
        await page.locator('.svc-hub-confirm').getByRole('button', { name: 'Revoke' }).click();
        await notice(page, 'success', 'revoked').waitFor();
        await page.locator('.svc-hub-key-list tr', { hasText: site }).locator('.svc-hub-status.is-revoked').waitFor();
      },
      MOBILE_WIDTH,
    );
    const listed = hub('key', 'list').find((line) => line.includes(site))!;
    expect(listed).toContain('revoked');
    expect(listed).toMatch(/\b45\b/);
    expect(listed.split('\t')[8]).toBe('5');
  });
});
