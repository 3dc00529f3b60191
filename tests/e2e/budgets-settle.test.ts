import { randomUUID } from 'node:crypto';
import {
  admin,
  budgetNow,
  budgetWhen,
  BUDGET_MODEL,
  CALL_COST,
  fixedCostBody,
  fixedCostCall,
  priceBudgetModel,
  query,
  unlimitKey,
} from '../support/budgets';
import { receiver } from '../support/client-receiver-client';
import { emulator } from '../support/emulator';
import { startExtraWorker } from '../support/extra-worker';
import { createKey, hub } from '../support/hub-cli';
import { baseUrl, bearer, call } from '../support/lanes';
import { postStream } from '../support/router-client';

const ZERO = '0.00000000';

async function budget(fields: Record<string, unknown>): Promise<{ id: string; alert_secret: string }> {
  const created = await admin('POST', '/budgets', fields);
  expect(created.status).toBe(201);
  return created.body;
}

describe('budget reservations are settled on every path', () => {
  const key = createKey(['llm.chat']);
  let budgetId: string;

  beforeAll(async () => {
    await priceBudgetModel();
    unlimitKey(key);
    budgetId = (await budget({ scope: { kind: 'key', value: key.id }, period: 'month', amount: '5', hard: true })).id;
  });

  it('releases the reservation of a stream the client hangs up on', async () => {
    await emulator().script('openai', 'gpt-5-mini', [{ stallAfterFirstChunk: true }]);
    const stream = await postStream('direct', '/wp-json/llm/router/v1/chat/completions', key.key, fixedCostBody(true));
    expect(stream.status).toBe(200);
    await stream.next();
    // In flight: the estimate is held — within this worker's lease on the budget (one row, at least the estimate, at most half the room).
    const during = await budgetNow(budgetId);
    expect(during.window.reservations).toBe(1);
    expect(Number(during.window.reserved.amount)).toBeGreaterThanOrEqual(CALL_COST);
    expect(Number(during.window.reserved.amount)).toBeLessThanOrEqual(2.5);
    stream.destroy();
    // Settled, and the lease given back once idle.
    const after = await budgetWhen(budgetId, (view) => view.window.reservations === 0);
    expect(after.window).toMatchObject({ reservations: 0, reserved: { amount: ZERO } });
  });

  it('releases the reservation of a call the provider fails, spending nothing', async () => {
    const before = await budgetNow(budgetId);
    await emulator().script('openai', 'gpt-5-mini', [{ status: 500 }, { status: 500 }, { status: 500 }]);
    const failed = await call('direct', '/wp-json/llm/router/v1/chat', {
      method: 'POST',
      body: JSON.stringify(fixedCostBody(false)),
      headers: { 'Content-Type': 'application/json', ...bearer(key.key) },
    });
    expect(failed.status).toBe(502);
    const after = await budgetWhen(budgetId, (view) => view.window.reservations === 0);
    expect(after.window).toMatchObject({ reservations: 0, reserved: { amount: ZERO }, spent: before.window.spent });
  });

  it('settles a completed call at its real cost', async () => {
    const before = Number((await budgetNow(budgetId)).window.spent.amount);
    expect((await fixedCostCall(baseUrl('direct'), key.key, false)).outcome).toBe('ok');
    expect((await fixedCostCall(baseUrl('wordpress'), key.key, true)).outcome).toBe('ok');
    // Spent at once (the admin view writes this worker's settled calls first)…
    expect(Number((await budgetNow(budgetId)).window.spent.amount)).toBeCloseTo(before + 2 * CALL_COST, 8);
    // …and nothing reserved once the lease is given back.
    const after = await budgetWhen(budgetId, (view) => view.window.reservations === 0);
    expect(Number(after.window.spent.amount)).toBeCloseTo(before + 2 * CALL_COST, 8);
    expect(after.window).toMatchObject({ reservations: 0, reserved: { amount: ZERO } });
  });

  it('has the sweep release a reservation whose call never settled (a crashed worker), and only an expired one', async () => {
    const window = (await budgetNow(budgetId)).window;
    const start = window.start.slice(0, 19).replace('T', ' ');
    const crashed = `usg_CRASHED${randomUUID().slice(0, 8)}`;
    const live = `usg_LIVE${randomUUID().slice(0, 8)}`;
    await query(
      `INSERT INTO {prefix}budget_reservations (call_id, budget_id, window_start, amount, created_at, expires_at) VALUES
      (?, ?, ?, 0.5, UTC_TIMESTAMP(3), UTC_TIMESTAMP(3) - INTERVAL 1 MINUTE), (?, ?, ?, 0.25, UTC_TIMESTAMP(3), UTC_TIMESTAMP(3) + INTERVAL 1 HOUR)`,
      [crashed, budgetId, start, live, budgetId, start],
    );
    await query('UPDATE {prefix}budget_windows SET reserved = reserved + 0.75 WHERE budget_id = ? AND window_start = ?', [budgetId, start]);
    expect((await budgetNow(budgetId)).window).toMatchObject({ reservations: 2, reserved: { amount: '0.75000000' } });

    const sweeper = await startExtraWorker({ SVC_BUDGET_SWEEP_MS: '200' });
    try {
      const swept = await budgetWhen(budgetId, (view) => view.window.reservations < 2);
      expect(swept.window).toMatchObject({ reservations: 1, reserved: { amount: '0.25000000' } });
      expect(
        await query("SELECT call_id FROM {prefix}budget_reservations WHERE budget_id = ? AND call_id NOT LIKE '%#%'", [budgetId]),
      ).toEqual([{ call_id: live }]);
    } finally {
      await sweeper.stop();
      await query('DELETE FROM {prefix}budget_reservations WHERE call_id = ?', [live]);
      await query('UPDATE {prefix}budget_windows SET reserved = reserved - 0.25 WHERE budget_id = ? AND window_start = ?', [
        budgetId,
        start,
      ]);
    }
  });
});

