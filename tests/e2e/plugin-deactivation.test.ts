import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { startExtraWorker, type ExtraWorker } from '../support/extra-worker';
import { createKey, type TestKey } from '../support/hub-cli';
import { baseUrl, bearer, call, json, LANES } from '../support/lanes';
import { testFetch } from '../support/test-fetch';
import { logIn } from '../support/wordpress-session';
import { MESSAGES, ROUTER } from '../support/router-client';
import { stack } from '../support/stack';
import { usageRows } from '../support/usage-rows';
import { eventually } from '../support/eventually';

/**
 * Deactivate means off (docs/architecture.md §1, "Deactivate means off"; issue 28 item 4):
 * deactivated in WordPress, svc-hub serves nothing and bills nothing on either lane until it is
 * activated again. The plugin is switched with WordPress's own functions on the PHP CLI
 * (tests/support/plugin-lifecycle.php), so its hooks run as they do from wp-admin; every test
 * leaves it active.
 */
function plugin(command: 'activate' | 'deactivate'): void {
  const info = stack();
  execFileSync('php', [join(__dirname, '..', 'support', 'plugin-lifecycle.php'), join(info.dir, 'wordpress'), command], {
    env: { ...process.env, WP_HOST: new URL(info.wordpressUrl).host },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Request ids of the calls refused while the plugin was off: none may leave a usage row. */
const refusedIds: string[] = [];
/** A chat call to `base` (a lane's base URL or another worker's), with a request id of its own. */
async function chat(base: string, key: TestKey): Promise<{ status: number; headers: Headers; body: any }> {
  const requestId = randomUUID();
  const init = json({ model: 'openai/gpt-4o-mini', messages: MESSAGES });
  const response = await testFetch(`${base}${ROUTER}/chat/completions`, {
    ...init,
    headers: { ...init.headers, ...bearer(key.key), 'X-Request-Id': requestId },
  });
  const text = await response.text();
  if (response.status >= 400) refusedIds.push(requestId);
  return { status: response.status, headers: response.headers, body: text.startsWith('{') ? JSON.parse(text) : text };
}

describe('a deactivated plugin switches svc-hub off', () => {
  let key: TestKey;
  let other: ExtraWorker;

  beforeAll(async () => {
    key = createKey(['llm.chat']);
    // Another worker on the same database: the shell tells only its own, this one reads WordPress's record.
    other = await startExtraWorker();
  }, 60_000);

  afterAll(async () => {
    plugin('activate');
    await other?.stop();
  });

  it('answers 503 svc_hub_disabled on the direct lane at once, health included, and bills nothing', async () => {
    for (const lane of LANES) expect((await chat(baseUrl(lane), key)).status).toBe(200);
    plugin('deactivate');

    const direct = await chat(baseUrl('direct'), key);
    expect(direct.status).toBe(503);
    expect(direct.body).toMatchObject({ code: 'svc_hub_disabled', message: expect.stringContaining('Activate'), data: { status: 503 } });
    expect(direct.headers.get('x-should-retry')).toBe('false');
    const health = await call('direct', `${ROUTER}/health`);
    expect([health.status, health.body?.code]).toEqual([503, 'svc_hub_disabled']);
    const library = await call('direct', '/wp-json/svc/v1/templates');
    expect([library.status, library.body?.code]).toEqual([503, 'svc_hub_disabled']);

    // WordPress no longer loads the plugin: its must-use loader answers the same 503, and nothing reaches a worker.
    const wordpress = await chat(baseUrl('wordpress'), key);
    expect([wordpress.status, wordpress.body]).toEqual([503, direct.body]);
    expect(wordpress.headers.get('x-should-retry')).toBe('false');
    const wordpressHealth = await call('wordpress', `${ROUTER}/health`);
    expect([wordpressHealth.status, wordpressHealth.body?.code]).toEqual([503, 'svc_hub_disabled']);
    // Not the plugin's namespace: WordPress's own answer.
    expect((await call('wordpress', '/wp-json/wp/v2/types/post')).status).toBe(200);

    // The other worker learns it from WordPress's record within seconds (it serves, and bills, until then).
    expect(
      (
        await eventually(
          () => chat(other.url, key),
          (answer) => answer.status === 503,
        )
      ).status,
    ).toBe(503);

    await new Promise((resolve) => setTimeout(resolve, 500)); // usage rows are batched every 200 ms
    expect(refusedIds.length).toBeGreaterThanOrEqual(3);
    expect(await usageRows(refusedIds)).toEqual([]);
  }, 30_000);

  it('serves again once the plugin is activated, on both lanes and on every worker', async () => {
    plugin('activate');
    for (const lane of LANES) expect((await chat(baseUrl(lane), key)).status).toBe(200);
    expect((await call('direct', `${ROUTER}/health`)).status).toBe(200);
    expect(
      (
        await eventually(
          () => chat(other.url, key),
          (answer) => answer.status === 200,
        )
      ).status,
    ).toBe(200);
  }, 30_000);
});

describe('keeping the data on uninstall', () => {
  const setting = 'svc_hub_keep_data_on_uninstall';
  const settings = async (body?: unknown) => {
    const session = await logIn();
    const init = body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) };
    const response = await testFetch(`${stack().wordpressUrl}/wp-json/wp/v2/settings`, {
      ...init,
      headers: { ...session.headers, 'Content-Type': 'application/json' },
    });
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  };

  afterAll(async () => {
    await settings({ [setting]: false });
  });

  it("is an administrator's setting in WordPress's settings API, off by default, and refuses a value that is not a boolean", async () => {
    expect((await settings()).body[setting]).toBe(false);
    const turnedOn = await settings({ [setting]: true });
    expect([turnedOn.status, turnedOn.body[setting]]).toEqual([200, true]);
    const refused = await settings({ [setting]: 'perhaps' });
    expect([refused.status, refused.body.code]).toEqual([400, 'rest_invalid_param']);
    expect((await settings()).body[setting]).toBe(true);
    const anonymous = await testFetch(`${stack().wordpressUrl}/wp-json/wp/v2/settings`);
    expect(anonymous.status).toBe(401);
  });
});
