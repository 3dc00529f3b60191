import { startExtraWorker, type ExtraWorker } from '../support/extra-worker';
import { admin, budgetWhen, settledUsage, unlimitKey } from '../support/budgets';
import { createKey } from '../support/hub-cli';
import { baseUrl, bearer, call } from '../support/lanes';
import { testFetch } from '../support/test-fetch';

/**
 * Issue 27's proof that a hard budget never overspends (docs/architecture.md §11): 50 calls at
 * once, with tools, an image and a JSON schema, none naming an output limit, over two workers on
 * one MariaDB, on a 0.05 USD budget, against mock/echo — which bills what was sent as a provider
 * does (ceil(UTF-8 bytes / 4) over messages, tools and schema, 1445 tokens for an image of
 * unknown size, output within the limit: docs/api-notes.md "mock/echo") — priced by an admin's
 * override. The hub reserves its bound and settles the bill: the window's spend never passes the
 * amount, nothing stays reserved, and the usage rows add up to the spend.
 */
const MODEL = 'mock/echo';
const AMOUNT = '0.05000000';
const schema = {
  type: 'object',
  properties: {
    city: { type: 'string', description: 'The city the traveller asks about, as they wrote it' },
    days: { type: 'integer', minimum: 1, maximum: 14 },
    interests: { type: 'array', items: { type: 'string', enum: ['food', 'museums', 'walks', 'music', 'markets'] } },
  },
  required: ['city', 'days'],
  additionalProperties: false,
};

function body(index: number, stream: boolean) {
  return {
    model: MODEL,
    stream,
    messages: [
      { role: 'system', content: 'You plan short city trips. Answer with the itinerary as JSON. '.repeat(8) },
      {
        role: 'user',
        content: [
          { type: 'text', text: `Trip ${index}: three days in Köln, museums and food — what does this poster advertise? `.repeat(6) },
          { type: 'image_url', image_url: { url: `https://images.example/poster-${index}.png` } },
        ],
      },
    ],
    tools: [
      { type: 'function', function: { name: 'find_events', description: 'Events in a city on given days', parameters: schema } },
      { type: 'function', function: { name: 'book_table', description: 'Books a restaurant table', parameters: schema } },
    ],
    response_format: { type: 'json_schema', json_schema: { name: 'itinerary', strict: true, schema } },
  };
}

async function send(url: string, key: string, index: number) {
  const stream = index % 2 === 1;
  const response = await testFetch(`${url}/wp-json/llm/router/v1/chat/completions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key}` },
    body: JSON.stringify(body(index, stream)),
  });
  const text = await response.text();
  return { status: response.status, limit: response.headers.get('x-svc-max-output-tokens'), text };
}

describe('a hard budget with calls of every shape', () => {
  let second: ExtraWorker;
  beforeAll(async () => {
    second = await startExtraWorker();
    const priced = await admin('PUT', `/prices/${MODEL}`, { input_per_mtok: 4, output_per_mtok: 1 });
    expect(priced.status).toBe(200);
  });
  afterAll(async () => {
    await second?.stop();
  });

  it('never spends past its amount from 50 concurrent calls with tools, images and schemas on two workers, and leaves nothing reserved', async () => {
    const key = createKey(['llm.chat']);
    unlimitKey(key);
    const created = await admin('POST', '/budgets', { scope: { kind: 'key', value: key.id }, period: 'day', amount: AMOUNT, hard: true });
    expect(created.status).toBe(201);
    const urls = [baseUrl('direct'), second.url];
    const answers = await Promise.all(Array.from({ length: 50 }, (_, index) => send(urls[index % 2]!, key.key, index)));

    const passed = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(passed.length + refused.length).toBe(50);
    expect(passed.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) expect(JSON.parse(answer.text).message).toMatch(/has \d+\.\d{8} USD left/);
    // Every admitted call ran with a limit it was given (none was named), within mock/echo's default maximum.
    for (const answer of passed) expect(Number(answer.limit)).toBeGreaterThanOrEqual(16);
    for (const answer of passed) expect(Number(answer.limit)).toBeLessThanOrEqual(4096);

    const rows = await settledUsage(key.id, 50);
    expect(rows).toHaveLength(50);
    const ok = rows.filter((row) => row.status === 'ok');
    expect(ok).toHaveLength(passed.length);
    // Realistic bills: each call's input is its bytes / 4 and one image (1445), far above the text alone.
    for (const row of ok) expect(Number(row.prompt_tokens)).toBeGreaterThan(1445 + 500);
    const units = (amount: unknown) => BigInt(String(amount).replace('.', ''));
    const rowsSum = ok.reduce((sum, row) => sum + units(Number(row.cost).toFixed(8)), 0n);

    const listed = await budgetWhen(created.body.id, (view) => view.window.reservations === 0);
    expect(listed.window.reserved.amount).toBe('0.00000000');
    expect(units(listed.window.spent.amount)).toBeLessThanOrEqual(units(AMOUNT));
    expect(units(listed.window.spent.amount)).toBe(rowsSum);
  });

  it('alerts on a soft budget and never refuses', async () => {
    const key = createKey(['llm.chat']);
    unlimitKey(key);
    const created = await admin('POST', '/budgets', {
      scope: { kind: 'key', value: key.id },
      period: 'day',
      amount: '0.00100000',
      hard: false,
    });
    expect(created.status).toBe(201);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, index) => send(baseUrl('direct'), key.key, index)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
    const listed = await budgetWhen(
      created.body.id,
      (view) => view.window.reservations === 0 && view.window.alerts.percent_100_at !== null,
    );
    expect(Number(listed.window.spent.amount)).toBeGreaterThan(0.001);
    expect(listed.window.alerts.percent_100_at).not.toBeNull();
  });
  it('gives a call that names no limit one — the model’s maximum within what the budget pays — and says so on both lanes', async () => {
    const key = createKey(['llm.chat']);
    // Room for about 1,880 output tokens after the input's bound (mock/echo at 4 and 1 USD per million here).
    await admin('POST', '/budgets', { scope: { kind: 'key', value: key.id }, period: 'day', amount: '0.00200000', hard: true });
    const plain = { model: MODEL, messages: [{ role: 'user', content: 'hello' }] };
    for (const lane of ['direct', 'wordpress'] as const) {
      const answer = await call(lane, '/wp-json/llm/router/v1/chat', {
        method: 'POST',
        body: JSON.stringify(plain),
        headers: { 'Content-Type': 'application/json', ...bearer(key.key) },
      });
      expect(answer.status).toBe(200);
      const limit = Number(answer.headers.get('x-svc-max-output-tokens'));
      expect(limit).toBeGreaterThan(16);
      expect(limit).toBeLessThan(4096);
      expect(answer.body.router.max_output_tokens).toBe(limit);
    }
    // Its own limit is kept, and reported as it is.
    const named = await call('wordpress', '/wp-json/llm/router/v1/chat', {
      method: 'POST',
      body: JSON.stringify({ ...plain, max_tokens: 20 }),
      headers: { 'Content-Type': 'application/json', ...bearer(key.key) },
    });
    expect(named.headers.get('x-svc-max-output-tokens')).toBe('20');
    expect(named.body.router.max_output_tokens).toBe(20);
  });
});
