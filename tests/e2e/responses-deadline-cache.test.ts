import { randomUUID } from 'node:crypto';
import { eventually, queryStack } from '../support/database-query';
import { emulator } from '../support/emulator';
import { startExtraWorker, type ExtraWorker } from '../support/extra-worker';
import { createKey, hub, type TestKey } from '../support/hub-cli';
import { baseUrl, type Lane } from '../support/lanes';
import { ROUTER } from '../support/router-client';
import { testFetch } from '../support/test-fetch';

const RESPONSES = `${ROUTER}/responses`;
const LIMIT_MS = 1500;

/** POST /responses to `base`: status, the X-Svc-Cache header, the JSON body (blocking) or the SSE events (streamed). */
async function respond(base: string, key: TestKey, body: Record<string, unknown>, requestId = randomUUID()) {
  const response = await testFetch(`${base}${RESPONSES}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${key.key}`, 'X-Request-Id': requestId },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  const streamed = (response.headers.get('content-type') ?? '').startsWith('text/event-stream');
  const events = streamed
    ? text.split('\n\n').flatMap((block) =>
        block
          .split('\n')
          .filter((line) => line.startsWith('data: '))
          .map((line) => JSON.parse(line.slice(6))),
      )
    : [];
  return {
    status: response.status,
    cache: response.headers.get('x-svc-cache'),
    body: streamed ? undefined : JSON.parse(text),
    events,
    requestId,
  };
}

/** The usage rows of `requestId` once completed (rows are completed in batches, off the request path). */
async function completedRows(requestId: string) {
  return eventually(
    () => queryStack('SELECT * FROM {prefix}svc_usage WHERE request_id = ?', [requestId]),
    (rows) => rows.length > 0 && rows.every((row) => row.status !== 'open'),
  );
}

/** SVC_CALL_MAX_MS on the Responses API (docs/api-notes.md "Call duration"): blocking and streamed, as chat. */
describe('the Responses API with SVC_CALL_MAX_MS=1500', () => {
  let worker: ExtraWorker;
  const key = createKey(['llm.chat']);
  beforeAll(async () => {
    worker = await startExtraWorker({ SVC_CALL_MAX_MS: String(LIMIT_MS), SVC_TIMEOUT_FIRST_TOKEN_MS: '20000' });
  }, 60_000);
  afterAll(async () => {
    await worker?.stop();
  });
  beforeEach(() => emulator().reset());

  it('ends a blocking response that outlasts it: 504 svc_upstream_timeout (total), one usage row (error), upstream aborted', async () => {
    await emulator().script('openai', 'gpt-4o-mini', [{ delayHeadersMs: 15_000 }]);
    const startedAt = Date.now();
    const answer = await respond(worker.url, key, { model: 'openai/gpt-4o-mini', input: 'hello there router' });
    expect(Date.now() - startedAt).toBeLessThan(10_000);
    expect([answer.status, answer.body?.code, answer.body?.data]).toEqual([
      504,
      'svc_upstream_timeout',
      { status: 504, phase: 'total', limit_ms: LIMIT_MS },
    ]);
    const rows = await completedRows(answer.requestId);
    expect(rows).toEqual([
      expect.objectContaining({ status: 'error', error_code: 'svc_upstream_timeout', kind: 'responses', model: 'openai/gpt-4o-mini' }),
    ]);
    const upstream = await emulator().waitForRequests((requests) => requests[0]?.closedByClient === true);
    expect(upstream).toHaveLength(1);
  });

  it('ends a streamed response that outlasts it with response.failed (svc_upstream_timeout), one usage row (error)', async () => {
    await emulator().script('openai', 'gpt-4o-mini', [{ intervalMs: 300 }]);
    const words = Array.from({ length: 200 }, (_, index) => `w${index}`).join(' ');
    const answer = await respond(worker.url, key, { model: 'openai/gpt-4o-mini', input: words, stream: true });
    expect(answer.status).toBe(200);
    const last = answer.events[answer.events.length - 1];
    expect(last).toMatchObject({
      type: 'response.failed',
      response: { status: 'failed', error: { code: 'svc_upstream_timeout', message: expect.stringContaining('maximum duration') } },
    });
    expect(answer.events.filter((event) => event.type === 'response.output_text.delta').length).toBeGreaterThan(0);
    const rows = await completedRows(answer.requestId);
    expect(rows).toEqual([expect.objectContaining({ status: 'error', error_code: 'svc_upstream_timeout', kind: 'responses' })]);
  });

  it('answers a plain 504 when a stream reaches it before anything was sent', async () => {
    await emulator().script('openai', 'gpt-4o-mini', [{ delayFirstChunkMs: 10_000 }]);
    const answer = await respond(worker.url, key, { model: 'openai/gpt-4o-mini', input: 'hello', stream: true });
    expect([answer.status, answer.body?.code, answer.body?.data?.phase, answer.body?.data?.limit_ms]).toEqual([
      504,
      'svc_upstream_timeout',
      'total',
      LIMIT_MS,
    ]);
    expect(await completedRows(answer.requestId)).toEqual([
      expect.objectContaining({ status: 'error', error_code: 'svc_upstream_timeout' }),
    ]);
  });
});

