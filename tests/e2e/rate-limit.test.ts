import { queryStack } from '../support/database-query';
import { startExtraWorker } from '../support/extra-worker';
import { bearer, call } from '../support/lanes';
import { createKey, hub } from '../support/hub-cli';
import { shellHeaders } from '../support/signed-request';
import { stack } from '../support/stack';

/** Per-key requests per minute, counted across lanes (and workers) through MySQL. */
describe('per-key rate limit', () => {
  it('answers 429 svc_rate_limited with Retry-After once the minute is used up', async () => {
    const site = `https://rate-${Date.now()}.example`;
    const lines = hub('key', 'create', '--site', site, '--team', 'rl', '--rate-limit', '3');
    hub('entitlement', 'grant', '--site', site, '--features', 'llm.chat');
    const key = lines[lines.length - 1]!;
    const models = '/wp-json/llm/router/v1/models';
    // Seconds left in this minute must cover the test, or the window could roll over mid-way.
    const secondsLeft = 60 - new Date().getUTCSeconds();
    if (secondsLeft < 5) await new Promise((resolve) => setTimeout(resolve, secondsLeft * 1000 + 200));
    const statuses = [];
    for (const lane of ['direct', 'wordpress', 'direct'] as const)
      statuses.push((await call(lane, models, { headers: bearer(key) })).status);
    expect(statuses).toEqual([200, 200, 200]);
    for (const lane of ['wordpress', 'direct'] as const) {
      const limited = await call(lane, models, { headers: bearer(key) });
      expect([limited.status, limited.body?.code]).toEqual([429, 'svc_rate_limited']);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    }
  });

  it('holds across two workers: one call on each, then 120 concurrent split over both — at most the limit (40) pass in all, counted in MySQL, the rest 429', async () => {
    const key = createKey(['llm.chat']);
    hub('key', 'rate-limit', key.id, '40');
    const second = await startExtraWorker();
    try {
      const secondsLeft = 60 - new Date().getUTCSeconds();
      if (secondsLeft < 15) await new Promise((resolve) => setTimeout(resolve, secondsLeft * 1000 + 200));
      const window = Math.floor(Date.now() / 60_000);
      const urls = [stack().workerUrl, second.url];
      // One call on each first: both know the key and hold quota claimed from MySQL when the
      // burst starts, so both admit some of it (a cold worker could otherwise see its share
      // claimed by the other before its first look-up returns — correct, but it proves less).
      for (const url of urls) expect((await fetch(`${url}/wp-json/llm/router/v1/models`, { headers: bearer(key.key) })).status).toBe(200);
      const answers = await Promise.all(
        Array.from({ length: 120 }, async (_, index) => {
          const response = await fetch(`${urls[index % 2]}/wp-json/llm/router/v1/models`, { headers: bearer(key.key) });
          const body = (await response.json()) as { code?: string };
          return { worker: index % 2, status: response.status, code: body.code, retryAfter: Number(response.headers.get('retry-after')) };
        }),
      );
      expect(Math.floor(Date.now() / 60_000)).toBe(window); // one clock minute, else the test proves nothing
      const admitted = answers.filter((answer) => answer.status === 200);
      const refused = answers.filter((answer) => answer.status === 429);
      expect(admitted.length + refused.length).toBe(120);
      expect(admitted.length + urls.length).toBeLessThanOrEqual(40);
      expect(admitted.length + urls.length).toBeGreaterThanOrEqual(30); // the limit is used, not merely undercut
      expect(new Set(admitted.map((answer) => answer.worker))).toEqual(new Set([0, 1])); // both workers admitted some
      expect(refused.every((answer) => answer.code === 'svc_rate_limited' && answer.retryAfter >= 1 && answer.retryAfter <= 60)).toBe(true);
      await second.stop(); // gives back what it holds
      const [row] = await queryStack('SELECT requests FROM {prefix}svc_rate_counters WHERE key_id = ? AND window_start = ?', [
        key.id,
        window,
      ]);
      expect(Number(row!.requests)).toBeGreaterThanOrEqual(admitted.length + urls.length);
      expect(Number(row!.requests)).toBeLessThanOrEqual(40);
    } finally {
      await second.stop();
    }
  }, 90_000); // it may wait up to 15 s for a fresh clock minute

  it('takes a new limit from the admin route and the CLI, refusing a bad one', async () => {
    const lines = hub('key', 'create', '--site', `https://rate-edit-${Date.now()}.example`, '--team', 'rl');
    const id = /(key_[0-9A-Z]{26})/.exec(lines[0]!)![1]!;
    const patch = async (body: unknown) => {
      const path = `/wp-json/svc-hub/v1/admin/keys/${id}`;
      const text = JSON.stringify(body);
      const response = await fetch(stack().workerUrl + path, {
        method: 'PATCH',
        body: text,
        headers: { 'Content-Type': 'application/json', ...shellHeaders({ method: 'PATCH', path, body: text }) },
      });
      return { status: response.status, body: (await response.json()) as any };
    };
    const bad = await patch({ rate_limit_per_minute: 0 });
    expect([bad.status, Object.keys(bad.body.data.params)]).toEqual([400, ['rate_limit_per_minute']]);
    const saved = await patch({ rate_limit_per_minute: 7 });
    expect([saved.status, saved.body.rate_limit_per_minute]).toEqual([200, 7]);
    expect(hub('key', 'rate-limit', id, '9')).toEqual([`${id} may make 9 requests per minute.`]);
    expect(
      hub('key', 'list')
        .find((line) => line.startsWith(id))!
        .split('\t')[6],
    ).toBe('9');
  });
});
