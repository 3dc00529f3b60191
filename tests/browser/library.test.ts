import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { call } from '../support/lanes';
import { templatePack } from '../support/library-admin';
import { launchBrowser, logInToAdmin, notice, onPage, openPanel } from './support/browser';
import { administrator } from './support/wordpress-users';

jest.setTimeout(180_000);

/** The image library in wp-admin: import a pack from a file, browse it with previews, archive. */
describe('admin screen: image library', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('imports a template pack, shows the template with its preview and archives it', async () => {
    const slug = `browser-${randomUUID().slice(0, 8)}`;
    const file = join(tmpdir(), `${slug}.json`);
    writeFileSync(file, JSON.stringify(templatePack([{ slug, title: `Browser ${slug}`, category: 'quote', tags: ['browser'] }])));
    await onPage(browser, 'library-import', async (page) => {
      const admin = administrator();
      await logInToAdmin(page, admin.login, admin.password);
      await openPanel(page, 'library');
      await page.locator('.svc-hub-pack input[type="file"]').setInputFiles(file);
      await notice(page, 'success', 'Pack imported: 1 created, 0 updated').waitFor();

      await page.getByLabel('Search').fill(slug);
      const card = page.locator(`.svc-hub-template[data-slug="${slug}"]`);
      await card.waitFor();
      // The preview is an <img> the browser really loaded (a broken image has no natural width).
      await page.waitForFunction(
        `(() => { const image = document.querySelector('.svc-hub-template[data-slug="${slug}"] img'); return Boolean(image && image.complete && image.naturalWidth > 0); })()`,
      );

      await card.getByRole('button', { name: 'Archive' }).click();
      await page.locator('.svc-hub-confirm').getByRole('button', { name: 'Archive' }).click();
      await notice(page, 'success', `Browser ${slug} archived`).waitFor();
      await card.waitFor({ state: 'detached' });
    });
    const listed = await call('wordpress', `/wp-json/svc/v1/image-templates?search=${slug}`);
    expect(listed.body.data).toEqual([]);
  });
});
