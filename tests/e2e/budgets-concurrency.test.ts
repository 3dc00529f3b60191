import OpenAI from 'openai';
import { startExtraWorker, type ExtraWorker } from '../support/extra-worker';
import { admin, budgetWhen, CALL_BOUND, fixedCostCall, priceBudgetModel, settledUsage, unlimitKey } from '../support/budgets';
import { emulator } from '../support/emulator';
import { createKey, type TestKey } from '../support/hub-cli';
import { baseUrl, bearer, call } from '../support/lanes';
import { fixedCostBody } from '../support/budgets';

/** 10 calls' bounds: each call reserves 0.039 USD and costs 0.007 (tests/support/budgets.ts). */
const AMOUNT = (10 * CALL_BOUND).toFixed(8);

async function hardBudget(scope: { kind: string; value: string }): Promise<string> {
  const created = await admin('POST', '/budgets', { scope, period: 'day', amount: AMOUNT, hard: true });
  expect(created.status).toBe(201);
  return created.body.id;
}

/** 50 calls at once, every other one streamed, spread over `urls` in turn. */
async function fifty(key: TestKey, urls: string[]) {
  return Promise.all(Array.from({ length: 50 }, (_, index) => fixedCostCall(urls[index % urls.length]!, key.key, index % 2 === 1)));
}

/** At least 9 calls pass (10 bounds fit at once; a settled call's unused bound admits more); the rest are refused 429 and recorded as such; spend ≤ budget, exactly; nothing left reserved once the workers' leases are given back (spent, or idle). */
async function expectHeld(key: TestKey, budgetId: string, outcomes: Array<{ outcome: string }>) {
  const passed = outcomes.filter((answer) => answer.outcome === 'ok').length;
  const refused = outcomes.filter((answer) => answer.outcome === 'svc_budget_exceeded').length;
  expect(passed + refused).toBe(50);
  expect(passed).toBeGreaterThanOrEqual(9);

  const rows = await settledUsage(key.id, 50);
  expect(rows).toHaveLength(50);
  const ok = rows.filter((row) => row.status === 'ok');
  expect(ok).toHaveLength(passed);
  expect(rows.filter((row) => row.status === 'error' && row.error_code === 'svc_budget_exceeded')).toHaveLength(refused);
  const spent = ok.reduce((sum, row) => sum + Number(row.cost), 0);
  expect(spent).toBeLessThanOrEqual(Number(AMOUNT) + 1e-9);

  const listed = await budgetWhen(budgetId, (view) => view.window.reservations === 0);
  expect(Number(listed.window.spent.amount)).toBeCloseTo(spent, 8);
  expect(listed.window.reserved.amount).toBe('0.00000000');
  expect(listed.window.reservations).toBe(0);
  return rows;
}

describe('a hard budget under 50 concurrent calls', () => {
  beforeAll(priceBudgetModel);

  it('keeps the spend of 50 mixed blocking and streamed calls on one worker within the budget, and refuses the rest with svc_budget_exceeded', async () => {
    const key = createKey(['llm.chat']);
    unlimitKey(key);
    await emulator().reset();
    const budgetId = await hardBudget({ kind: 'key', value: key.id });
    const outcomes = await fifty(key, [baseUrl('direct')]);
    await expectHeld(key, budgetId, outcomes);

    // The refusal names the budget, what is left and its reset, on both lanes, in the contract's error shape:
    // a budget below one call's bound (0.039 USD) refuses every call.
    const small = createKey(['llm.chat']);
    const smallAmount = (CALL_BOUND - 0.009).toFixed(8);
    const created = await admin('POST', '/budgets', {
      scope: { kind: 'key', value: small.id },
      period: 'day',
      amount: smallAmount,
      hard: true,
    });
    for (const lane of ['direct', 'wordpress'] as const) {
      const refused = await call(lane, '/wp-json/llm/router/v1/chat', {
        method: 'POST',
        body: JSON.stringify(fixedCostBody(false)),
        headers: { 'Content-Type': 'application/json', ...bearer(small.key) },
      });
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({
        code: 'svc_budget_exceeded',
        data: {
          status: 429,
          budget: {
            id: created.body.id,
            scope: { kind: 'key', value: small.id },
            period: 'day',
            amount: { amount: smallAmount, currency: 'USD' },
            remaining: { amount: smallAmount, currency: 'USD' },
          },
          needed: { amount: CALL_BOUND.toFixed(8), currency: 'USD' },
        },
      });
      const tomorrow = new Date();
      tomorrow.setUTCHours(24, 0, 0, 0);
      expect(refused.body.data.resets_at).toBe(tomorrow.toISOString());
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.headers.get('x-should-retry')).toBe('false');

      // The OpenAI SDK, with its default retries, sends the refused call once (issue 27).
      let sent = 0;
      const client = new OpenAI({
        apiKey: small.key,
        baseURL: `${baseUrl(lane)}/wp-json/llm/router/v1`,
        fetch: (input, init) => {
          sent += 1;
          return fetch(input, init);
        },
      });
      const { model, max_tokens } = fixedCostBody(false);
      await expect(
        client.chat.completions.create({ model, max_tokens, messages: [{ role: 'user', content: 'aaa bbb ccc' }] }),
      ).rejects.toMatchObject({ status: 429 });
      expect([lane, sent]).toEqual([lane, 1]);
    }
    // A refused call never reached the provider.
    expect(await emulator().requests({ provider: 'openai', model: 'gpt-5-mini' })).toHaveLength(
      outcomes.filter((answer) => answer.outcome === 'ok').length,
    );
  });

  describe('split across two workers on one database', () => {
    let second: ExtraWorker;
    beforeAll(async () => {
      second = await startExtraWorker();
    });
    afterAll(async () => {
      await second?.stop();
    });

    it('still keeps the spend within the budget, the calls alternating between the workers', async () => {
      const key = createKey(['llm.chat']);
      unlimitKey(key);
      const budgetId = await hardBudget({ kind: 'site', value: key.siteUrl });
      const outcomes = await fifty(key, [baseUrl('direct'), second.url]);
      const rows = await expectHeld(key, budgetId, outcomes);
      // Both workers recorded calls: the budget held across them.
      expect(new Set(rows.map((row) => row.worker)).size).toBe(2);
    });
  });
});
