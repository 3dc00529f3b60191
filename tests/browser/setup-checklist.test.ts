import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { freePort } from '../support/free-port';
import { startFreshWordPress, type FreshWordPress } from '../support/fresh-wordpress';
import { stack } from '../support/stack';
import { stopProcessGroup, waitForHttp } from '../support/process-group';
import { launchBrowser, logInToAdmin, onPage, SCREENSHOT_DIR } from './support/browser';

jest.setTimeout(300_000);

/**
 * The setup checklist (docs/architecture.md "Setup checklist") on a fresh WordPress with the
 * plugin active and nothing configured: the Dashboard and Plugins screens show the blocking
 * items with their next steps; then a worker (mock provider only) and the two wp-config.php
 * lines — first with a wrong secret, its own red item — and "Check again": the svc-hub screen
 * shows nothing blocking and the notices are gone.
 */
describe('setup checklist: red on a fresh install, green once a worker and the mock provider are configured', () => {
  const workDir = mkdtempSync(join(tmpdir(), 'svc-setup-'));
  const secret = randomBytes(32).toString('hex');
  let browser: Browser;
  let site: FreshWordPress;
  let worker: ChildProcess | undefined;
  let workerUrl: string;

  beforeAll(async () => {
    const plugin = join(workDir, 'svc-hub'); // the folder name WordPress knows the plugin by
    symlinkSync(join(stack().repoRoot, 'plugin'), plugin);
    site = await startFreshWordPress(join(workDir, 'site'), undefined, { linkPlugins: [plugin], activatePlugins: ['svc-hub/svc-hub.php'] });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    if (worker?.pid) await stopProcessGroup(worker.pid, 10);
    await site?.stop();
    rmSync(workDir, { recursive: true, force: true });
  });

  /** Adds the shell's two lines to wp-config.php, as docs/deploy.md asks. */
  const configureShell = (shellSecret: string) => {
    const file = join(site.wordpressDir, 'wp-config.php');
    const lines = readFileSync(file, 'utf8')
      .split('\n')
      .filter((line) => !line.includes("'SVC_HUB_"));
    const at = lines.findIndex((line) => line.includes("defined( 'ABSPATH' )"));
    lines.splice(at, 0, `define( 'SVC_HUB_WORKER_URL', '${workerUrl}' );`, `define( 'SVC_HUB_SECRET', '${shellSecret}' );`);
    writeFileSync(file, lines.join('\n'));
  };

  const item = (page: Page, id: string, status: string) => page.locator(`.svc-hub-setup__item.is-${status}[data-item="${id}"]`);

  /** The svc-hub screen's Setup tab after "Check again" (the outcome is otherwise kept 60 s). */
  const checkAgain = async (page: Page) => {
    await page.goto(`${site.url}/wp-admin/admin.php?page=svc-hub#setup`);
    await Promise.all([page.waitForURL(/page=svc-hub/), page.getByRole('button', { name: 'Check again' }).click()]);
    await page.waitForSelector('.svc-hub-tabs .svc-hub-tab-setup.is-active');
  };

  it('before configuration: Plugins and Dashboard show the blocking items with their steps; the svc-hub screen opens on Setup', async () => {
    await onPage(browser, 'setup-checklist-red', async (page) => {
      await logInToAdmin(page, site.admin.login, site.admin.password, site.url);
      for (const screen of ['plugins.php', 'index.php']) {
        await page.goto(`${site.url}/wp-admin/${screen}`);
        const secretItem = page.locator('.notice.notice-error.svc-hub-setup-notice li[data-item="secret"]');
        await secretItem.waitFor();
        expect(await secretItem.textContent()).toContain("define( 'SVC_HUB_SECRET', '…' );");
        expect(await page.locator('.svc-hub-setup-notice li[data-item="direct_lane"]').count()).toBe(0); // advice never in the notice
        await page.screenshot({ path: join(SCREENSHOT_DIR, `setup-notice-${screen.replace('.php', '')}.png`) });
      }
      await page.goto(`${site.url}/wp-admin/admin.php?page=svc-hub`);
      await page.waitForSelector('.svc-hub-tabs .svc-hub-tab-setup.is-active');
      await item(page, 'secret', 'error').waitFor();
      await item(page, 'database', 'unknown').waitFor();
      await item(page, 'woocommerce', 'info').waitFor();
      expect(await page.locator('.svc-hub-setup__summary').textContent()).toContain('block the hub');
    });
  });

  it('a wrong secret is its own red item, naming where the right one is', async () => {
    const port = await freePort();
    workerUrl = `http://127.0.0.1:${port}`;
    const { database } = site;
    worker = spawn(process.execPath, [join(stack().repoRoot, 'worker', 'dist', 'main.js')], {
      env: {
        PATH: process.env.PATH,
        SVC_HUB_SECRET: secret,
        SVC_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
        SVC_DB_HOST: database.host,
        SVC_DB_PORT: String(database.port),
        SVC_DB_USER: database.user,
        SVC_DB_PASSWORD: database.password,
        SVC_DB_NAME: database.name,
        SVC_DB_PREFIX: 'wp_',
        SVC_PUBLIC_URL: site.url,
        SVC_WORKER_HOST: '127.0.0.1',
        SVC_WORKER_PORT: String(port),
        SVC_MOCK: 'on',
      },
      detached: true, // its own process group, stopped in afterAll
      stdio: 'ignore',
    });
    await waitForHttp(`${workerUrl}/wp-json/llm/router/v1/health`, worker.pid!, 60);
    configureShell(randomBytes(32).toString('hex'));
    await onPage(browser, 'setup-checklist-wrong-secret', async (page) => {
      await logInToAdmin(page, site.admin.login, site.admin.password, site.url);
      await checkAgain(page);
      await item(page, 'worker', 'ok').waitFor();
      expect(await item(page, 'signature', 'error').textContent()).toContain('grep SVC_HUB_SECRET /etc/svc-hub/worker.env');
    });
  });

  it('configured with a worker and the mock provider: all green or advice, the mock said as info, and the notices are gone', async () => {
    configureShell(secret);
    await onPage(browser, 'setup-checklist-green', async (page) => {
      await logInToAdmin(page, site.admin.login, site.admin.password, site.url);
      await checkAgain(page);
      for (const id of ['secret', 'worker', 'signature', 'version', 'database', 'outbound', 'cron']) await item(page, id, 'ok').waitFor();
      expect(await item(page, 'provider', 'info').textContent()).toContain('svc-hub-worker provider set openai');
      await item(page, 'direct_lane', 'warning').waitFor(); // php -S, no nginx: advice only
      expect(await page.locator('.svc-hub-setup__item.is-error').count()).toBe(0);
      expect(await page.locator('.svc-hub-setup__summary').textContent()).toContain('Ready');
      for (const screen of ['plugins.php', 'index.php']) {
        await page.goto(`${site.url}/wp-admin/${screen}`);
        await page.locator('#wpbody-content').waitFor();
        expect(await page.locator('.svc-hub-setup-notice').count()).toBe(0);
      }
      await page.goto(`${site.url}/wp-admin/admin.php?page=svc-hub`);
      await page.waitForSelector('.svc-hub-tabs .svc-hub-tab-overview.is-active'); // nothing blocks: the screen opens on the overview
      await page.locator('.svc-hub-tabs .svc-hub-tab-setup').click();
      await page.waitForSelector('.svc-hub-setup__summary');
    });
  });

  it('health says which lane answered: X-Svc-Lane direct from the worker, wordpress through the plugin', async () => {
    const direct = await fetch(`${workerUrl}/wp-json/llm/router/v1/health`);
    const throughWordPress = await fetch(`${site.url}/wp-json/llm/router/v1/health`);
    expect([direct.headers.get('x-svc-lane'), throughWordPress.headers.get('x-svc-lane')]).toEqual(['direct', 'wordpress']);
  });
});
