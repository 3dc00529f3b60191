import type { Browser } from 'playwright-core';
import { MANIFEST_ROUTES } from '../e2e/route-manifest';
import { call } from '../support/lanes';
import { stack } from '../support/stack';
import { logIn } from '../support/wordpress-session';
import { launchBrowser, logInToAdmin, onPage } from './support/browser';
import { createUser } from './support/wordpress-users';

jest.setTimeout(180_000);

/**
 * Every admin route of the route manifest (written by the build from worker/src/http/routes/),
 * so a route added later is covered too; `:param` and `*rest` get sample values.
 */
function adminRoutes(): Array<{ method: string; path: string }> {
  const routes = MANIFEST_ROUTES.filter((route) => route.auth === 'admin').map((route) => ({
    method: route.method,
    path: route.path.replace(/:[a-z_]+/gi, 'x1').replace(/\*[a-z_]+/gi, 'openai/gpt-4o-mini'),
  }));
  if (routes.length < 20) throw new Error(`Only ${routes.length} admin routes in the route manifest`);
  return routes;
}

/** A user without manage_options: no menu, no screen, 403 from every admin route. */
describe('admin screen: a user without manage_options', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('gets no svc-hub menu and is refused the screen', async () => {
    const editor = createUser('editor');
    await onPage(browser, 'editor-no-menu', async (page) => {
      await logInToAdmin(page, editor.login, editor.password);
      await page.locator('#adminmenu #menu-posts').waitFor();
      expect(await page.locator('#adminmenu a[href*="page=svc-hub"]').count()).toBe(0);
      await page.goto(`${stack().wordpressUrl}/wp-admin/admin.php?page=svc-hub`);
      await page.getByText('Sorry, you are not allowed to access this page.').waitFor();
      expect(await page.locator('#svc-hub-admin-root').count()).toBe(0);
    });
  });

  it.each(['editor', 'subscriber'] as const)(
    'gets 403 svc_forbidden from every admin route as %s (with a valid cookie and REST nonce)',
    async (role) => {
      const user = createUser(role);
      const session = await logIn(user.login, user.password);
      for (const route of adminRoutes()) {
        const answer = await call('wordpress', route.path, {
          method: route.method,
          headers: {
            ...session.headers,
            ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { 'Content-Type': 'application/json' }),
          },
          body: route.method === 'GET' || route.method === 'DELETE' ? undefined : '{}',
        });
        expect({ route: `${route.method} ${route.path}`, status: answer.status, code: answer.body?.code }).toEqual({
          route: `${route.method} ${route.path}`,
          status: 403,
          code: 'svc_forbidden',
        });
      }
    },
  );
});
