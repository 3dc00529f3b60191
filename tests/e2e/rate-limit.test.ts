import { bearer, call } from '../support/lanes';
import { hub } from '../support/hub-cli';

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
    for (const lane of ['direct', 'wordpress', 'direct'] as const) statuses.push((await call(lane, models, { headers: bearer(key) })).status);
    expect(statuses).toEqual([200, 200, 200]);
    for (const lane of ['wordpress', 'direct'] as const) {
      const limited = await call(lane, models, { headers: bearer(key) });
      expect([limited.status, limited.body?.code]).toEqual([429, 'svc_rate_limited']);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    }
  });
});
