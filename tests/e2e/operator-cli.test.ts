import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { createKey, hub } from '../support/hub-cli';
import { stack } from '../support/stack';

function runHub(...args: string[]) {
  const info = stack();
  return spawnSync('node', [join(info.repoRoot, 'worker', 'dist', 'cli', 'hub.js'), ...args], {
    env: { PATH: process.env.PATH, SVC_ENV_FILE: join(info.dir, 'worker.env') },
    encoding: 'utf8',
  });
}

/** The operator CLI (npm run hub): scriptable output, one-line reasons, nothing changed on bad input. */
describe('operator CLI', () => {
  it('prints the webhook secret, then the key alone on the last line', () => {
    const lines = hub('key', 'create', '--site', 'https://cli.example', '--team', 'ops', '--scope', 'admin', '--name', 'cli');
    expect(lines[lines.length - 2]).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(lines[lines.length - 1]).toMatch(/^svc_live_[A-Za-z0-9]{32}$/);
    expect(hub('key', 'list').join('\n')).not.toContain(lines[lines.length - 1]);
  });

  it.each([
    [['key', 'create', '--site', 'ftp://x', '--team', 't'], /site_url must be an absolute http\(s\) URL/],
    [['key', 'create', '--site', 'https://x.example'], /Missing --team/],
    [['key', 'create', '--site', 'https://x.example', '--team', 't', '--colour', 'red'], /Unknown option --colour/],
    [['key', 'revoke', 'key_NOPE'], /No API key has the id key_NOPE/],
    [['entitlement', 'grant', '--site', 'https://x.example', '--features', 'Bad Feature'], /features/],
    [['entitlement', 'set', '--site', 'https://x.example', '--status', 'paused', '--reason', 'r'], /status must be one of/],
    [['frobnicate'], /Unknown command "frobnicate". Run: svc-hub-worker help/],
  ])('refuses %p with a one-line reason and exit code 2', (args, reason) => {
    const before = hub('key', 'list').length;
    const result = runHub(...args);
    expect(result.status).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(reason);
    expect(hub('key', 'list').length).toBe(before);
  });

  it('answers an ambiguous entitlement change with a reason naming the fix', () => {
    const key = createKey(['llm.chat']);
    hub('entitlement', 'grant', '--site', key.siteUrl, '--features', 'module.seo');
    const result = runHub('entitlement', 'set', '--site', key.siteUrl, '--status', 'suspended', '--reason', 'test');
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/has 2 entitlements that can change; name one \(entitlement_id, or package_id\)/);
  });

  it('grants idempotently and records status changes', () => {
    const key = createKey(['llm.chat']);
    expect(hub('entitlement', 'grant', '--site', key.siteUrl, '--features', 'llm.chat')[0]).toMatch(/^Already granted/);
    expect(hub('entitlement', 'set', '--site', key.siteUrl, '--status', 'suspended', '--reason', 'audit')[0]).toMatch(/is suspended\.$/);
    expect(hub('entitlement', 'set', '--site', key.siteUrl, '--status', 'suspended', '--reason', 'audit')[0]).toMatch(/\(unchanged\)/);
    expect(hub('entitlement', 'list', '--site', key.siteUrl)[0]).toMatch(/\(manual\)\tsuspended\tllm\.chat\t/);
  });
});
