import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { stack } from '../../support/stack';

/** Debian's Chromium, driven by playwright-core (no browser download, ever). */
export const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Where every browser test leaves its screenshot (git-ignored). */
export const SCREENSHOT_DIR = join(__dirname, '..', '..', '..', 'test-output', 'browser');

/** WordPress's mobile breakpoint: the screen must work at this width. */
export const MOBILE_WIDTH = 782;

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
}

/**
 * Runs `steps` on a fresh page (its own cookies) and saves a full-page screenshot as
 * `<name>.png`, or `<name>-failed.png` before the failure is rethrown; a failed step fails the test.
 */
export async function onPage(browser: Browser, name: string, steps: (page: Page) => Promise<void>, width = 1280): Promise<void> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  try {
    await steps(page);
    if (errors.length > 0) throw new Error(`The page threw: ${errors.join(' | ')}`);
    await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
  } catch (error) {
    await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-failed.png`), fullPage: true }).catch(() => undefined);
    throw error;
  } finally {
    await context.close();
  }
}

/** Logs in through wp-login.php as a person would (on the e2e stack's site unless `siteUrl` names another). */
export async function logInToAdmin(page: Page, user: string, password: string, siteUrl = stack().wordpressUrl): Promise<void> {
  await page.goto(`${siteUrl}/wp-login.php`);
  // wp-login.php moves the focus to the user field 200 ms after load (wp_attempt_focus), which
  // can land the password there: fill until both fields hold what they should.
  for (let attempt = 0; ; attempt += 1) {
    await page.fill('#user_login', user);
    await page.fill('#user_pass', password);
    const filled = (await page.inputValue('#user_login')) === user && (await page.inputValue('#user_pass')) === password;
    if (filled) break;
    if (attempt === 5) throw new Error('wp-login.php kept losing what was typed into its fields');
    await page.waitForTimeout(250);
  }
  await Promise.all([page.waitForURL(/\/wp-admin\//), page.click('#wp-submit')]);
}

/** Opens the svc-hub screen on one panel and waits until the app has rendered it. */
export async function openPanel(page: Page, panel: string): Promise<void> {
  await page.goto(`${stack().wordpressUrl}/wp-admin/admin.php?page=svc-hub#${panel}`);
  await page.waitForSelector(`.svc-hub-tabs .svc-hub-tab-${panel}.is-active`);
}

/** The success or error notice that contains `text`. */
export function notice(page: Page, status: 'success' | 'error', text: string) {
  return page.locator(`.svc-hub-notices .svc-hub-notice-text.is-${status}`, { hasText: text });
}
