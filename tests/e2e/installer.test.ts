import { execFileSync, spawnSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import {
  existsSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFreshWordPress, type FreshWordPress } from '../support/fresh-wordpress';
import { freePort } from '../support/free-port';
import { prepareMachine, type InstallerMachine } from '../support/installer-machine';
import { waitForHttp } from '../support/process-group';
import { parseEnvFile, stack } from '../support/stack';
import { testFetch } from '../support/test-fetch';
import { eventually, WAIT_MS, waitUntil } from '../support/eventually';

jest.setTimeout(240_000);

/**
 * The worker tarball's installer (deploy/bin/svc-hub-install) as docs/deploy.md's quick path
 * runs it: non-interactive, into a fresh prefix laid out as Debian's nginx and php-fpm leave a
 * server (tests/support/installer-machine.ts), for a fresh WordPress with the plugin active.
 * The worker is started with the command the installer printed (no systemd here); chat then
 * goes through nginx on the direct lane and through php-fpm → the shell → the worker on the
 * WordPress lane; a second run changes nothing.
 */
describe('svc-hub-install: from the worker tarball to a first chat, twice', () => {
  const work = mkdtempSync(join(tmpdir(), 'svc-installer-'));
  const root = join(work, 'root');
  let release: string;
  let machine: InstallerMachine;
  let site: FreshWordPress;
  let siteUrl: string;
  let workerPort: number;
  let firstRun: string;
  let flags: string[];

  const install = (args: string[]) =>
    spawnSync(join(release, 'bin', 'svc-hub-install'), args, {
      encoding: 'utf8',
      env: { ...process.env, CI: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  const environment = () => parseEnvFile(readFileSync(join(root, 'etc', 'svc-hub', 'worker.env'), 'utf8'));
  const operator = (...args: string[]) =>
    execFileSync(join(root, 'usr', 'local', 'bin', 'svc-hub-worker'), args, {
      encoding: 'utf8',
      env: { PATH: process.env.PATH, SVC_ENV_FILE: join(root, 'etc', 'svc-hub', 'worker.env') },
    }).trim();

  beforeAll(async () => {
    const { repoRoot } = stack();
    execFileSync('bash', [join(repoRoot, 'scripts', 'dist-worker.sh'), 'test', join(work, 'build'), join(work, 'worker.tgz')], {
      stdio: 'ignore',
    });
    execFileSync('tar', ['-xzf', join(work, 'worker.tgz'), '-C', work]);
    release = join(work, 'svc-hub-worker-test');
    const port = await freePort();
    siteUrl = `http://127.0.0.1:${port}`;
    workerPort = await freePort();
    machine = prepareMachine(root, port);
    symlinkSync(join(repoRoot, 'plugin'), join(work, 'svc-hub')); // linked in by its folder's name
    site = await startFreshWordPress(join(work, 'site'), undefined, {
      linkPlugins: [join(work, 'svc-hub')],
      activatePlugins: ['svc-hub/svc-hub.php'],
    });
    await waitUntil(async () => existsSync(join(root, 'run', 'php', 'php8.2-fpm.sock')), 'php-fpm socket');
    flags = [
      '--prefix',
      root,
      '--site-url',
      siteUrl,
      '--wp-path',
      site.wordpressDir,
      '--user',
      'root',
      '--worker-port',
      String(workerPort),
    ];
    const result = install([...flags, '--disable-default-site', '--yes']);
    firstRun = result.stdout;
    if (result.status !== 0) throw new Error(`svc-hub-install failed (${result.status}): ${result.stdout}\n${result.stderr}`);
    await machine.startNginx(`${siteUrl}/wp-login.php`);
    const start = /^ {2}start: (.+)$/m.exec(firstRun)?.[1];
    if (!start) throw new Error(`the installer printed no start command:\n${firstRun}`);
    const log = join(work, 'worker.log');
    await waitForHttp(`http://127.0.0.1:${workerPort}/wp-json/llm/router/v1/health`, machine.startGroup(start, log), 60).catch((error) => {
      throw new Error(`${String(error)}\n${readFileSync(log, 'utf8').slice(-2000)}`);
    });
  });

  afterAll(async () => {
    await machine?.stop();
    await site?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('reports each step on one line, writes the environment file (mode 640) with fresh secrets it never prints, and the two wp-config.php lines', () => {
    expect(firstRun.split('\n').filter((line) => /^\[\d\/9\] /.test(line))).toHaveLength(9);
    const values = environment();
    expect(values.SVC_HUB_SECRET).toMatch(/^[0-9a-f]{64}$/);
    expect(Buffer.from(values.SVC_ENCRYPTION_KEY!, 'base64')).toHaveLength(32);
    expect(firstRun).not.toContain(values.SVC_HUB_SECRET);
    expect(firstRun).not.toContain(values.SVC_ENCRYPTION_KEY);
    expect(values).toMatchObject({
      SVC_DB_NAME: site.database.name,
      SVC_DB_PORT: String(site.database.port),
      SVC_PUBLIC_URL: siteUrl,
      SVC_TRUST_PROXY: 'loopback',
    });
    expect(statSync(join(root, 'etc', 'svc-hub', 'worker.env')).mode & 0o777).toBe(0o640);
    const config = readFileSync(join(site.wordpressDir, 'wp-config.php'), 'utf8');
    expect(config).toContain(`define( 'SVC_HUB_SECRET', '${values.SVC_HUB_SECRET}' );`);
    expect(config).toContain(`define( 'SVC_HUB_WORKER_URL', 'http://127.0.0.1:${workerPort}' );`);
    expect(readlinkSync(join(root, 'opt', 'svc-hub-worker'))).toBe(join(root, 'opt', `svc-hub-worker-${readVersion(release)}`));
    // Debian's default site on the same port: disabled as asked, its file kept.
    expect(existsSync(join(root, 'etc', 'nginx', 'sites-enabled', 'default'))).toBe(false);
    expect(existsSync(join(root, 'etc', 'nginx', 'sites-available', 'default'))).toBe(true);
  });

  it('serves a first chat with the mock provider on the direct lane through nginx, with a key from svc-hub-worker on PATH', async () => {
    operator('provider', 'set', 'mock', '--enabled', 'on');
    const key = operator('key', 'create', '--site', 'https://client.example', '--team', 'trial').split('\n').at(-1)!;
    operator('entitlement', 'grant', '--site', 'https://client.example', '--features', 'llm.chat');
    const chat = () =>
      testFetch(`${siteUrl}/wp-json/llm/router/v1/chat/completions`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ model: 'mock/echo', messages: [{ role: 'user', content: `hello ${randomUUID()}` }] }),
      });
    // The worker reads provider settings changed elsewhere within 3 s (router/settings/configured-providers.ts).
    const answer = await eventually(chat, (read) => read.status !== 400, WAIT_MS, 250);
    const body = (await answer.json()) as { choices?: { message: { content: string } }[] };
    expect(`${answer.status} ${answer.status === 200 ? '' : JSON.stringify(body)}`).toBe('200 ');
    expect(body.choices?.[0]?.message.content).toBeTruthy();
  });

  it('serves the WordPress lane through php-fpm: the host keeps its port, and the shell reaches the worker with the written secret', async () => {
    writeFileSync(join(site.wordpressDir, 'svc-host-probe.php'), "<?php echo $_SERVER['HTTP_HOST'];");
    expect(await (await testFetch(`${siteUrl}/svc-host-probe.php`)).text()).toBe(new URL(siteUrl).host);
    const session = await logInThrough(siteUrl, site.admin.password);
    const answer = await testFetch(`${siteUrl}/?rest_route=/svc-hub/v1/admin/providers/mock/test`, {
      method: 'POST',
      headers: { ...session, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect([answer.status, ((await answer.json()) as { ok?: boolean }).ok]).toEqual([200, true]);
  });

  it('changes nothing when run a second time: same files, same times, same secrets', () => {
    const before = snapshot([join(root, 'etc'), join(root, 'usr'), join(root, 'opt'), join(site.wordpressDir, 'wp-config.php')]);
    const result = install(flags);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('installed (0 changes)');
    expect(snapshot([join(root, 'etc'), join(root, 'usr'), join(root, 'opt'), join(site.wordpressDir, 'wp-config.php')])).toEqual(before);
  });

  it('names the missing flag instead of prompting when there is no terminal', () => {
    const result = install(['--prefix', join(work, 'empty'), '--site-url', siteUrl]);
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe('svc-hub-install: missing --wp-path (the WordPress folder, where wp-config.php is)');
    expect(existsSync(join(work, 'empty'))).toBe(false);
  });
});

function readVersion(release: string): string {
  return (JSON.parse(readFileSync(join(release, 'package.json'), 'utf8')) as { version: string }).version;
}

/** Every file and link under `paths` (not into node_modules): content hash, mode, mtime, link target. */
function snapshot(paths: string[]): Record<string, string> {
  const seen: Record<string, string> = {};
  const visit = (path: string) => {
    const info = lstatSync(path);
    if (info.isSymbolicLink()) seen[path] = `-> ${readlinkSync(path)}`;
    else if (info.isDirectory()) {
      seen[path] = `dir ${info.mode} ${info.uid}:${info.gid}`;
      if (!path.endsWith('node_modules')) for (const name of readdirSync(path)) visit(join(path, name));
    } else
      seen[path] = `${createHash('sha256').update(readFileSync(path)).digest('hex')} ${info.mode} ${info.uid}:${info.gid} ${info.mtimeMs}`;
  };
  for (const path of paths) visit(path);
  return seen;
}

/** A wp-admin session through nginx (cookies and the REST nonce), as the admin screen has. */
async function logInThrough(url: string, password: string): Promise<Record<string, string>> {
  const login = await testFetch(`${url}/wp-login.php`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: 'wordpress_test_cookie=WP%20Cookie%20check' },
    body: new URLSearchParams({ log: 'admin', pwd: password, 'wp-submit': 'Log In', testcookie: '1' }).toString(),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .join('; ');
  const nonce = (
    await (await testFetch(`${url}/wp-admin/admin-ajax.php?action=rest-nonce`, { headers: { Cookie: cookie } })).text()
  ).trim();
  return { Cookie: cookie, 'X-WP-Nonce': nonce };
}
