import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { createKey, hub } from '../support/hub-cli';
import { call, LANES, type Lane } from '../support/lanes';
import { shellHeaders } from '../support/signed-request';
import { stack } from '../support/stack';
import { logIn, type WordPressSession } from '../support/wordpress-session';

const ADMIN = '/wp-json/svc-hub/v1/admin';
const MODEL = 'openai/gpt-4.1';
const SHAPE = /^must be a plain decimal such as "/;

/** Spellings `Number()` read as numbers; every money and count input must refuse each. */
const HOSTILE = ['0x10', '1e3', '1e-9', ' 1', '+1', '-0', 'Infinity', 'NaN', '1_000', '١٢', '01', '.5', '1.'];

function runHub(...args: string[]) {
  const info = stack();
  return spawnSync('node', [join(info.repoRoot, 'worker', 'dist', 'cli', 'hub.js'), ...args], {
    env: { PATH: process.env.PATH, SVC_ENV_FILE: join(info.dir, 'worker.env') },
    encoding: 'utf8',
  });
}

/**
 * Money and counts are plain decimals ("Hostile input, round 2", item 10; docs/api-notes.md
 * "Money and counts"): through the admin routes on both lanes (the shell's signature straight to
 * the worker, a wp-admin session through WordPress) and the operator CLI, a spelling `Number()`
 * took — "0x10" stored as 16 USD per million tokens, 1e-9 as 0 — or more digits than the column
 * holds is refused, naming the field, and nothing changes.
 */
