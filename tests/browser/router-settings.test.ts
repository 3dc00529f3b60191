import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { emulator } from '../support/emulator';
import { call } from '../support/lanes';
import { stack } from '../support/stack';
import { logIn } from '../support/wordpress-session';
import { launchBrowser, logInToAdmin, notice, onPage, openPanel } from './support/browser';
import { administrator } from './support/wordpress-users';

jest.setTimeout(180_000);

const ADMIN = '/wp-json/svc-hub/v1/admin';

async function adminGet(path: string) {
  return call('wordpress', ADMIN + path, { headers: (await logIn()).headers });
}

/** Providers, purposes and prices in wp-admin. */
describe('admin screen: router settings', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    await emulator().reset(); // no behaviour another suite scripted is left in the queue
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('stores a provider key write-only: the card shows its last 4 characters, never the key', async () => {
    const key = stack().workerEnv.OPENROUTER_API_KEY!; // the emulator's key, so openrouter keeps working
    try {
      await onPage(browser, 'provider-key', async (page) => {
        const admin = administrator();
        await logInToAdmin(page, admin.login, admin.password);
        await openPanel(page, 'providers');
        const card = page.locator('.svc-hub-provider-openrouter');
        await card.getByLabel('API key').fill(key);
        await card.getByRole('button', { name: 'Save' }).click();
        await notice(page, 'success', `openrouter saved (key ending in ${key.slice(-4)})`).waitFor();
        await card.locator('.svc-hub-provider__key', { hasText: `••••${key.slice(-4)}` }).waitFor();
        expect(await card.getByLabel('API key').inputValue()).toBe('');
        expect(await card.getByLabel('API key').getAttribute('type')).toBe('password');
        expect(await card.getByLabel('API key').getAttribute('placeholder')).toBe(`stored key ends in ${key.slice(-4)}`);
        expect(await page.content()).not.toContain(key);

        await card.getByRole('button', { name: 'Test connection' }).click();
        await card.locator('.svc-hub-provider__test.is-ok', { hasText: 'Connected: openrouter/openai/gpt-4o-mini answered in' }).waitFor();

        // A new base URL without the key again: the stored key never follows it to another host.
        await card.getByLabel('Base URL').fill('https://collector.example/v1');
        await card.getByRole('button', { name: 'Save' }).click();
        await card.getByText('A new base URL needs the key again: the stored key is never sent to another host.').waitFor();
      });
      expect((await adminGet('/providers')).body.data.find((provider: { name: string }) => provider.name === 'openrouter')).toMatchObject({
        source: 'admin',
        key_source: 'admin',
        key_last4: key.slice(-4),
        base_url: stack().workerEnv.OPENROUTER_BASE_URL,
      });
    } finally {
      await call('wordpress', `${ADMIN}/providers/openrouter`, { method: 'DELETE', headers: (await logIn()).headers });
    }
  });

  it('switches mock off and on again', async () => {
    await onPage(browser, 'provider-mock', async (page) => {
      const admin = administrator();
      await logInToAdmin(page, admin.login, admin.password);
      await openPanel(page, 'providers');
      const card = page.locator('.svc-hub-provider-mock');
      await card.getByLabel('Enabled').click();
      await card.locator('.svc-hub-status.is-disabled').waitFor();
      await card.getByLabel('Enabled').click();
      await card.locator('.svc-hub-status.is-ready').waitFor();
    });
    expect((await adminGet('/providers')).body.data.find((provider: { name: string }) => provider.name === 'mock')).toMatchObject({
      enabled: true,
      configured: true,
    });
  });

  it('creates a purpose, refuses a model that does not exist, reorders the models and saves', async () => {
    const purpose = `browser-${randomUUID().slice(0, 8)}`;
    await onPage(browser, 'purpose', async (page) => {
      const admin = administrator();
      await logInToAdmin(page, admin.login, admin.password);
      await openPanel(page, 'purposes');
      const editor = page.locator('[data-purpose="new"]');
      await editor.getByLabel('Name').fill(purpose);
      for (const model of ['mock/echo', 'openai/gpt-4o-mini']) {
        await editor.getByLabel('Add a model').fill(model);
        await editor.getByRole('button', { name: 'Add', exact: true }).click();
      }
      await editor.getByLabel('Add a model').fill('openai/gpt-9');
      await editor.getByRole('button', { name: 'Add', exact: true }).click();
      await editor.getByText('No model "openai/gpt-9" exists').waitFor();
      await editor.getByRole('button', { name: 'Save purpose' }).click();
      await notice(page, 'success', `Purpose ${purpose} saved: mock/echo → openai/gpt-4o-mini.`).waitFor();

      const saved = page.locator(`[data-purpose="${purpose}"]`);
      await saved.getByRole('button', { name: 'Move openai/gpt-4o-mini up' }).click();
      await saved.getByRole('button', { name: 'Save purpose' }).click();
      await notice(page, 'success', `Purpose ${purpose} saved: openai/gpt-4o-mini → mock/echo.`).waitFor();
      await page.locator(`[data-purpose="${purpose}"] li[data-model]`).first().filter({ hasText: 'openai/gpt-4o-mini' }).waitFor();
    });
    const purposes = (await adminGet('/purposes')).body.data;
    expect(purposes.find((item: { purpose: string }) => item.purpose === purpose).models).toEqual(['openai/gpt-4o-mini', 'mock/echo']);
  });

  it('overrides a model price', async () => {
    await onPage(browser, 'model-price', async (page) => {
      const admin = administrator();
      await logInToAdmin(page, admin.login, admin.password);
      await openPanel(page, 'models');
      const row = page.locator('.svc-hub-model-list tr[data-row="mistral/mistral-large-latest"]');
      await row.getByRole('button', { name: 'Override price' }).click();
      await page.getByLabel('Input, USD per million tokens').fill('-1');
      await page.getByRole('button', { name: 'Save price' }).click();
      await page
        .locator('.svc-hub-price-form')
        .getByText('USD per million tokens: a plain number from 0 to 999999.999999, at most 6 decimals.')
        .first()
        .waitFor();
      await page.getByLabel('Input, USD per million tokens').fill('2.5');
      await page.getByLabel('Output, USD per million tokens').fill('7.5');
      await page.getByRole('button', { name: 'Save price' }).click();
      await notice(page, 'success', 'Price of mistral/mistral-large-latest: 2.5 in / 7.5 out / 2 cache read / 0 cache write').waitFor();
      await row.locator('[data-column="price_overridden"]', { hasText: 'overridden' }).waitFor();
    });
  });

  it("shows each model's capabilities as badges, and edits a cache price", async () => {
    await onPage(browser, 'model-cache-price', async (page) => {
      const admin = administrator();
      await logInToAdmin(page, admin.login, admin.password);
      await openPanel(page, 'models');
      const sonnet = page.locator('.svc-hub-model-list tr[data-row="anthropic/claude-sonnet-4-5"]');
      const badges = sonnet.locator('[data-column="supports"] [data-capability]');
      await badges.first().waitFor();
      expect(await badges.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-capability')))).toEqual([
        'tools',
        'images',
        'json_schema',
        'reasoning',
      ]);
      const mistral = page.locator(
        '.svc-hub-model-list tr[data-row="mistral/mistral-large-latest"] [data-column="supports"] [data-capability]',
      );
      expect(await mistral.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-capability')))).toEqual([
        'tools',
        'json_schema',
      ]);
      await sonnet.locator('[data-column="cache_write"]', { hasText: '3.75' }).waitFor();

      await sonnet.getByRole('button', { name: 'Override price' }).click();
      await page.getByLabel('Cache read, USD per million tokens').fill('cheap');
      await page.getByRole('button', { name: 'Save price' }).click();
      await page
        .locator('.svc-hub-price-form')
        .getByText('USD per million tokens: a plain number from 0 to 999999.999999, at most 6 decimals.')
        .first()
        .waitFor();
      await page.getByLabel('Cache read, USD per million tokens').fill('0.25');
      await page.getByLabel('Cache write, USD per million tokens').fill('4.5');
      await page.getByRole('button', { name: 'Save price' }).click();
      await notice(page, 'success', 'Price of anthropic/claude-sonnet-4-5: 3 in / 15 out / 0.25 cache read / 4.5 cache write').waitFor();
      await sonnet.locator('[data-column="cache_read"]', { hasText: '0.25' }).waitFor();
    });
    const models = (await adminGet('/models')).body.data;
    expect(models.find((model: { id: string }) => model.id === 'anthropic/claude-sonnet-4-5').pricing).toMatchObject({
      cache_read_per_mtok: 0.25,
      cache_write_per_mtok: 4.5,
    });
  });
});
