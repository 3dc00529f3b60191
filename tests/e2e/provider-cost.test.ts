import { admin, budgetWhen, query, settledUsage, unlimitKey } from '../support/budgets';
import { createKey, hub } from '../support/hub-cli';
import { call } from '../support/lanes';

/**
 * Unpriced models, price sync, provider-reported cost (docs/api-notes.md "Unpriced models",
 * "Price sync", "Provider-reported cost"): the OpenRouter emulator reports `usage.cost` at
 * gpt-4o-mini's price for every model, and lists meta-llama/llama-4-maverick at 0.2 / 0.8 USD per
 * million tokens — so once synced, a call to it has the hub's cost and the provider's apart.
 */
const MAVERICK = 'openrouter/meta-llama/llama-4-maverick';

async function chat(key: string, model: string) {
  const response = await call('direct', '/wp-json/llm/router/v1/chat/completions', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
    body: JSON.stringify({ model, messages: [{ role: 'user', content: 'aaa bbb ccc' }], max_tokens: 8 }),
  });
  return response;
}

describe('provider-reported cost and unpriced models', () => {
  const key = createKey(['llm.chat']);
  beforeAll(() => unlimitKey(key));

  it('runs an unpriced model without a hard budget, its row and answer honest: cost NULL, priced: false, the provider figure kept', async () => {
    const openrouter = await chat(key.key, 'openrouter/qwen/qwen3-coder');
    expect(openrouter.status).toBe(200);
    expect(openrouter.body.router.cost).toEqual({ amount: expect.stringMatching(/^0\.\d{8}$/), currency: 'USD', priced: false });
    const compat = await chat(key.key, 'compat/some-local-model');
    expect(compat.status).toBe(200);
    expect(compat.body.router.cost).toEqual({ amount: null, currency: 'USD', priced: false });
    const rows = await settledUsage(key.id, 2);
    const byModel = new Map(rows.map((row) => [row.model as string, row]));
    expect(byModel.get('openrouter/qwen/qwen3-coder')).toMatchObject({
      cost: null,
      provider_cost: openrouter.body.router.cost.amount,
      billed: openrouter.body.router.cost.amount,
      price_input_per_mtok: null,
    });
    expect(byModel.get('compat/some-local-model')).toMatchObject({ cost: null, provider_cost: null, billed: null });
  });

  it("prices a provider's unlisted models at its default price until the admin clears it", async () => {
    expect(hub('price', 'default', 'compat', '--input', '1000', '--output', '1000')).toEqual([
      'compat default: 1000 in / 1000 out / 1000 cache read / 1000 cache write per million tokens (USD).',
    ]);
    // The CLI wrote the database; the worker's copy refreshes within seconds — the admin route refreshes it at once.
    const saved = await admin('PUT', '/provider-prices/compat', { input_per_mtok: '1000', output_per_mtok: 1000 });
    expect(saved.body).toEqual({
      provider: 'compat',
      source: 'admin',
      pricing: { input_per_mtok: 1000, output_per_mtok: 1000, cache_read_per_mtok: 1000, cache_write_per_mtok: 1000, currency: 'USD' },
    });
    const listed = await admin('GET', '/provider-prices');
    expect(listed.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ provider: 'compat', source: 'admin', pricing: expect.objectContaining({ input_per_mtok: 1000 }) }),
        expect.objectContaining({ provider: 'ollama', source: 'shipped', pricing: expect.objectContaining({ input_per_mtok: 0 }) }),
        expect.objectContaining({ provider: 'openrouter', source: 'none', pricing: null }),
      ]),
    );
    const priced = await chat(key.key, 'compat/some-local-model');
    const tokens = priced.body.usage.prompt_tokens + priced.body.usage.completion_tokens;
    expect(priced.body.router.cost).toEqual({ amount: (tokens / 1000).toFixed(8), currency: 'USD' });
    expect(hub('price', 'clear-default', 'compat')).toEqual(['compat default cleared; now unpriced.']);
    const cleared = await admin('DELETE', '/provider-prices/compat');
    expect(cleared.body).toEqual({ provider: 'compat', pricing: null, source: 'none' });
    expect((await chat(key.key, 'compat/some-local-model')).body.router.cost.priced).toBe(false);
  });

  it("syncs OpenRouter's prices (idempotent), then a call is priced, stores both figures and settles its budget at the provider's", async () => {
    const first = hub('price', 'sync', 'openrouter');
    expect(first[0]).toMatch(/^Fetching http:\/\/127\.0\.0\.1:\d+\/openrouter\/api\/v1\/models …$/);
    expect(first).toContain('  refused openrouter/openrouter/auto: a negative price (OpenRouter lists -1 where the price varies per call)');
    expect(first.at(-1)).toMatch(/^openrouter: \d+ added, 0 changed, \d+ unchanged, 0 kept \(set by the admin\), 1 refused\.$/);
    const again = await admin('POST', '/price-sync/openrouter');
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ object: 'price_sync', provider: 'openrouter', added: 0, changed: 0, kept: 0 });
    const stored = await query('SELECT input_per_mtok, output_per_mtok, source FROM {prefix}model_prices WHERE model = ?', [MAVERICK]);
    expect(stored).toEqual([{ input_per_mtok: '0.200000', output_per_mtok: '0.800000', source: 'openrouter' }]);

    const budgeted = createKey(['llm.chat']);
    unlimitKey(budgeted);
    const created = await admin('POST', '/budgets', {
      scope: { kind: 'key', value: budgeted.id },
      period: 'month',
      amount: '5',
      hard: true,
    });
    expect(created.status).toBe(201);
    const answer = await chat(budgeted.key, MAVERICK);
    expect(answer.status).toBe(200);
    const [row] = await settledUsage(budgeted.id, 1);
    const tokens = { prompt: Number(row!.prompt_tokens), completion: Number(row!.completion_tokens) };
    // The hub's price (0.2 / 0.8) and the emulator's bill (gpt-4o-mini's 0.15 / 0.6) differ by a quarter.
    expect(row).toMatchObject({
      cost: ((tokens.prompt * 0.2 + tokens.completion * 0.8) / 1e6).toFixed(8),
      provider_cost: ((tokens.prompt * 0.15 + tokens.completion * 0.6) / 1e6).toFixed(8),
      price_input_per_mtok: '0.200000',
    });
    expect(answer.body.router.cost).toEqual({ amount: row!.provider_cost, currency: 'USD' });
    const settled = await budgetWhen(created.body.id, (view) => view.window.spent.amount !== '0.00000000');
    expect(settled.window.spent.amount).toBe(row!.provider_cost);
    const flagged = await admin('GET', '/usage/calls?cost_differs=1&limit=200');
    expect(flagged.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: row!.id, cost: row!.cost, provider_cost: row!.provider_cost, cost_differs: true }),
      ]),
    );
  });

  it('refuses bad input on the price routes in the documented shape, changing nothing', async () => {
    const before = await query('SELECT * FROM {prefix}provider_prices');
    const cases: Array<[string, string, unknown, number, string]> = [
      ['PUT', '/provider-prices/compat', { input_per_mtok: -1, output_per_mtok: '1e3' }, 400, 'svc_invalid_request'],
      ['PUT', '/provider-prices/compat', { input_per_mtok: '1', output_per_mtok: '1', currency: 'EUR' }, 400, 'svc_invalid_request'],
      ['PUT', '/provider-prices/anthropic', { input_per_mtok: '1', output_per_mtok: '1' }, 400, 'svc_invalid_request'],
      ['PUT', '/provider-prices/no-such-provider', { input_per_mtok: '1', output_per_mtok: '1' }, 404, 'svc_not_found'],
      ['DELETE', '/provider-prices/anthropic', undefined, 400, 'svc_invalid_request'],
      ['POST', '/price-sync/anthropic', undefined, 404, 'svc_not_found'],
      ['GET', '/usage/calls?limit=0', undefined, 400, 'svc_invalid_request'],
      ['GET', '/usage/calls?cost_differs=yes', undefined, 400, 'svc_invalid_request'],
    ];
    for (const [method, path, body, status, code] of cases) {
      const answer = await admin(method, path, body);
      expect({ path, status: answer.status, code: answer.body.code }).toEqual({ path, status, code });
    }
    expect((await admin('PUT', '/provider-prices/compat', { input_per_mtok: -1, output_per_mtok: 1 })).body.data.params).toEqual({
      input_per_mtok: expect.any(String),
    });
    expect(await query('SELECT * FROM {prefix}provider_prices')).toEqual(before);
  });
});

