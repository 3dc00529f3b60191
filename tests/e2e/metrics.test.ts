import { randomUUID } from 'node:crypto';
import { receiver } from '../support/client-receiver-client';
import { emulator } from '../support/emulator';
import { createKey, hub } from '../support/hub-cli';
import { bearer, call, json, LANES } from '../support/lanes';
import { familiesOf, histogramSeries, parseExposition, sampleValue, type ParsedFamily } from '../support/prometheus-text';
import { chunksOf, COMPLETION_TOKENS, MESSAGES, postJson, postStream, PROMPT_TOKENS, ROUTER } from '../support/router-client';
import { eventually } from '../support/eventually';

/**
 * GET /metrics (docs/api-notes.md, "Metrics"): the Prometheus text format read by a real parser,
 * counters moved by exactly what the calls did, and refused without an admin key.
 */
const SCOPED = `${ROUTER}/metrics`;
const CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

interface Scrape {
  text: string;
  families: Map<string, ParsedFamily>;
}

/** The worker's own /metrics from loopback, without credentials. */
async function scrape(): Promise<Scrape> {
  const answer = await call('direct', '/metrics');
  expect([answer.status, answer.headers.get('content-type')]).toEqual([200, CONTENT_TYPE]);
  return { text: answer.text, families: familiesOf(answer.text) };
}

/**
 * Scrapes until `done` holds (a request is counted when its answer has ended, which the client
 * may see a moment before the worker does).
 */
async function scrapeUntil(done: (now: Scrape) => boolean): Promise<Scrape> {
  return eventually(scrape, done);
}

const value = (at: Scrape, name: string, labels: Record<string, string> = {}) => sampleValue(at.families, name, labels);
const countOf = (at: Scrape, name: string, labels: Record<string, string>) => histogramSeries(at.text, name, labels)?.count ?? 0;

