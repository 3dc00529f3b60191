import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnvFile, stack } from './stack';
import { testFetch } from './test-fetch';

/** A logged-in wp-admin session: cookies plus the REST nonce, as the admin screen would have. */
export interface WordPressSession {
  headers: Record<string, string>;
}

function cookiesFrom(response: Response, jar: Map<string, string>): void {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const [name, value] = pair!.split('=');
    if (name && value !== undefined && value !== 'deleted') jar.set(name.trim(), value);
  }
}

const cookieHeader = (jar: Map<string, string>) => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

export async function logIn(user = 'admin', password?: string): Promise<WordPressSession> {
  const info = stack();
  const secret = password ?? parseEnvFile(readFileSync(join(info.dir, 'secrets.env'), 'utf8')).WP_ADMIN_PASSWORD!;
  const jar = new Map<string, string>([['wordpress_test_cookie', 'WP%20Cookie%20check']]);
  const login = await testFetch(`${info.wordpressUrl}/wp-login.php`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: cookieHeader(jar) },
    body: new URLSearchParams({ log: user, pwd: secret, 'wp-submit': 'Log In', testcookie: '1' }).toString(),
  });
  cookiesFrom(login, jar);
  if (login.status !== 302) throw new Error(`wp-login.php answered ${login.status}, expected a redirect after login.`);
  const nonce = await testFetch(`${info.wordpressUrl}/wp-admin/admin-ajax.php?action=rest-nonce`, {
    headers: { Cookie: cookieHeader(jar) },
  });
  const value = (await nonce.text()).trim();
  if (!/^[0-9a-f]{10}$/.test(value)) throw new Error(`No REST nonce for ${user} (got "${value.slice(0, 40)}").`);
  return { headers: { Cookie: cookieHeader(jar), 'X-WP-Nonce': value } };
}
