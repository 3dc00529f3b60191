import { randomBytes, randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { hub } from '../support/hub-cli';
import { stack } from '../support/stack';
import { pluginZip } from '../support/zip-builder';
import { launchBrowser, logInToAdmin, MOBILE_WIDTH, notice, onPage, openPanel } from './support/browser';
import { administrator } from './support/wordpress-users';

jest.setTimeout(180_000);

const packageId = `rel-ui-${randomUUID().slice(0, 8)}`;
const slug = `acme-${randomUUID().slice(0, 8)}`;

/** The hub's own releases of the test plugin, from the CLI: `version state downloads` per line, newest upload first. */
const stored = () =>
  hub('release', 'list')
    .map((line) => line.split('\t'))
    .filter((columns) => columns[2] === slug)
    .map(([, , , version, , state, downloads]) => `${version} ${state} ${downloads}`);

/** Fills the upload form and sends `zip` as the release zip of `version`. */
async function upload(page: Page, version: string, zip: Buffer) {
  const form = page.locator('.svc-hub-release-form');
  await form.getByLabel('Package', { exact: true }).selectOption(packageId);
  await form.getByLabel('Slug (its folder)').fill(slug);
  await form.getByLabel('Version').fill(version);
  await form.getByLabel('Requires PHP').fill('8.1');
  await form.getByLabel('Release zip').setInputFiles({ name: `${slug}.zip`, mimeType: 'application/zip', buffer: zip });
  await form.getByRole('button', { name: 'Upload release' }).click();
}

/** One version's row in the product's table. */
const row = (page: Page, version: string) =>
  page.locator(`.svc-hub-release-group[data-product="plugin/${slug}"] tr`).filter({
    has: page.locator('td[data-column="version"]', { hasText: new RegExp(`^${version.replace(/\./g, '\\.')}$`) }),
  });

/** The Releases tab (admin-ui/src/panels/releases/) and the package form's sites per licence. */
describe('admin screen: releases', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('creates a package with a site limit, uploads releases, names a bad zip at its field, rolls back', async () => {
    const hubUrl = `${stack().wordpressUrl}/`;
    await onPage(browser, 'releases', async (page) => {
      const admin = administrator();
      await logInToAdmin(page, admin.login, admin.password);
      await openPanel(page, 'packages');
      const packageForm = page.locator('.svc-hub-package-form');
      await packageForm.getByLabel('Package id (slug)').fill(packageId);
      await packageForm.getByLabel('Name').fill('Acme Forms Agency');
      await packageForm.getByLabel('Price').fill('99.00');
      await packageForm.getByLabel('Features (comma-separated)').fill('module.forms');
      await packageForm.getByLabel('Sites per licence (empty: unlimited)').fill('3');
      await packageForm.getByRole('button', { name: 'Create package' }).click();
      await notice(page, 'success', `Package ${packageId} created.`).waitFor();
      await page.locator(`.svc-hub-package-list tr[data-row="${packageId}"] td[data-column="sites"]`, { hasText: /^3$/ }).waitFor();
      expect(hub('package', 'list').find((line) => line.startsWith(`${packageId}\t`))).toContain('\t3 sites\t');

      await page.locator('.svc-hub-tab-releases').click();
      await upload(page, '1.0.0', pluginZip(slug, '1.0.0', hubUrl));
      await notice(page, 'success', `${slug} 1.0.0 uploaded (stable).`).waitFor();
      const group = page.locator(`.svc-hub-release-group[data-product="plugin/${slug}"]`);
      await group.getByText(`Delivered by: ${packageId}`).waitFor();
      await row(page, '1.0.0').locator('td[data-column="state"]', { hasText: 'Current' }).waitFor();
      expect(await row(page, '1.0.0').locator('td[data-column="downloads"]').textContent()).toBe('0');
      expect(await row(page, '1.0.0').locator('td[data-column="requirements"]').textContent()).toBe('PHP 8.1+');

      // A zip whose main file says another version: the hub's refusal at the file field, nothing stored.
      await upload(page, '1.1.0', pluginZip(slug, '1.1.1', hubUrl));
      const zipField = page.getByLabel('Release zip');
      const help = page.locator(`#${await zipField.getAttribute('aria-describedby')}`);
      await help.filter({ hasText: 'not 1.1.0' }).waitFor();
      // Past the site's upload_max_filesize (2M on the test server): PHP's refusal, at the file field too.
      await upload(page, '1.1.0', pluginZip(slug, '1.1.0', hubUrl, [{ name: `${slug}/media.bin`, content: randomBytes(2_600_000) }]));
      await help.filter({ hasText: 'upload_max_filesize' }).waitFor();
      expect(stored()).toEqual(['1.0.0 offered 0']);

      await upload(page, '2.0.0', pluginZip(slug, '2.0.0', hubUrl));
      await notice(page, 'success', `${slug} 2.0.0 uploaded (stable).`).waitFor();
      await row(page, '2.0.0').locator('td[data-column="state"]', { hasText: 'Current' }).waitFor();
      expect(await row(page, '1.0.0').locator('td[data-column="state"]').textContent()).toBe('');

      await row(page, '1.0.0').getByRole('button', { name: 'Roll back to this' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Roll back to this' }).click();
      await notice(page, 'success', `${slug} 1.0.0 is current again`).waitFor();
      await row(page, '1.0.0').locator('td[data-column="state"]', { hasText: 'Current' }).waitFor();
      await row(page, '2.0.0').locator('td[data-column="state"]', { hasText: 'Withdrawn' }).waitFor();
    });
    expect(stored()).toEqual(['2.0.0 withdrawn 0', '1.0.0 offered 0']);

    // At WordPress's mobile breakpoint the table scrolls sideways and its actions still work.
    await onPage(
      browser,
      'releases-narrow',
      async (page) => {
        const admin = administrator();
        await logInToAdmin(page, admin.login, admin.password);
        await openPanel(page, 'releases');
        await row(page, '2.0.0').getByRole('button', { name: 'Restore' }).click();
        await page.getByRole('dialog').getByRole('button', { name: 'Restore' }).click();
        await row(page, '2.0.0').locator('td[data-column="state"]', { hasText: 'Current' }).waitFor();
        // The package now delivers the plugin: choosing it fills in the slug for the next release.
        const form = page.locator('.svc-hub-release-form');
        await form.getByLabel('Package', { exact: true }).selectOption(packageId);
        expect(await form.getByLabel('Slug (its folder)').inputValue()).toBe(slug);
      },
      MOBILE_WIDTH,
    );
    expect(stored()).toEqual(['2.0.0 offered 0', '1.0.0 offered 0']);
  });
});