describe('money and counts', () => {
  let session: WordPressSession;

  beforeAll(async () => {
    session = await logIn();
  });

  function admin(lane: Lane, method: string, path: string, body: unknown) {
    const text = JSON.stringify(body);
    const signed = lane === 'direct' ? shellHeaders({ method, path: ADMIN + path, body: text }) : session.headers;
    return call(lane, ADMIN + path, { method, body: text, headers: { 'Content-Type': 'application/json', ...signed } });
  }

  async function priceInForce(lane: Lane): Promise<unknown> {
    const models = await call(lane, `${ADMIN}/models`, {
      headers: lane === 'direct' ? shellHeaders({ method: 'GET', path: `${ADMIN}/models` }) : session.headers,
    });
    return models.body.data.find((model: { id: string }) => model.id === MODEL).pricing;
  }

  it.each(LANES)('refuses every hostile spelling of a model price, naming the field, and keeps the price in force (%s)', async (lane) => {
    const saved = await admin(lane, 'PUT', `/prices/${MODEL}`, { input_per_mtok: '0.25', output_per_mtok: 1.5 });
    expect([saved.status, saved.body.input_per_mtok, saved.body.output_per_mtok]).toEqual([200, 0.25, 1.5]);
    const before = await priceInForce(lane);
    for (const spelling of HOSTILE) {
      const answer = await admin(lane, 'PUT', `/prices/${MODEL}`, { input_per_mtok: spelling, output_per_mtok: '1' });
      expect([spelling, answer.status, answer.body.code, Object.keys(answer.body.data.params)]).toEqual([
        spelling,
        400,
        'svc_invalid_request',
        ['input_per_mtok'],
      ]);
      expect(answer.body.data.params.input_per_mtok).toMatch(SHAPE);
    }
    expect(await priceInForce(lane)).toEqual(before);
  });

  it.each(LANES)('refuses a JSON price that would be stored as 0 or past DECIMAL(12,6) (%s)', async (lane) => {
    const tiny = await admin(lane, 'PUT', `/prices/${MODEL}`, { input_per_mtok: 1e-9, output_per_mtok: 0.0000001 });
    expect([tiny.status, tiny.body.data.params]).toEqual([
      400,
      {
        input_per_mtok: 'is below 0.000001, the smallest amount stored; give 0 or at least 0.000001',
        output_per_mtok: 'is below 0.000001, the smallest amount stored; give 0 or at least 0.000001',
      },
    ]);
    const huge = await admin(lane, 'PUT', `/prices/${MODEL}`, { input_per_mtok: 1_000_000, output_per_mtok: '1' });
    expect([huge.status, huge.body.data.params]).toEqual([
      400,
      { input_per_mtok: 'must be below 1000000 (at most 6 digits before the point)' },
    ]);
  });

  it('keeps a budget of 18 significant digits exactly and refuses hostile amounts', async () => {
    const scope = { kind: 'team', value: `numbers-${randomUUID().slice(0, 8)}`, site_url: 'https://numbers.example' };
    for (const amount of ['0x10', '1e3', ' 25', 1e-9, '0']) {
      const refused = await admin('direct', 'POST', '/budgets', { scope, period: 'month', amount });
      expect([amount, refused.status, Object.keys(refused.body.data.params)]).toEqual([amount, 400, ['amount']]);
    }
    const created = await admin('direct', 'POST', '/budgets', { scope, period: 'month', amount: '9999999999.99999999' });
    expect([created.status, created.body.amount]).toEqual([201, { amount: '9999999999.99999999', currency: 'USD' }]);
    expect((await admin('direct', 'DELETE', `/budgets/${created.body.id}`, {})).status).toBe(200);
  });

  it('refuses a package price of more digits than DECIMAL(12,2) holds and hostile counts, naming each field', async () => {
    const body = {
      package_id: `numbers-${randomUUID().slice(0, 8)}`,
      name: 'Numbers',
      price: { amount: '100000000000', currency: 'EUR' },
      features: ['module.numbers'],
      duration_days: '1e3',
      woo_product_id: '0x4D',
    };
    const refused = await admin('direct', 'POST', '/packages', body);
    expect([refused.status, Object.keys(refused.body.data.params)]).toEqual([400, ['price.amount', 'duration_days', 'woo_product_id']]);
    expect(refused.body.data.params['price.amount']).toBe('must be below 10000000000 (at most 10 digits before the point)');
  });

  const CLI_REFUSALS: Array<[args: string[], reason: RegExp]> = [
    [['price', 'set', MODEL, '--input', '0x10', '--output', '1'], /^error: input_per_mtok must be a plain decimal such as "0.15"/],
    [['price', 'set', MODEL, '--input', '1', '--output', '1e-9'], /^error: output_per_mtok must be a plain decimal/],
    [
      ['price', 'set', MODEL, '--input', '0.0000001', '--output', '1'],
      /^error: input_per_mtok is below 0.000001, the smallest amount stored/,
    ],
    [['cache', 'set', 'purpose', 'numbers-e2e', '--ttl', '0x10'], /^error: ttl_seconds must be an integer from 1 to 2592000/],
    [['cache', 'set', 'purpose', 'numbers-e2e', '--ttl', '1e3'], /^error: ttl_seconds must be an integer from 1 to 2592000/],
    [
      ['key', 'create', '--site', 'https://numbers.example', '--team', 't', '--rate-limit', '0x10'],
      /^error: rate_limit_per_minute must be an integer from 1 to 100000/,
    ],
    [
      ['key', 'create', '--site', 'https://numbers.example', '--team', 't', '--concurrency', ' 5'],
      /^error: max_concurrent_calls must be an integer from 1 to 10000/,
    ],
    [['order', 'list', '--limit', '0x10'], /^error: limit must be an integer from 1 to 100/],
    [
      ['budget', 'set', '--team', 'numbers-e2e', '--site', 'https://numbers.example', '--amount', 'Infinity', '--period', 'day'],
      /^error: amount must be a plain decimal such as "25.00"/,
    ],
    [
      ['package', 'create', '--id', 'numbers-e2e', '--name', 'N', '--price', '١٢', '--currency', 'EUR', '--features', 'module.n'],
      /^error: price.amount must be a plain decimal such as "49.00"/,
    ],
  ];

  it('the CLI refuses each hostile spelling with a one-line reason naming the field and exit code 2, changing nothing', async () => {
    const state = async () => [
      await priceInForce('direct'),
      hub('cache', 'list'),
      hub('key', 'list').length,
      hub('budget', 'list'),
      hub('package', 'list'),
    ];
    const before = await state();
    for (const [args, reason] of CLI_REFUSALS) {
      const result = runHub(...args);
      expect([args, result.status, result.stderr.trim().split('\n').length]).toEqual([args, 2, 1]);
      expect(result.stderr).toMatch(reason);
    }
    expect(await state()).toEqual(before);
  });

  it('the CLI takes plain digits', () => {
    const key = createKey();
    expect(hub('key', 'rate-limit', key.id, '300')).toEqual([`${key.id} may make 300 requests per minute.`]);
    expect(hub('price', 'set', MODEL, '--input', '0.000001', '--output', '2')[0]).toBe(
      `${MODEL}: 0.000001 in / 2 out / 0.5 cache read / 0 cache write per million tokens (USD).`,
    );
  });
});
