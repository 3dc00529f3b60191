import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { emulator, type LoggedRequest } from '../support/emulator';
import { createKey, hub } from '../support/hub-cli';
import { hubServices } from '../support/hub-services';
import { bearer, call, json, type Lane } from '../support/lanes';
import { shellHeaders } from '../support/signed-request';
import { stack } from '../support/stack';
import { logIn } from '../support/wordpress-session';

const ADMIN = '/wp-json/svc-hub/v1/admin';

/** An admin request: through WordPress with an administrator's cookie, or straight to the worker signed as the shell. */
async function admin(method: string, path: string, body?: unknown, lane: Lane = 'direct') {
  const text = body === undefined ? '' : JSON.stringify(body);
  const auth = lane === 'wordpress' ? (await logIn()).headers : shellHeaders({ method, path: ADMIN + path, body: text });
  return call(lane, ADMIN + path, {
    method,
    body: body === undefined ? undefined : text,
    headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...auth },
  });
}

const providerStatus = async (name: string) =>
  (await admin('GET', '/providers')).body.data.find((provider: { name: string }) => provider.name === name);

/** The operator CLI, exit code and stderr kept. */
function runHub(...args: string[]) {
  const info = stack();
  return spawnSync('node', [join(info.repoRoot, 'worker', 'dist', 'cli', 'hub.js'), ...args], {
    env: { PATH: process.env.PATH, SVC_ENV_FILE: join(info.dir, 'worker.env') },
    encoding: 'utf8',
  });
}

/** Every logged request that carried `secret` in any header. */
const carrying = (requests: LoggedRequest[], secret: string) =>
  requests.filter((request) => Object.values(request.headers).some((value) => value.includes(secret)));

