import { randomUUID } from 'node:crypto';
import { eventually } from '../support/database-query';
import { emulator } from '../support/emulator';
import { startExtraWorker, type ExtraWorker } from '../support/extra-worker';
import { createKey, hub } from '../support/hub-cli';
import { bearer, call } from '../support/lanes';
import { ROUTER, setPurpose } from '../support/router-client';
import { shellHeaders } from '../support/signed-request';
import { stack } from '../support/stack';

const ADMIN = '/wp-json/svc-hub/v1/admin';

/** An admin request as the shell would send it, straight to the worker. */
function admin(method: string, path: string, body?: unknown) {
  const text = body === undefined ? '' : JSON.stringify(body);
  return call('direct', ADMIN + path, {
    method,
    body: body === undefined ? undefined : text,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...shellHeaders({ method, path: ADMIN + path, body: text }),
    },
  });
}

/**
 * Provider key pools (docs/architecture.md §11, docs/api-notes.md "Provider key pools"). The emulator knows
 * one key per provider, so the pool's two deployments of `openai` differ by base URL and key:
 * `primary` is the emulator's OpenAI endpoint, `spare` its OpenAI-compatible one (logged as
 * provider `compat`) — which deployment a call reached is in the emulator's request log.
 */
describe('provider key pools', () => {
  const env = stack().workerEnv;
  const origin = new URL(env.OPENAI_BASE_URL!).origin;
  const key = createKey(['llm.chat']);
  const ask = (body: Record<string, unknown>) =>
    call('direct', `${ROUTER}/chat/completions`, {
      method: 'POST',
      headers: { ...bearer(key.key), 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  const askWorker = (url: string, body: Record<string, unknown>) =>
    fetch(`${url}${ROUTER}/chat/completions`, {
      method: 'POST',
      headers: { ...bearer(key.key), 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }).then(async (response) => ({ status: response.status, body: await response.json() }));
  const chat = { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'pooled hello' }] };
  const reached = async () => (await emulator().requests()).map((request) => request.provider);
  let extra: ExtraWorker | undefined;

  afterAll(async () => {
    await extra?.stop();
    await admin('PUT', '/providers/openai/pool', { deployments: [] });
  });

  it('keeps keys write-only and refuses a bad pool, storing nothing', async () => {
    const refused = await admin('PUT', '/providers/openai/pool', {
      deployments: [{ id: 'x', weight: 0 }, { id: 'x' }, { id: 'y', base_url: 'ftp://nope' }],
    });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.data.params)).toEqual(
      expect.arrayContaining(['deployments[0].weight', 'deployments[0].api_key', 'deployments[1].id', 'deployments[2].base_url']),
    );
    expect((await admin('GET', '/providers/openai/pool')).body.deployments).toEqual([]);
    expect((await admin('GET', '/providers/mock/pool')).status).toBe(404);
  });

  it('is managed one deployment at a time with the CLI, keys never printed', async () => {
    const secret = `sk-cli-${randomUUID()}`;
    const printed = hub('provider', 'pool', 'set', 'openrouter', 'first', '--api-key', secret, '--weight', '2');
    expect(printed.join('\n')).not.toContain(secret);
    expect(printed).toEqual([expect.stringMatching(new RegExp(`^openrouter\tfirst\tweight 2\t…${secret.slice(-4)}\t-\tready$`))]);
    hub('provider', 'pool', 'set', 'openrouter', 'second', '--api-key', `${secret}-2`);
    hub('provider', 'pool', 'set', 'openrouter', 'first', '--weight', '5'); // keeps its key: same base URL
    const pool = await admin('GET', '/providers/openrouter/pool');
    expect(
      pool.body.deployments.map((item: { id: string; weight: number; key_last4: string }) => [item.id, item.weight, item.key_last4]),
    ).toEqual([
      ['first', 5, secret.slice(-4)],
      ['second', 1, `${secret}-2`.slice(-4)],
    ]);
    expect(() => hub('provider', 'pool', 'set', 'openrouter', 'first', '--base-url', 'https://elsewhere.example/v1')).toThrow(
      /api_key is required when the base URL changes/,
    );
    hub('provider', 'pool', 'remove', 'openrouter', 'first');
    hub('provider', 'pool', 'remove', 'openrouter', 'second');
    expect(hub('provider', 'pool', 'list', 'openrouter')).toEqual(["openrouter: no pool (calls use the provider's own key)."]);
  });

  it('moves traffic off a deployment that answered 429, and a second worker sees the cool-down', async () => {
    const saved = await admin('PUT', '/providers/openai/pool', {
      deployments: [
        { id: 'primary', base_url: `${origin}/openai/v1`, api_key: env.OPENAI_API_KEY, weight: 1 },
        { id: 'spare', base_url: `${origin}/compat/v1`, api_key: env.SVC_COMPAT_API_KEY, weight: 1000 },
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.text).not.toContain(env.OPENAI_API_KEY!);
    expect(saved.body.deployments.map((item: { id: string; key_last4: string }) => [item.id, item.key_last4])).toEqual([
      ['primary', env.OPENAI_API_KEY!.slice(-4)],
      ['spare', env.SVC_COMPAT_API_KEY!.slice(-4)],
    ]);
    await emulator().reset();
    await emulator().script('compat', undefined, [{ status: 429 }]);
    // the worker reads pools every few seconds: call until the spare (weight 1000) was reached and answered 429
    await eventually(
      async () => {
        const answer = await ask(chat);
        expect(answer.status).toBe(200); // a 429 of the spare fails over to the primary within the same attempt
        return reached();
      },
      (providers) => providers.includes('compat'),
    );
    const log = await emulator().requests();
    expect(log.filter((request) => request.provider === 'compat').map((request) => request.status)).toEqual([429]);

    await emulator().reset();
    for (let index = 0; index < 5; index += 1) expect((await ask(chat)).status).toBe(200);
    expect(await reached()).toEqual(['openai', 'openai', 'openai', 'openai', 'openai']);
    const overview = await admin('GET', '/pools');
    const spare = overview.body.data
      .find((pool: { provider: string }) => pool.provider === 'openai')
      .deployments.find((item: { id: string }) => item.id === 'spare');
    expect(spare).toMatchObject({ upstream_status: 429, cooling_until: expect.any(String) });
    expect(new Date(spare.cooling_until).getTime()).toBeGreaterThan(Date.now());

    extra = await startExtraWorker();
    await emulator().reset();
    for (let index = 0; index < 5; index += 1) expect((await askWorker(extra.url, chat)).status).toBe(200);
    expect(await reached()).toEqual(['openai', 'openai', 'openai', 'openai', 'openai']); // without the shared cool-down, ~all would go to the spare
  });

  it('lets a purpose skip a model whose every deployment is cooling', async () => {
    const purpose = `pooled-${randomUUID().slice(0, 8)}`;
    await setPurpose(key.key, purpose, ['openai/gpt-4o-mini', 'mistral/mistral-large-latest']);
    await admin('PUT', '/providers/openai/pool', {
      deployments: [{ id: 'only', base_url: `${origin}/compat/v1`, api_key: env.SVC_COMPAT_API_KEY }],
    });
    await emulator().reset();
    await emulator().script('compat', undefined, [{ status: 429 }, { status: 429 }, { status: 429 }]);
    await eventually(
      async () => {
        await ask({ purpose, messages: chat.messages });
        return reached();
      },
      (providers) => providers.includes('compat'),
    );
    await emulator().reset();
    const answer = await ask({ purpose, messages: chat.messages });
    expect(answer.status).toBe(200);
    expect(answer.body.router.provider).toBe('mistral');
    expect(await reached()).toEqual(['mistral']);
  });
});
