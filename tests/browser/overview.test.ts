import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { createKey } from '../support/hub-cli';
import { emulator } from '../support/emulator';
import { admin } from '../support/budgets';
import { bearer, call } from '../support/lanes';
import { launchBrowser, logInToAdmin, onPage, openPanel } from './support/browser';
import { administrator } from './support/wordpress-users';

jest.setTimeout(180_000);

/** The overview: health, today's figures and the cost chart drawn from real usage rows. */
describe('admin screen: overview', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
    await emulator().reset(); // no behaviour another suite scripted is left in the queue
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('shows the health checks and charts the cost of real calls per team', async () => {
    const team = `team-${randomUUID().slice(0, 8)}`;
    const key = createKey(['llm.chat']);
    // The chart names the costliest teams of the day and groups the rest: a run of the whole suite spends
    // dollars on other teams (the AI allowance stories), so these two calls are priced to lead it, and the
    // model's shipped price (2 / 8 USD per million tokens) is put back after.
    expect((await admin('PUT', `/prices/${MODEL}`, { input_per_mtok: 999_999, output_per_mtok: 999_999 })).status).toBe(200);
    try {
      await chartedCalls(team, key.key);
    } finally {
      await admin('PUT', `/prices/${MODEL}`, { input_per_mtok: 2, output_per_mtok: 8 });
    }
    await onPage(browser, 'overview', async (page) => {
      const user = administrator();
      await logInToAdmin(page, user.login, user.password);
      // Usage rows are completed in batches: reload until this team's calls are in the report.
      await openPanel(page, 'overview');
      await page.locator('.svc-hub-health [data-check="database"] .svc-hub-status', { hasText: 'ok' }).waitFor();
      await page.locator('.svc-hub-health [data-provider="openai"]', { hasText: 'ready' }).waitFor();
      const legend = page.locator('.svc-hub-chart .recharts-legend-item', { hasText: team });
      for (let attempt = 0; attempt < 20 && (await legend.count()) === 0; attempt += 1) {
        await page.reload();
        await page.locator('.svc-hub-usage .svc-hub-figures').waitFor();
      }
      await legend.waitFor();
      expect(await page.locator('.svc-hub-chart .recharts-bar-rectangle path').count()).toBeGreaterThan(0);
      const callsToday = Number(
        (await page.locator('[data-figure="calls-today"] .svc-hub-figure__value').textContent())!.replace(/\D/g, ''),
      );
      expect(callsToday).toBeGreaterThanOrEqual(2);
    });
  });
});

const MODEL = 'openai/gpt-4.1';

/** Two real calls for the team, through WordPress. */
async function chartedCalls(team: string, key: string): Promise<void> {
  for (let index = 0; index < 2; index += 1) {
    const answer = await call('wordpress', '/wp-json/llm/router/v1/chat', {
      method: 'POST',
      headers: { ...bearer(key), 'Content-Type': 'application/json' },
      body: JSON.stringify({ model: MODEL, messages: [{ role: 'user', content: 'Tell me about costs' }], metadata: { team } }),
    });
    expect(answer.status).toBe(200);
  }
}