describe('GET /metrics', () => {
  const admin = createKey([], 'admin');
  const client = createKey(['llm.chat']);

  beforeEach(() => emulator().reset());

  it('counts chats, a 429, a webhook refusal and an outbox delivery by exactly what happened', async () => {
    const team = `metrics-${randomUUID().slice(0, 8)}`;
    const site = `https://metrics-${randomUUID().slice(0, 8)}.example`;
    const created = hub(
      'key',
      'create',
      '--site',
      site,
      '--team',
      team,
      '--rate-limit',
      '4',
      '--endpoint',
      receiver().endpointUrl('metrics'),
    );
    const key = created[created.length - 1]!;
    await receiver().register('metrics', [created[created.length - 2]!]);
    hub('entitlement', 'grant', '--site', site, '--features', 'llm.chat');
    await receiver().waitFor('metrics', (list) => list.length >= 1); // that grant's delivery, before the first scrape
    // Seconds left in this minute must cover the calls, or the rate-limit window could roll over.
    const secondsLeft = 60 - new Date().getUTCSeconds();
    if (secondsLeft < 8) await new Promise((resolve) => setTimeout(resolve, secondsLeft * 1000 + 200));

    const before = await scrape();
    const model = 'openai/gpt-4o-mini';
    const labels = { provider: 'openai', model, team };
    const chats = [];
    for (const lane of LANES) chats.push(await call(lane, `${ROUTER}/chat`, postJson(key, { model, messages: MESSAGES })));
    expect(chats.map((answer) => answer.status)).toEqual([200, 200]);
    const stream = await postStream('direct', `${ROUTER}/chat/stream`, key, { model, messages: MESSAGES });
    expect(stream.status).toBe(200);
    expect(chunksOf(await stream.rest()).length).toBeGreaterThan(0);
    const models = await call('direct', `${ROUTER}/models`, { headers: bearer(key) });
    const limited = await call('direct', `${ROUTER}/models`, { headers: bearer(key) });
    expect([models.status, limited.status, limited.body?.code]).toEqual([200, 429, 'svc_rate_limited']);
    hub('entitlement', 'grant', '--site', site, '--features', 'module.seo'); // one more delivery
    const webhook = await call('direct', '/wp-json/svc-license/v1/webhook/woo-order-paid', json({ id: 1 }));
    expect(webhook.status).toBe(401);
    expect((await receiver().waitFor('metrics', (list) => list.length >= 2)).map((item) => item.answered)).toEqual([200, 200]);

    const chatRoute = { route: `${ROUTER}/chat`, method: 'POST' };
    const after = await scrapeUntil(
      (now) =>
        value(now, 'svc_hub_outbox_deliveries_total', { result: 'delivered' }) >
          value(before, 'svc_hub_outbox_deliveries_total', { result: 'delivered' }) &&
        value(now, 'svc_hub_http_requests_total', { route: `${ROUTER}/models`, method: 'GET', status: '429' }) >
          value(before, 'svc_hub_http_requests_total', { route: `${ROUTER}/models`, method: 'GET', status: '429' }) &&
        value(now, 'svc_hub_http_requests_total', { ...chatRoute, status: '200' }) >=
          value(before, 'svc_hub_http_requests_total', { ...chatRoute, status: '200' }) + 2,
    );
    const moved = (name: string, labelSet: Record<string, string> = {}) => value(after, name, labelSet) - value(before, name, labelSet);

    // Requests by route pattern, method and status: both lanes and both dispatches (lean and Express).
    expect(moved('svc_hub_http_requests_total', { ...chatRoute, status: '200' })).toBe(2);
    expect(moved('svc_hub_http_requests_total', { route: `${ROUTER}/chat/stream`, method: 'POST', status: '200' })).toBe(1);
    expect(moved('svc_hub_http_requests_total', { route: `${ROUTER}/models`, method: 'GET', status: '200' })).toBe(1);
    expect(moved('svc_hub_http_requests_total', { route: `${ROUTER}/models`, method: 'GET', status: '429' })).toBe(1);
    expect(
      countOf(after, 'svc_hub_http_request_duration_seconds', chatRoute) -
        countOf(before, 'svc_hub_http_request_duration_seconds', chatRoute),
    ).toBe(2);
    expect(moved('svc_hub_rate_limit_rejections_total')).toBe(1);

    // Calls, tokens and cost by provider, model and team; provider latency and first token.
    expect(moved('svc_hub_llm_calls_total', { ...labels, status: 'ok' })).toBe(3);
    expect(moved('svc_hub_llm_tokens_total', { ...labels, type: 'prompt' })).toBe(3 * PROMPT_TOKENS);
    expect(moved('svc_hub_llm_tokens_total', { ...labels, type: 'completion' })).toBe(3 * COMPLETION_TOKENS);
    expect(moved('svc_hub_llm_cost_usd_total', labels)).toBeCloseTo(3 * Number(chats[0]!.body.router.cost.amount), 12);
    expect(Number(chats[0]!.body.router.cost.amount)).toBeGreaterThan(0);
    const latency = { provider: 'openai', status: 'ok' };
    expect(
      countOf(after, 'svc_hub_provider_call_duration_seconds', latency) -
        countOf(before, 'svc_hub_provider_call_duration_seconds', latency),
    ).toBe(3);
    expect(
      countOf(after, 'svc_hub_provider_first_token_seconds', { provider: 'openai' }) -
        countOf(before, 'svc_hub_provider_first_token_seconds', { provider: 'openai' }),
    ).toBe(3);

    // Webhook outcomes, outbox deliveries and backlog.
    expect(moved('svc_hub_webhook_outcomes_total', { outcome: 'rejected', signature: 'missing' })).toBe(1);
    expect(moved('svc_hub_outbox_deliveries_total', { result: 'delivered' })).toBeGreaterThanOrEqual(1);
    expect(value(after, 'svc_hub_outbox_backlog')).toBeGreaterThanOrEqual(0);
    expect(after.families.get('svc_hub_outbox_backlog')!.metrics).toHaveLength(1);

    // The placeholders for budgets and the cache are there, at their values.
    expect(moved('svc_hub_budget_rejections_total', { scope: 'key' })).toBe(0);
    expect(after.families.get('svc_hub_budget_overruns_total')!.type).toBe('COUNTER');
    expect(value(after, 'svc_hub_budget_overruns_total')).toBe(0);
    expect(after.families.get('svc_hub_cache_hits_total')!.type).toBe('COUNTER');

    // The process: event-loop lag and resident memory.
    expect(value(after, 'process_resident_memory_bytes')).toBeGreaterThan(10 * 1024 * 1024);
    for (const name of ['svc_hub_event_loop_lag_p50_seconds', 'svc_hub_event_loop_lag_p99_seconds', 'svc_hub_event_loop_lag_max_seconds']) {
      expect(after.families.get(name)!.type).toBe('GAUGE');
    }
  });

  it('counts a call refused for too many in flight', async () => {
    const key = createKey(['llm.chat']);
    hub('key', 'concurrency', key.id, '1');
    const before = await scrape();
    const words = Array.from({ length: 200 }, (_, index) => `w${index}`).join(' ');
    const open = await postStream('direct', `${ROUTER}/chat/stream`, key.key, {
      model: 'mock/slow',
      messages: [{ role: 'user', content: words }],
    });
    try {
      expect(open.status).toBe(200);
      const refused = await call('direct', `${ROUTER}/chat`, postJson(key.key, { model: 'mock/echo', messages: MESSAGES }));
      expect([refused.status, refused.body?.code]).toEqual([429, 'svc_too_many_concurrent']);
    } finally {
      open.destroy();
    }
    const after = await scrapeUntil(
      (now) => value(now, 'svc_hub_concurrency_rejections_total') > value(before, 'svc_hub_concurrency_rejections_total'),
    );
    expect(value(after, 'svc_hub_concurrency_rejections_total') - value(before, 'svc_hub_concurrency_rejections_total')).toBe(1);
    expect(value(after, 'svc_hub_rate_limit_rejections_total') - value(before, 'svc_hub_rate_limit_rejections_total')).toBe(0);
  });

  it('writes bounded labels only: route patterns, never raw paths', async () => {
    const id = `ord_${randomUUID().replace(/-/g, '').slice(0, 20).toUpperCase()}`;
    await call('direct', `/wp-json/svc-commerce/v1/orders/${id}`, { headers: bearer(client.key) });
    await call('direct', `/no/such/${randomUUID()}`);
    const after = await scrapeUntil((now) => now.text.includes('route="unmatched"'));
    expect(after.text).not.toContain(id);
    expect(after.text).toContain('route="/wp-json/svc-commerce/v1/orders/:id"');
    const routes = new Set(after.families.get('svc_hub_http_requests_total')!.metrics.map((metric) => metric.labels!.route));
    expect([...routes].every((route) => route === 'unmatched' || route === '/metrics' || route!.startsWith('/wp-json/'))).toBe(true);
  });

  describe.each(LANES)('via %s', (lane) => {
    it('answers an admin-scope key with the exposition, parsed', async () => {
      const answer = await call(lane, SCOPED, { headers: bearer(admin.key) });
      expect([answer.status, answer.headers.get('content-type')]).toEqual([200, CONTENT_TYPE]);
      const names = parseExposition(answer.text).map((family) => family.name);
      expect(names).toEqual(
        expect.arrayContaining([
          'svc_hub_http_requests_total',
          'svc_hub_llm_tokens_total',
          'svc_hub_outbox_backlog',
          'process_resident_memory_bytes',
        ]),
      );
    });

    it('refuses no key (401) and a client key (403)', async () => {
      const missing = await call(lane, SCOPED);
      expect([missing.status, missing.body?.code, missing.body?.data?.status]).toEqual([401, 'svc_missing_key', 401]);
      const clientKey = await call(lane, SCOPED, { headers: bearer(client.key) });
      expect([clientKey.status, clientKey.body?.code]).toEqual([403, 'svc_forbidden']);
      expect(clientKey.text).not.toContain('svc_hub_');
    });
  });

  it("serves the worker's own /metrics from loopback without a key, but checks a key that is sent", async () => {
    const clientKey = await call('direct', '/metrics', { headers: bearer(client.key) });
    expect([clientKey.status, clientKey.body?.code]).toEqual([403, 'svc_forbidden']);
    const wrong = await call('direct', '/metrics', { headers: bearer('svc_live_0000000000000000000000000000000000000000') });
    expect(wrong.status).toBe(401);
    const forwarded = await call('direct', '/metrics', { headers: { 'X-Forwarded-For': '198.51.100.7' } });
    expect([forwarded.status, forwarded.body?.code]).toEqual([401, 'svc_missing_key']);
    const withAdmin = await call('direct', '/metrics', { headers: bearer(admin.key) });
    expect(withAdmin.status).toBe(200);
  });
});