/** The opt-in response cache (docs/api-notes.md "Response cache") serves the Responses API as it serves chat. */
describe('the Responses API and the response cache', () => {
  const key = createKey(['llm.chat']);
  const lanes: Lane[] = ['direct', 'wordpress'];
  const openaiRequests = async () => (await emulator().requests()).filter((request) => request.provider === 'openai').length;
  const storedEntries = (count: number) =>
    eventually(
      async () =>
        Number((await queryStack('SELECT COUNT(*) AS n FROM {prefix}svc_cache_entries WHERE scope = ?', [`key:${key.id}`]))[0]!.n),
      (found) => found >= count,
    );

  beforeAll(async () => {
    hub('cache', 'set', 'key', key.id, '--ttl', '600');
    // Workers read policies every few seconds: wait until this key's calls are under it.
    const probe = () => respond(baseUrl('direct'), key, { model: 'openai/gpt-4o-mini', input: `probe ${randomUUID()}`, temperature: 0 });
    expect((await eventually(probe, (answer) => answer.cache !== null)).cache).toBe('miss');
    await storedEntries(1);
  });
  beforeEach(() => emulator().reset());

  it('answers a repeated temperature-0 response from the cache on both lanes: X-Svc-Cache hit, cost 0 and cache_hit on its usage row', async () => {
    const body = { model: 'openai/gpt-4o-mini', input: `cache me ${randomUUID()}`, temperature: 0 };
    const first = await respond(baseUrl('direct'), key, body);
    expect([first.status, first.cache]).toEqual([200, 'miss']);
    await storedEntries(2);
    for (const lane of lanes) {
      const hit = await respond(baseUrl(lane), key, body);
      expect([lane, hit.status, hit.cache]).toEqual([lane, 200, 'hit']);
      expect(hit.body.id).not.toBe(first.body.id);
      expect(hit.body.output[0].content[0].text).toBe(first.body.output[0].content[0].text);
      expect(hit.body.usage).toEqual(first.body.usage);
      expect(hit.body.router.cost.amount).toBe('0.00000000');
      const rows = await completedRows(hit.requestId);
      expect(rows).toEqual([
        expect.objectContaining({ status: 'ok', kind: 'responses', cache_hit: 1, cost: '0.00000000', model: 'openai/gpt-4o-mini' }),
      ]);
    }
    expect(await openaiRequests()).toBe(1);
    const missRows = await completedRows(first.requestId);
    expect(missRows).toEqual([expect.objectContaining({ status: 'ok', cache_hit: 0 })]);
    expect(Number(missRows[0]!.cost)).toBeGreaterThan(0);
  });

  it('replays a cached answer as Responses stream events, marked X-Svc-Cache: hit, at cost 0', async () => {
    const body = { model: 'openai/gpt-4o-mini', input: `stream me please ${randomUUID()}`, temperature: 0, stream: true };
    const textOf = (events: Array<Record<string, unknown>>) =>
      events.flatMap((event) => (event.type === 'response.output_text.delta' ? [event.delta] : [])).join('');
    const miss = await respond(baseUrl('direct'), key, body);
    expect([miss.status, miss.cache]).toEqual([200, 'miss']);
    await storedEntries(3);
    for (const lane of lanes) {
      const hit = await respond(baseUrl(lane), key, body);
      expect([lane, hit.status, hit.cache]).toEqual([lane, 200, 'hit']);
      expect(textOf(hit.events)).toBe(textOf(miss.events));
      const completed = hit.events[hit.events.length - 1]!;
      expect(completed).toMatchObject({
        type: 'response.completed',
        response: { status: 'completed', router: { cost: { amount: '0.00000000' } } },
      });
      expect(await completedRows(hit.requestId)).toEqual([
        expect.objectContaining({ status: 'ok', kind: 'responses', cache_hit: 1, cost: '0.00000000' }),
      ]);
    }
    expect(await openaiRequests()).toBe(1);
  });
});
