import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { createKey, hub, type TestKey } from '../support/hub-cli';
import { bearer, call, json } from '../support/lanes';
import { stack } from '../support/stack';
import { logIn, type WordPressSession } from '../support/wordpress-session';

/**
 * Manual entitlements after a revoke and a new grant (issue 29, item 17; docs/architecture.md §5):
 * a revoked row never counts toward "ambiguous", and every interface — PATCH /entitlement, the
 * admin route through WordPress, the CLI and the set-entitlement ability — accepts an
 * `entitlement_id` that addresses one row of the site directly; an unknown id, or another
 * site's, is 404 and changes nothing.
 */
type Answer = { status: number; code?: string };
type Change = { site_url: string; status: string; reason: string; entitlement_id?: string };

let session: WordPressSession;
const adminKey = createKey([], 'admin');
beforeAll(async () => {
  session = await logIn();
});

/** The CLI's one-line reasons, as the HTTP answers they stand for. */
const CLI_ANSWERS: [RegExp, Answer][] = [
  [/entitlement_id must/, { status: 400, code: 'svc_invalid_request' }],
  [/has no entitlement/, { status: 404, code: 'svc_not_found' }],
  [/entitlements that can change/, { status: 409, code: 'svc_ambiguous_entitlement' }],
];

function cli(change: Change): Answer {
  const id = change.entitlement_id === undefined ? [] : ['--entitlement-id', change.entitlement_id];
  const args = ['entitlement', 'set', '--site', change.site_url, ...id, '--status', change.status, '--reason', change.reason];
  const info = stack();
  const result = spawnSync('node', [join(info.repoRoot, 'worker', 'dist', 'cli', 'hub.js'), ...args], {
    env: { PATH: process.env.PATH, SVC_ENV_FILE: join(info.dir, 'worker.env') },
    encoding: 'utf8',
  });
  if (result.status === 0) return { status: 200 };
  return CLI_ANSWERS.find(([pattern]) => pattern.test(result.stderr))?.[1] ?? { status: -1, code: result.stderr.trim() };
}

const interfaces: [string, (change: Change) => Promise<Answer> | Answer][] = [
  [
    'PATCH /svc-license/v1/entitlement',
    async (change) => {
      const init = json(change);
      const answer = await call('direct', '/wp-json/svc-license/v1/entitlement', {
        ...init,
        method: 'PATCH',
        headers: { ...init.headers, ...bearer(adminKey.key) },
      });
      return { status: answer.status, code: answer.body.code };
    },
  ],
  [
    'the admin route through WordPress',
    async (change) => {
      const init = json(change);
      const answer = await call('wordpress', '/wp-json/svc-hub/v1/admin/entitlements/status', {
        ...init,
        headers: { ...init.headers, ...session.headers },
      });
      return { status: answer.status, code: answer.body.code };
    },
  ],
  ['the CLI', cli],
  [
    'the set-entitlement ability',
    async (change) => {
      const query = Object.entries(change)
        .map(([name, value]) => `input[${name}]=${encodeURIComponent(value)}`)
        .join('&');
      const answer = await call('wordpress', `/wp-json/wp-abilities/v1/abilities/svc-hub/set-entitlement/run?${query}`, {
        method: 'DELETE',
        headers: session.headers,
      });
      return { status: answer.status, code: answer.body.code };
    },
  ],
];

const rows = async (key: TestKey) =>
  (await call('direct', '/wp-json/svc-license/v1/entitlement', { headers: bearer(key.key) })).body.entitlements as {
    id: string;
    status: string;
    features: string[];
  }[];

describe.each(interfaces)('entitlements addressed through %s', (_name, change) => {
  it('ignores a revoked grant, addresses one grant by entitlement_id, and answers 404 for an unknown or foreign id', async () => {
    const key = createKey(['module.first']);
    const [first] = await rows(key);
    expect((await change({ site_url: key.siteUrl, status: 'revoked', reason: 'wrong features' })).status).toBe(200);
    hub('entitlement', 'grant', '--site', key.siteUrl, '--features', 'module.second');
    // The revoked row no longer counts: the site has one entitlement that can change.
    expect((await change({ site_url: key.siteUrl, status: 'suspended', reason: 'review' })).status).toBe(200);
    const second = (await rows(key)).find((row) => row.features[0] === 'module.second')!;
    expect(second.status).toBe('suspended');

    hub('entitlement', 'grant', '--site', key.siteUrl, '--features', 'module.third');
    expect(await change({ site_url: key.siteUrl, status: 'active', reason: 'back' })).toMatchObject({
      status: 409,
      code: 'svc_ambiguous_entitlement',
    });
    expect((await change({ site_url: key.siteUrl, entitlement_id: second.id, status: 'active', reason: 'back' })).status).toBe(200);
    const other = createKey(['module.other']);
    const [foreign] = await rows(other);
    for (const id of [foreign!.id, 'ent_01JZ0000000000000000000000']) {
      expect(await change({ site_url: key.siteUrl, entitlement_id: id, status: 'revoked', reason: 'x' })).toMatchObject({
        status: 404,
        code: 'svc_not_found',
      });
    }
    expect((await change({ site_url: key.siteUrl, entitlement_id: 'ent_nope', status: 'revoked', reason: 'x' })).status).toBe(400);
    expect((await rows(key)).map((row) => [row.id === first!.id, row.features[0], row.status])).toEqual([
      [true, 'module.first', 'revoked'],
      [false, 'module.second', 'active'],
      [false, 'module.third', 'active'],
    ]);
    expect((await rows(other))[0]!.status).toBe('active');
  });
});