describe('a hard budget guards every call path', () => {
  it('refuses chat, streamed chat and Responses calls on both lanes once the estimate does not fit', async () => {
    const key = createKey(['llm.chat']);
    await priceBudgetModel();
    await budget({ scope: { kind: 'site', value: key.siteUrl }, period: 'total', amount: '0.001' });
    const headers = { 'Content-Type': 'application/json', ...bearer(key.key) };
    for (const lane of ['direct', 'wordpress'] as const) {
      for (const [path, body] of [
        ['/chat', fixedCostBody(false)],
        ['/chat/stream', fixedCostBody(true)],
        ['/responses', { model: BUDGET_MODEL, input: 'aaa bbb ccc', max_output_tokens: 4 }],
      ] as const) {
        const refused = await call(lane, `/wp-json/llm/router/v1${path}`, { method: 'POST', body: JSON.stringify(body), headers });
        expect([path, refused.status, refused.body?.code]).toEqual([path, 429, 'svc_budget_exceeded']);
        expect(refused.body.data).toMatchObject({
          budget: { scope: { kind: 'site', value: key.siteUrl }, period: 'total', spent: { amount: ZERO } },
          resets_at: null,
        });
      }
    }
  });
});

describe('a soft budget', () => {
  it('lets every call through and alerts once at 80 % and once at 100 %, in the admin list and signed to its alert URL', async () => {
    const key = createKey(['llm.chat']);
    await priceBudgetModel();
    unlimitKey(key);
    const endpoint = `budget-${randomUUID().slice(0, 8)}`;
    // 0.025 USD: the 3rd call (0.021) passes 80 %, the 4th (0.028) 100 %.
    const created = await budget({
      scope: { kind: 'key', value: key.id },
      period: 'day',
      amount: '0.025',
      hard: false,
      alert_url: receiver().endpointUrl(endpoint),
    });
    expect(created.alert_secret).toMatch(/^whsec_/);
    await receiver().register(endpoint, [created.alert_secret]);

    for (let index = 0; index < 2; index += 1) expect((await fixedCostCall(baseUrl('direct'), key.key, index === 1)).outcome).toBe('ok');
    expect((await budgetNow(created.id)).window.alerts).toEqual({ percent_80_at: null, percent_100_at: null });
    expect((await fixedCostCall(baseUrl('direct'), key.key, false)).outcome).toBe('ok');
    const at80 = await budgetNow(created.id);
    expect(at80.window.alerts.percent_80_at).not.toBeNull();
    expect(at80.window.alerts.percent_100_at).toBeNull();
    for (let index = 0; index < 3; index += 1) expect((await fixedCostCall(baseUrl('direct'), key.key, index === 0)).outcome).toBe('ok');
    const over = await budgetNow(created.id);
    expect(over.window.alerts.percent_100_at).not.toBeNull();
    expect(Number(over.window.spent.amount)).toBeCloseTo(6 * CALL_COST, 8);

    const received = await receiver().waitFor(endpoint, (list) => list.length >= 2);
    expect(received.map((webhook) => [webhook.verified, webhook.body.type, webhook.body.data.threshold_percent])).toEqual([
      [true, 'budget.threshold_reached', 80],
      [true, 'budget.threshold_reached', 100],
    ]);
    expect(received[1]!.body.data).toMatchObject({
      budget_id: created.id,
      scope: { kind: 'key', value: key.id },
      period: 'day',
      hard: false,
      amount: { amount: '0.02500000' },
    });
    // Once each per period: the outbox holds exactly these two, delivered.
    const queued = await query('SELECT status FROM {prefix}outbox WHERE site_url = ?', [`budget:${created.id}`]);
    expect(queued.map((row) => row.status)).toEqual(['delivered', 'delivered']);
  });
});