describe('an unpriced model under a hard budget', () => {
  const key = createKey(['llm.chat']);
  beforeAll(() => unlimitKey(key));

  // Issue 27's reproduction: five openrouter/openai/o1-pro calls once went through a 0.01 USD hard budget, each at cost 0.
  it('is refused before anything is sent, on both lanes, naming the model, until the admin prices its provider', async () => {
    const created = await admin('POST', '/budgets', { scope: { kind: 'key', value: key.id }, period: 'month', amount: '0.01', hard: true });
    expect(created.status).toBe(201);
    const model = 'openrouter/openai/o1-pro';
    for (const lane of ['direct', 'wordpress'] as const) {
      const refused = await call(lane, '/wp-json/llm/router/v1/chat/completions', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key.key}` },
        body: JSON.stringify({ model, messages: [{ role: 'user', content: 'Think hard.' }] }),
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'svc_unpriced_model', data: { model } });
      expect(refused.body.message).toContain(model);
    }
    const rows = await settledUsage(key.id, 2);
    expect(rows.map((row) => [row.status, row.error_code, row.attempts])).toEqual([
      ['error', 'svc_unpriced_model', 0],
      ['error', 'svc_unpriced_model', 0],
    ]);
    const window = await budgetWhen(created.body.id, () => true);
    expect(window.window.spent.amount).toBe('0.00000000');

    // Priced by a provider default, the call is admitted: reserved, given an output limit, and settled.
    expect((await admin('PUT', '/provider-prices/openrouter', { input_per_mtok: 10, output_per_mtok: 40 })).status).toBe(200);
    const priced = await chat(key.key, model);
    expect(priced.status).toBe(200);
    expect(priced.body.router.cost.priced).toBeUndefined();
    const settled = await budgetWhen(created.body.id, (budget) => budget.window.spent.amount !== '0.00000000');
    expect(Number(settled.window.spent.amount)).toBeGreaterThan(0);
    expect(Number(settled.window.spent.amount)).toBeLessThanOrEqual(0.01);
    expect((await admin('DELETE', '/provider-prices/openrouter')).status).toBe(200);
  });
});
