import { call } from '../support/lanes';
import { hub } from '../support/hub-cli';
import { logIn, type WordPressSession } from '../support/wordpress-session';

const KEYS = '/wp-json/svc-hub/v1/admin/keys';

/** The admin namespace through WordPress: cookie + REST nonce + manage_options, forwarded signed. */
describe('admin namespace via WordPress', () => {
  let admin: WordPressSession;
  beforeAll(async () => {
    admin = await logIn();
  });

  it('refuses an anonymous visitor before anything reaches the worker', async () => {
    const answer = await call('wordpress', KEYS);
    expect([answer.status, answer.body?.code]).toEqual([401, 'svc_forbidden']);
  });

  it('refuses a logged-in cookie without the REST nonce', async () => {
    const answer = await call('wordpress', KEYS, { headers: { Cookie: admin.headers.Cookie! } });
    expect(answer.status).toBe(401);
  });

  it('lets an administrator create a key (shown once) and list it by prefix only', async () => {
    const created = await call('wordpress', KEYS, {
      method: 'POST',
      headers: { ...admin.headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ site_url: 'https://admin-made.example/', team: 'ops', name: 'from wp-admin' }),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ site_url: 'https://admin-made.example', team: 'ops', scope: 'client', status: 'active' });
    expect(created.body.key).toMatch(/^svc_live_/);

    const listed = await call('wordpress', `${KEYS}?per_page=100`, { headers: admin.headers });
    expect(listed.status).toBe(200);
    expect(listed.headers.get('x-wp-total')).toMatch(/^\d+$/);
    const row = listed.body.data.find((key: { id: string }) => key.id === created.body.id);
    expect(row.prefix).toBe(`${created.body.key.slice(0, 13)}…`);
    expect(listed.text).not.toContain(created.body.key);
    expect(listed.text).not.toContain(created.body.webhook_secret);
    expect(hub('key', 'list').some((line) => line.startsWith(created.body.id))).toBe(true);
  });

  it('rejects bad input naming each field, and creates nothing', async () => {
    const before = hub('key', 'list').length;
    const answer = await call('wordpress', KEYS, {
      method: 'POST',
      headers: { ...admin.headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ site_url: 'not a url', scope: 'root' }),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('svc_invalid_request');
    expect(Object.keys(answer.body.data.params).sort()).toEqual(['scope', 'site_url', 'team']);
    expect(hub('key', 'list').length).toBe(before);
  });

  it('validates per_page on lists', async () => {
    for (const perPage of ['0', '101', 'abc', '-1']) {
      const answer = await call('wordpress', `${KEYS}?per_page=${perPage}`, { headers: admin.headers });
      expect([answer.status, answer.body?.code]).toEqual([400, 'svc_invalid_request']);
    }
  });
});