describe('budget administration', () => {
  it('refuses bad fields by name and unknown ids, and changes nothing', async () => {
    const before = (await admin('GET', '/budgets')).body.data.length;
    const bad = await admin('POST', '/budgets', {
      scope: { kind: 'planet', value: 'x' },
      period: 'week',
      amount: '-3',
      hard: 'yes',
      alert_url: 'ftp://x',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data.params).sort()).toEqual(['alert_url', 'amount', 'hard', 'period', 'scope.kind']);
    expect((await admin('PUT', '/budgets/bgt_01NOSUCHBUDGET000000000000', { amount: '2' })).status).toBe(404);
    expect((await admin('DELETE', '/budgets/not-an-id')).status).toBe(404);
    expect((await admin('GET', '/budgets')).body.data).toHaveLength(before);
  });

  it('updates amount and kind but not the scope, and removes a budget', async () => {
    const team = `team-${randomUUID().slice(0, 8)}`;
    const { id } = await budget({ scope: { kind: 'team', value: team, site_url: 'https://team.example' }, period: 'month', amount: 3 });
    expect((await admin('PATCH', `/budgets/${id}`, { scope: { kind: 'team', value: 'other' } })).body.data.params).toHaveProperty('scope');
    const changed = await admin('PATCH', `/budgets/${id}`, { amount: '7.5', hard: false });
    expect(changed.body).toMatchObject({
      id,
      scope: { kind: 'team', value: team, site_url: 'https://team.example' },
      period: 'month',
      amount: { amount: '7.50000000' },
      hard: false,
    });
    expect((await admin('DELETE', `/budgets/${id}`)).body).toEqual({ object: 'budget', id, deleted: true });
    expect(await budgetNow(id)).toBeUndefined();
  });

  it('is run from the CLI: budget set (hard unless --soft), list, remove', () => {
    const team = `cli-${randomUUID().slice(0, 8)}`;
    const created = hub('budget', 'set', '--team', team, '--site', 'https://team.example', '--amount', '12.5', '--period', 'month');
    const id = /(bgt_[0-9A-Z]{26})/.exec(created[0]!)![1]!;
    expect(created[0]).toContain(`hard month budget of 12.50000000 USD for team ${team} of https://team.example`);
    expect(created[2]).toMatch(/^whsec_/);
    expect(hub('budget', 'set', '--team', team, '--site', 'https://team.example', '--amount', '20', '--period', 'month', '--soft')[0]).toBe(
      `Updated ${id}: soft month budget of 20.00000000 USD for team ${team} of https://team.example.`,
    );
    expect(
      hub('budget', 'list')
        .find((line) => line.startsWith(id))!
        .split('\t'),
    ).toEqual([id, 'team', team, 'https://team.example', 'month', 'soft', 'limit', '20.00000000', '0.00000000', '0.00000000', '-']);
    expect(hub('budget', 'remove', id)).toEqual([`Removed ${id}.`]);
    expect(hub('budget', 'list').some((line) => line.startsWith(id))).toBe(false);
  });
});

describe('budgets that follow packages and payments', () => {
  it.each(['allowance', 'credits'])('an admin cannot edit or remove an AI %s by hand, nor overwrite it with budget set', async (role) => {
    const site = `https://managed-${randomUUID().slice(0, 8)}.example`;
    const { id } = await budget({ scope: { kind: 'site', value: site }, period: 'total', amount: '5', hard: true });
    await query('UPDATE {prefix}budgets SET role = ?, source = ? WHERE id = ?', [role, role === 'allowance' ? 'ent_1' : null, id]);
    await admin('GET', '/budgets'); // the worker's cached list is read again within its 2 s
    const listed = (await admin('GET', '/budgets')).body.data.find((row: { id: string }) => row.id === id);
    expect(listed).toMatchObject({ role });

    const patched = await admin('PATCH', `/budgets/${id}`, { amount: '500' });
    expect(patched.status).toBe(409);
    expect(patched.body).toMatchObject({ code: 'svc_budget_managed' });
    expect((await admin('DELETE', `/budgets/${id}`)).status).toBe(409);
    expect(() => hub('budget', 'remove', id)).toThrow(role === 'allowance' ? /AI allowance of entitlement ent_1/ : /credits balance/);

    // `budget set` for the same scope and period makes an admin's limit beside it, never rewrites it.
    const created = hub('budget', 'set', '--site', site, '--amount', '900', '--period', 'total');
    expect(created[0]).toMatch(/^Created bgt_/);
    expect(await query('SELECT amount, role FROM {prefix}budgets WHERE id = ?', [id])).toEqual([{ amount: '5.00000000', role }]);
  });
});
