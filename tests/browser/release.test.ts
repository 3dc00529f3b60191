import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { freePort } from '../support/free-port';
import { stack } from '../support/stack';
import { launchBrowser, logInToAdmin, onPage } from './support/browser';
import { startFreshWordPress, type FreshWordPress } from '../support/fresh-wordpress';
import { startReleaseWorker, type ReleaseWorker } from './support/release-worker';

jest.setTimeout(600_000);

/** PHP problems our plugin caused (WordPress itself warns here that wordpress.org is out of reach). */
const PROBLEM = /PHP (Notice|Warning|Deprecated|Fatal error|Parse error|Recoverable fatal error)/;
const OURS = /plugins\/svc-hub|\bsvc-hub\b|svc_hub/;

/**
 * The release as a site admin installs it (docs/deploy.md): `npm run dist` builds the zip and
 * the tarball once; the zip is uploaded through Plugins → Add New → Upload Plugin into a fresh
 * WordPress 7.1 that has no svc-hub files, and the worker runs from the unpacked tarball the way
 * its systemd unit starts it, on a database and port of its own.
 */
describe('release: the plugin zip and the worker tarball, installed as a site admin does', () => {
  const workDir = mkdtempSync(join(tmpdir(), 'svc-release-'));
  const secret = randomBytes(32).toString('hex');
  let version: string;
  let zip: string;
  let tarball: string;
  let browser: Browser;
  let site: FreshWordPress | undefined;
  let worker: ReleaseWorker | undefined;
  let workerPort: number;

  beforeAll(async () => {
    const { repoRoot } = stack();
    version = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version;
    execFileSync('bash', [join(repoRoot, 'scripts', 'dist.sh'), join(workDir, 'dist')], {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, CI: 'true' },
    });
    zip = join(workDir, 'dist', `svc-hub-${version}.zip`);
    tarball = join(workDir, 'dist', `svc-hub-worker-${version}.tgz`);
    workerPort = await freePort();
    site = await startFreshWordPress(join(workDir, 'site'), { workerUrl: `http://127.0.0.1:${workerPort}`, secret });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    if (worker) await worker.stop().catch(() => undefined);
    await site?.stop();
    const problems =
      site && existsSync(site.debugLog)
        ? readFileSync(site.debugLog, 'utf8')
            .split('\n')
            .filter((line) => PROBLEM.test(line) && OURS.test(line))
        : [];
    rmSync(workDir, { recursive: true, force: true });
    expect(problems).toEqual([]);
  });

  const health = () => fetch(`${site!.url}/wp-json/llm/router/v1/health`);
  const pluginDir = () => join(site!.wordpressDir, 'wp-content', 'plugins', 'svc-hub');

  /** Plugins → Add New Plugin → Upload Plugin → the zip → Install Now. */
  async function uploadPlugin(page: Page): Promise<void> {
    await page.goto(`${site!.url}/wp-admin/plugins.php`);
    await Promise.all([page.waitForURL(/plugin-install\.php/), page.locator('.wrap .page-title-action').first().click()]);
    await page.locator('.upload-view-toggle').click();
    await page.setInputFiles('#pluginzip', zip);
    await Promise.all([page.waitForURL(/update\.php\?action=upload-plugin/), page.click('#install-plugin-submit')]);
  }

  it('builds the svc-client zip beside it: one top folder svc-client/, PHP and readme.txt only, no tests', () => {
    const clientZip = join(workDir, 'dist', `svc-client-${version}.zip`);
    const names = execFileSync('unzip', ['-Z1', clientZip], { encoding: 'utf8' }).trim().split('\n');
    expect(names).toEqual(
      expect.arrayContaining([
        'svc-client/svc-client.php',
        'svc-client/readme.txt',
        'svc-client/uninstall.php',
        'svc-client/includes/license/class-svc-client-receiver.php',
      ]),
    );
    expect(names.filter((name) => !name.startsWith('svc-client/'))).toEqual([]);
    expect(names.filter((name) => !name.endsWith('/') && !name.endsWith('.php') && name !== 'svc-client/readme.txt')).toEqual([]);
    expect(names.filter((name) => /(^|\/)tests?\/|\.test\./.test(name))).toEqual([]);
  });

  it('installs and activates the zip through Plugins → Add New → Upload Plugin', async () => {
    const plugin = pluginDir();
    expect(existsSync(plugin)).toBe(false);
    await onPage(browser, 'release-upload-plugin', async (page) => {
      await logInToAdmin(page, site!.admin.login, site!.admin.password, site!.url);
      await uploadPlugin(page);
      await page.getByText('Plugin installed successfully.').waitFor();
      await Promise.all([page.waitForURL(/plugins\.php/), page.getByRole('link', { name: 'Activate Plugin' }).click()]);
      await page.locator('tr.active[data-plugin="svc-hub/svc-hub.php"]').waitFor();
    });
    // A real folder unpacked from the zip, holding what ships and nothing else.
    expect(lstatSync(plugin).isDirectory()).toBe(true);
    expect(readdirSync(plugin).sort()).toEqual(['build', 'includes', 'library', 'readme.txt', 'svc-hub.php', 'uninstall.php']);
    expect(existsSync(join(plugin, 'build', 'index.js'))).toBe(true);
    expect(existsSync(join(plugin, 'build', 'routes.php'))).toBe(true); // the route manifest (npm run build)
    // Active, and the worker is not running yet: the plugin answers health itself.
    const answer = await health();
    expect(answer.status).toBe(503);
    expect(((await answer.json()) as { status: string }).status).toBe('down');
  });

  it('starts the worker from the tarball as its systemd unit does, and health answers "ok" through the uploaded plugin', async () => {
    const workerDir = join(workDir, 'worker');
    mkdirSync(workerDir);
    const { database } = site!;
    worker = await startReleaseWorker(tarball, workerDir, {
      SVC_HUB_SECRET: secret,
      SVC_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      SVC_DB_HOST: database.host,
      SVC_DB_PORT: String(database.port),
      SVC_DB_USER: database.user,
      SVC_DB_PASSWORD: database.password,
      SVC_DB_NAME: database.name,
      SVC_PUBLIC_URL: site!.url,
      SVC_WORKER_HOST: '127.0.0.1',
      SVC_WORKER_PORT: String(workerPort),
      OPENAI_API_KEY: 'sk-release-test',
      OPENAI_BASE_URL: `${stack().emulatorUrl}/openai/v1`,
    });
    // Production dependencies only.
    expect(existsSync(join(worker.root, 'node_modules', 'express'))).toBe(true);
    for (const development of ['typescript', 'jest', '@wordpress', 'playwright-core'])
      expect(existsSync(join(worker.root, 'node_modules', development))).toBe(false);
    const answer = await health();
    const body = (await answer.json()) as { status: string; version: string; checks: { database: { status: string } } };
    expect(answer.status).toBe(200);
    expect(body).toMatchObject({ status: 'ok', version, checks: { database: { status: 'ok' } } });
    // The admin screen shipped in the zip shows the same health.
    await onPage(browser, 'release-admin-screen', async (page) => {
      await logInToAdmin(page, site!.admin.login, site!.admin.password, site!.url);
      await page.goto(`${site!.url}/wp-admin/admin.php?page=svc-hub#overview`);
      await page.locator('.svc-hub-health [data-check="database"] .svc-hub-status', { hasText: 'ok' }).waitFor();
    });
  });

  it("runs the release's operator CLI on the worker's environment file; a key it creates is served through the uploaded plugin", async () => {
    const cli = (...args: string[]) =>
      execFileSync(join(worker!.root, 'bin', 'svc-hub-worker'), args, {
        env: { PATH: worker!.path, SVC_ENV_FILE: worker!.environmentFile },
        encoding: 'utf8',
      })
        .trimEnd()
        .split('\n');
    const client = 'https://client.example';
    const key = cli('key', 'create', '--site', client, '--team', 'release', '--name', 'release').at(-1)!;
    cli('entitlement', 'grant', '--site', client, '--features', 'llm.chat');
    const answer = await fetch(`${site!.url}/wp-json/llm/router/v1/models`, { headers: { Authorization: `Bearer ${key}` } });
    expect(answer.status).toBe(200);
    const models = ((await answer.json()) as { data: { id: string }[] }).data.map((model) => model.id);
    expect(models.some((id) => id.startsWith('openai/'))).toBe(true);
    const refused = await fetch(`${site!.url}/wp-json/llm/router/v1/models`, { headers: { Authorization: 'Bearer svc_live_wrong' } });
    expect(refused.status).toBe(401);
  });

  it('upgrades the plugin as docs/deploy.md says: the zip uploaded again replaces the installed folder, and it stays active', async () => {
    const leftover = join(pluginDir(), 'left-from-the-old-release.txt');
    writeFileSync(leftover, 'not in the zip');
    await onPage(browser, 'release-replace-plugin', async (page) => {
      await logInToAdmin(page, site!.admin.login, site!.admin.password, site!.url);
      await uploadPlugin(page);
      await Promise.all([
        page.waitForURL(/overwrite=update-plugin/),
        page.getByRole('link', { name: 'Replace current with uploaded' }).click(),
      ]);
      await page.getByText('Plugin updated successfully.').waitFor();
      await page.goto(`${site!.url}/wp-admin/plugins.php`);
      await page.locator('tr.active[data-plugin="svc-hub/svc-hub.php"]').waitFor();
    });
    expect(existsSync(leftover)).toBe(false);
    expect(readdirSync(pluginDir()).sort()).toEqual(['build', 'includes', 'library', 'readme.txt', 'svc-hub.php', 'uninstall.php']);
    const answer = await health();
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { status: string }).status).toBe('ok');
  });

  it('stops the worker gracefully on SIGTERM, as systemd stops it (exit 0); health then answers "down"', async () => {
    const code = await worker!.stop();
    worker = undefined;
    expect(code).toBe(0);
    const answer = await health();
    expect(answer.status).toBe(503);
  });
});