/** Finding 4 of issue 11: an admin could send a stored provider key, or the worker's environment key, to any host. */
describe('provider keys go only to the host they were given for', () => {
  const environment = () => stack().workerEnv;
  const emulatorBase = (prefix: string) => `${stack().emulatorUrl}${prefix}`;

  beforeEach(async () => {
    await emulator().reset();
  });

  it('refuses a new base URL without the key again; test connection never carries the stored key to the new host', async () => {
    const storedKey = `sk-stored-${randomUUID()}`;
    const newHost = emulatorBase('/compat/v1');
    try {
      expect((await admin('PUT', '/providers/openai', { api_key: storedKey })).status).toBe(200);

      const moved = await admin('PUT', '/providers/openai', { base_url: newHost });
      expect([moved.status, moved.body.code, Object.keys(moved.body.data.params)]).toEqual([400, 'svc_invalid_request', ['api_key']]);
      expect(moved.body.data.params.api_key).toMatch(/^is required when the base URL changes: a stored key is never sent to another host/);
      expect(await providerStatus('openai')).toMatchObject({
        base_url: environment().OPENAI_BASE_URL,
        key_source: 'admin',
        key_last4: storedKey.slice(-4),
      });

      // Removing the stored key with the move: the environment key does not follow either.
      const cleared = await admin('PUT', '/providers/openai', { base_url: newHost, api_key: null });
      expect(cleared.body).toMatchObject({ configured: false, base_url: newHost, key_source: null, key_last4: null });
      const test = await admin('POST', '/providers/openai/test', {});
      expect(test.body).toMatchObject({ ok: false, error: { code: 'svc_provider_not_configured' } });

      // With the new host's own key, it works and carries that key.
      const compatKey = environment().SVC_COMPAT_API_KEY!;
      expect((await admin('PUT', '/providers/openai', { base_url: newHost, api_key: compatKey })).body).toMatchObject({
        configured: true,
        key_source: 'admin',
      });
      expect((await admin('POST', '/providers/openai/test', {})).body).toMatchObject({ ok: true });

      const requests = await emulator().requests();
      expect(carrying(requests, storedKey)).toEqual([]);
      expect(carrying(requests, environment().OPENAI_API_KEY!)).toEqual([]);
      expect(requests.map((request) => [request.path, request.headers.authorization])).toEqual([
        ['/compat/v1/chat/completions', `Bearer ${compatKey}`],
      ]);
    } finally {
      await admin('DELETE', '/providers/openai');
    }
  });

  it('never sends an environment key to a base URL the admin set', async () => {
    try {
      const mistral = await admin('PUT', '/providers/mistral', { base_url: emulatorBase('/compat/v1') });
      expect(mistral.body).toMatchObject({ configured: false, source: 'admin', key_source: null, key_last4: null });
      expect((await admin('POST', '/providers/mistral/test', {})).body).toMatchObject({
        ok: false,
        error: { code: 'svc_provider_not_configured' },
      });

      // compat needs no key: the call goes out, without the environment's key.
      const compat = await admin('PUT', '/providers/compat', { base_url: emulatorBase('/openai/v1') });
      expect(compat.body).toMatchObject({ configured: true, key_source: null, key_last4: null });
      const test = await admin('POST', '/providers/compat/test', { model: 'compat/gpt-4o-mini' });
      expect(test.body).toMatchObject({ ok: false, error: { code: 'svc_upstream_error', upstream_status: 401 } });

      const requests = await emulator().requests();
      expect(requests.map((request) => [request.path, request.headers.authorization])).toEqual([
        ['/openai/v1/chat/completions', undefined],
      ]);
      for (const secret of [environment().MISTRAL_API_KEY!, environment().SVC_COMPAT_API_KEY!])
        expect(carrying(requests, secret)).toEqual([]);
    } finally {
      await admin('DELETE', '/providers/mistral');
      await admin('DELETE', '/providers/compat');
    }
  });

  it.each<[Lane, string]>([
    ['direct', 'http://10.0.0.1/v1'],
    ['direct', 'http://169.254.169.254/latest'],
    ['wordpress', 'http://[::1]:8080/v1'],
    ['wordpress', 'http://127.0.0.1:1/v1'],
    ['direct', 'http://localhost:11435'],
    ['direct', 'http://0.0.0.0:8080/v1'],
  ])('%s lane: refuses the base URL %s at save (not public, not in SVC_OUTBOUND_ALLOW) and stores nothing', async (lane, url) => {
    const before = await providerStatus('openai');
    const answer = await admin('PUT', '/providers/openai', { base_url: url, api_key: `sk-new-${randomUUID()}` }, lane);
    expect([answer.status, answer.body.code, Object.keys(answer.body.data.params)]).toEqual([400, 'svc_invalid_request', ['base_url']]);
    expect(answer.body.data.params.base_url).toMatch(
      /^is refused: .* address; only public addresses are called unless SVC_OUTBOUND_ALLOW lists /,
    );
    expect(await providerStatus('openai')).toEqual(before);
  });

  it('refuses at call time a stored base URL the guard refuses (saved before the guard, or the allow list changed): nothing leaves', async () => {
    const services = hubServices();
    const unlisted = `http://localhost:${new URL(stack().emulatorUrl).port}/openai/v1`; // the emulator, by a name SVC_OUTBOUND_ALLOW does not list
    try {
      await services.router.providerStore.save('compat', { baseUrl: unlisted }); // straight into the table, past the save-time check
      expect((await admin('PUT', '/providers/compat', { enabled: true })).body).toMatchObject({ configured: true, base_url: unlisted });
      const test = await admin('POST', '/providers/compat/test', { model: 'compat/gpt-4o-mini' });
      expect(test.body).toMatchObject({
        ok: false,
        error: { code: 'svc_upstream_error', message: 'The model provider compat failed (outbound_refused).' },
      });
      const key = createKey(['llm.chat']);
      const chat = await call('direct', '/wp-json/llm/router/v1/chat', {
        ...json({ model: 'compat/gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
        headers: { ...bearer(key.key), 'Content-Type': 'application/json' },
      });
      expect([chat.status, chat.body.code, chat.body.data.upstream_code]).toEqual([502, 'svc_upstream_error', 'outbound_refused']);
      expect(await emulator().requests()).toEqual([]);
    } finally {
      await services.database.close();
      await admin('DELETE', '/providers/compat');
    }
  });

  it('the CLI asks for --api-key again with a new --base-url, and refuses a private base URL, changing nothing', async () => {
    const storedKey = `sk-cli-${randomUUID()}`;
    try {
      hub('provider', 'set', 'anthropic', '--api-key', storedKey);
      const moved = runHub('provider', 'set', 'anthropic', '--base-url', emulatorBase('/compat/v1'));
      expect([moved.status, moved.stderr.trim()]).toEqual([
        2,
        'error: --api-key is required with a new --base-url while a key is stored (a stored key is never sent to another host); give the key for the new base URL, or run `provider remove anthropic` first',
      ]);
      const privateUrl = runHub('provider', 'set', 'anthropic', '--api-key', 'sk-other-1234', '--base-url', 'http://192.168.1.10/v1');
      expect(privateUrl.status).toBe(2);
      expect(privateUrl.stderr).toMatch(
        /^error: --base-url is refused: 192\.168\.1\.10 resolves to 192\.168\.1\.10, a private \(192\.168\.0\.0\/16\) address; only public addresses are called unless SVC_OUTBOUND_ALLOW lists 192\.168\.1\.10:80\n$/,
      );
      const listed = hub('provider', 'list').find((line) => line.startsWith('anthropic\t'))!; // the CLI reads the database, no cache
      expect(listed.split('\t')).toEqual(['anthropic', 'configured', 'admin', `…${storedKey.slice(-4)}`, environment().ANTHROPIC_BASE_URL]);
    } finally {
      hub('provider', 'remove', 'anthropic');
    }
  });

  it("accepts Ollama's shipped local base URL, which is not an admin's choice of host", async () => {
    try {
      const answer = await admin('PUT', '/providers/ollama', { base_url: 'http://127.0.0.1:11434' });
      expect([answer.status, answer.body.base_url]).toEqual([200, 'http://127.0.0.1:11434']);
    } finally {
      await admin('DELETE', '/providers/ollama');
    }
  });
});
