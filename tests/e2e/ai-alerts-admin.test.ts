import { randomUUID } from 'node:crypto';
import type { Services } from '../../worker/src/services';
import { admin } from '../support/budgets';
import { hubServices } from '../support/hub-services';

/**
 * `GET admin/ai/alerts?site=` (the admin screen's AI view): the 50/80/100 % crossings recorded
 * in ai_alerts for one site, newest first; another site's are not listed; a bad site is 400.
 */
let services: Services;
beforeAll(() => {
  services = hubServices();
});
afterAll(async () => {
  await services.database.close();
});

describe('admin AI alerts', () => {
  it("lists the site's recorded alerts, newest first, and no other site's", async () => {
    const site = `https://alerts-${randomUUID().slice(0, 8)}.example`;
    const insert = (budget: string, threshold: number, used: string, at: string, siteUrl = site) =>
      services.database.pool.query(
        `INSERT INTO ${services.database.table('ai_alerts')} (budget_id, threshold, site_url, role, used, amount, reached_at) VALUES (?, ?, ?, 'allowance', ?, '5.00000000', ?)`,
        [budget, threshold, siteUrl, used, new Date(at)],
      );
    const budget = `bgt_${randomUUID().replace(/-/g, '').slice(0, 26).toUpperCase()}`;
    await insert(budget, 50, '2.60000000', '2026-11-01T10:00:00Z');
    await insert(budget, 80, '4.10000000', '2026-11-02T10:00:00Z');
    await insert(`${budget.slice(0, -1)}Z`, 50, '2.50000000', '2026-11-03T10:00:00Z', `${site}.other`);
    const answer = await admin('GET', `/ai/alerts?site=${encodeURIComponent(site)}`);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual([
      {
        budget_id: budget,
        role: 'allowance',
        threshold: 80,
        used: '4.10000000',
        amount: '5.00000000',
        reached_at: '2026-11-02T10:00:00.000Z',
      },
      {
        budget_id: budget,
        role: 'allowance',
        threshold: 50,
        used: '2.60000000',
        amount: '5.00000000',
        reached_at: '2026-11-01T10:00:00.000Z',
      },
    ]);
  });

  it('refuses a missing or bad site with 400 svc_invalid_request naming it', async () => {
    for (const query of ['', '?site=not-a-url', '?site=ftp%3A%2F%2Fx.example']) {
      const answer = await admin('GET', `/ai/alerts${query}`);
      expect([answer.status, answer.body.code, Object.keys(answer.body.data.params)]).toEqual([400, 'svc_invalid_request', ['site']]);
    }
  });
});
