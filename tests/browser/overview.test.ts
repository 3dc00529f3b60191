import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { createKey } from '../support/hub-cli';
import { emulator } from '../support/emulator';
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
    for (let call_ = 0; call_ < 2; call_ += 1) {
      const answer = await call('wordpress', '/wp-json/llm/router/v1/chat', {
        method: 'POST',
        headers: { ...bearer(key.key), 'Content-Type': 'application/json' },
        body: JSON.stringify({
          model: 'openai/gpt-4o-mini',
          messages: [{ role: 'user', content: 'Tell me about costs' }],
          metadata: { team },
        }),
      });
      expect(answer.status).toBe(200);
    }
    await onPage(browser, 'overview', async (page) => {
      const admin = administrator();
      await logInToAdmin(page, admin.login, admin.password);
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
