import type { Browser, Page } from 'playwright-core';
import { createKey } from '../support/hub-cli';
import { call } from '../support/lanes';
import { libraryAdmin, templatePack, token } from '../support/library-admin';
import { launchBrowser, logInToAdmin, MOBILE_WIDTH, onPage, openPanel } from './support/browser';
import { administrator } from './support/wordpress-users';

jest.setTimeout(240_000);

const PNG_SIGNATURE = '89504e470d0a1a0a';

/** The preview's data URL once a new one is on screen (not `previous`), with its image loaded. */
async function previewAfter(page: Page, previous: string | null): Promise<string> {
  await page.waitForFunction(
    `(() => { const image = document.querySelector('.svc-hub-try__preview img'); return Boolean(image && image.src !== ${JSON.stringify(previous)} && image.complete && image.naturalWidth > 0); })()`,
    undefined,
    { timeout: 60_000 },
  );
  return page.locator('.svc-hub-try__preview img').getAttribute('src') as Promise<string>;
}

const bytesOf = (dataUrl: string) => Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');

/** A template that declares its fields: its title's text and colour (docs/library.md "Fields"). */
function declaredFieldsPack(slug: string) {
  const pack = templatePack([{ slug, title: `Fields ${slug}` }]) as { templates: { definition: Record<string, unknown> }[] };
  pack.templates[0]!.definition.fields = [
    { name: 'title', type: 'text', label: 'Title', targets: [{ layer: 'title', property: 'text' }] },
    { name: 'accent', type: 'color', label: 'Accent colour', default: '#ffffff', targets: [{ layer: 'title', property: 'style.color' }] },
  ];
  return pack;
}

/** "Try a template" in the library, and image calls and renders on the Spend tab (docs/library.md "Rendering"). */
describe('admin screen: try a template', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('renders a starter template with its fields, the preview changing with a text field (at 782 px)', async () => {
    await onPage(
      browser,
      'library-render-try',
      async (page) => {
        const admin = administrator();
        await logInToAdmin(page, admin.login, admin.password);
        await openPanel(page, 'library');
        const panel = page.locator('.svc-hub-try');
        await panel.getByLabel('Template', { exact: true }).selectOption({ label: 'Spring sale (spring-sale-square)' });
        await panel.getByLabel('headline', { exact: true }).waitFor();
        await panel.getByRole('button', { name: 'Render' }).click();
        const first = await previewAfter(page, null);
        expect(first.startsWith('data:image/png;base64,')).toBe(true);
        expect(bytesOf(first).subarray(0, 8).toString('hex')).toBe(PNG_SIGNATURE);
        await expect(panel.locator('figcaption').textContent()).resolves.toMatch(/^image\/png · \d+ bytes · \d+ ms · /);

        await panel.getByLabel('headline', { exact: true }).fill(`Changed ${token()}`);
        await panel.getByRole('button', { name: 'Render' }).click();
        const second = await previewAfter(page, first);
        expect(bytesOf(second).subarray(0, 8).toString('hex')).toBe(PNG_SIGNATURE);
        expect(bytesOf(second).equals(bytesOf(first))).toBe(false);
      },
      MOBILE_WIDTH,
    );
  });

  it("shows the hub's refusal of a bad colour next to that field", async () => {
    const slug = `fields-${token()}`;
    const imported = await libraryAdmin('direct', 'POST', '/import', declaredFieldsPack(slug));
    expect(imported.status).toBe(200);
    await onPage(browser, 'library-render-field-error', async (page) => {
      const admin = administrator();
      await logInToAdmin(page, admin.login, admin.password);
      await openPanel(page, 'library');
      const panel = page.locator('.svc-hub-try');
      await panel.getByLabel('Template', { exact: true }).selectOption({ label: `Fields ${slug} (${slug})` });
      const accent = panel.getByLabel('Accent colour', { exact: true });
      await accent.fill('not-a-colour');
      await panel.getByRole('button', { name: 'Render' }).click();
      // The control's own help text (inner locators are relative to the field's wrapper).
      const field = panel.locator('.svc-hub-field.has-error', { has: page.getByLabel('Accent colour', { exact: true }) });
      const help = field.locator('.components-base-control__help');
      await help.waitFor();
      expect(await help.textContent()).toMatch(/must be a colour/);
      expect(await accent.getAttribute('aria-describedby')).toBeTruthy();
      expect(await panel.locator('.svc-hub-try__preview img').count()).toBe(0);
    });
  });

  it('lists an image call and a render on the Spend tab after one of each', async () => {
    const key = createKey(['llm.images']);
    const generated = await call('direct', '/wp-json/llm/router/v1/images/generations', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key.key}` },
      body: JSON.stringify({ model: 'mock/image', prompt: 'a red fox', size: '256x256', metadata: { campaign: 'fox' } }),
    });
    expect(generated.status).toBe(200);
    const rendered = await libraryAdmin('direct', 'POST', '/templates/spring-sale-square/render', { format: 'webp' });
    expect(rendered.status).toBe(200);
    await onPage(browser, 'library-render-usage', async (page) => {
      const admin = administrator();
      await logInToAdmin(page, admin.login, admin.password);
      await openPanel(page, 'spend');
      const calls = page.locator('.svc-hub-usage-calls');
      await calls.getByLabel('Kind').selectOption('images');
      const row = calls.locator('tr', { hasText: key.id });
      await row.waitFor({ timeout: 60_000 });
      expect(await row.locator('[data-column="kind"]').textContent()).toBe('images');
      expect(await row.locator('[data-column="model"]').textContent()).toBe('mock/image');
      expect(await row.locator('[data-column="cost"]').textContent()).toMatch(/^\d+\.\d{8}$/);

      const renders = page.locator('.svc-hub-render-log');
      const render = renders.locator('tr', { hasText: 'webp 1080×1080' }).first();
      await render.waitFor({ timeout: 60_000 });
      expect(await render.locator('[data-column="key_id"]').textContent()).toBe('admin (Try a template)');
      expect(await render.locator('[data-column="template_id"]').textContent()).toBe('Spring sale (spring-sale-square)');
      await renders.locator('[data-render-totals]').waitFor();
    });
  });
});
