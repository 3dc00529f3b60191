import { createHash } from 'node:crypto';
import { HubProxy } from '../support/hub-proxy';
import { connectClient, createClientKey } from '../support/client-key';
import { startClientSite, type ClientSite } from '../support/client-site';
import { call } from '../support/lanes';
import { LIBRARY, libraryAdmin, templatePack, token } from '../support/library-admin';
import { stack } from '../support/stack';
import { testFetch } from '../support/test-fetch';

/**
 * svc-client mirrors the hub's image library into the client site's uploads folder: the first
 * run fetches every item, an unchanged library costs one 304, a changed item is the only one
 * fetched, a tampered answer (rewritten by the proxy the client takes for its hub) is refused
 * and the old copy kept, an item deleted on the hub is removed. The client's own routes serve
 * the copy to editors only; the folder never serves it raw from the site's origin (the client
 * site runs on `php -S`, which ignores `.htaccess`, as nginx does), and a mirror in the old raw
 * layout is converted.
 */
jest.setTimeout(180_000);

let client: ClientSite;
let proxy: HubProxy;
let tamperedId = '';
beforeAll(async () => {
  client = await startClientSite();
  proxy = new HubProxy(stack().wordpressUrl);
  // Items name their files by the hub's public URL; through the proxy they name the proxy (file URLs are outside the hashes).
  proxy.rewrite = (path, body) => {
    if (!path.startsWith(`${LIBRARY}/image-`) || path.startsWith(`${LIBRARY}/image-library/`)) return body;
    const moved = body.split(stack().wordpressUrl).join(proxy.url);
    return tamperedId !== '' && path.includes(tamperedId) ? moved.replace(/"title":"[^"]*"/, '"title":"Tampered on the way"') : moved;
  };
  await proxy.start();
  await connectClient(client, createClientKey(client), proxy.url);
}, 120_000);
afterAll(async () => {
  await proxy?.stop();
  await client?.stop();
});

interface SyncResult {
  ok: boolean;
  detail: string;
  requests: number;
  fetched: number;
  removed: number;
  not_modified: boolean;
}
interface HeldItem {
  kind: string;
  slug: string;
  hash: string;
  files: string[];
}
const sync = () => client.php<SyncResult>('return Svc_Client_Library_Sync::run();');
const held = () => client.php<Record<string, HeldItem>>("return Svc_Client_Library_Folder::state()['items'];");
const localItem = (id: string) =>
  client.php<{ title: string } | null>(
    `$bytes = Svc_Client_Library_Folder::read( Svc_Client_Library_Folder::item_path( 'template', '${id}' ) ); return null === $bytes ? null : json_decode( $bytes, true );`,
  );
const manifestCount = async () => {
  const manifest = (await call('wordpress', `${LIBRARY}/image-library/manifest`)).body;
  return manifest.items.templates.length + manifest.items.samples.length + manifest.items.assets.length;
};
const importTemplate = async (slug: string, fill: string, title: string) => {
  const answer = await libraryAdmin('direct', 'POST', '/import', templatePack([{ slug, fill, title }]));
  expect(answer.status).toBe(200);
  return answer.body as { created: { id: string }[]; updated: { id: string }[] };
};

describe('svc-client library mirror', () => {
  const slug = `${token()}-mirror`;
  let id = '';

  it('first run fetches every item; an unchanged library is one 304', async () => {
    id = (await importTemplate(slug, '#111111', 'First')).created[0]!.id;
    const first = await sync();
    expect([first.ok, first.detail]).toEqual([true, expect.stringMatching(/^Version/)]);
    expect(first).toMatchObject({ not_modified: false, removed: 0 });
    const count = await manifestCount();
    expect(first.fetched).toBe(count);
    expect(Object.keys(await held())).toHaveLength(count);
    expect(await localItem(id)).toMatchObject({ title: 'First' });

    proxy.paths = [];
    const second = await sync();
    expect(second).toMatchObject({ ok: true, not_modified: true, fetched: 0, requests: 1 });
    expect(proxy.paths).toEqual([`${LIBRARY}/image-library/manifest`]);
  });

  it('a changed item is the only one fetched', async () => {
    expect((await importTemplate(slug, '#222222', 'Second')).updated.map((item) => item.id)).toEqual([id]);
    const before = await held();
    proxy.paths = [];
    const run = await sync();
    expect(run).toMatchObject({ ok: true, fetched: 1, removed: 0 });
    expect(proxy.paths.filter((path) => path.startsWith(`${LIBRARY}/image-templates/`))).toEqual([`${LIBRARY}/image-templates/${id}`]);
    expect(proxy.paths.filter((path) => path.includes('/image-library/files/'))).toHaveLength(1);
    const after = await held();
    expect(after[id]!.hash).not.toBe(before[id]!.hash);
    expect(await localItem(id)).toMatchObject({ title: 'Second' });
  });

  it('a tampered item is refused and its old copy kept; the next honest run takes it', async () => {
    const before = await held();
    await importTemplate(slug, '#333333', 'Third');
    tamperedId = id;
    const refused = await sync();
    expect(refused.ok).toBe(false);
    expect(refused.detail).toContain(id);
    expect(refused.detail).toMatch(/does not match its hash/);
    expect((await held())[id]).toEqual(before[id]);
    expect(await localItem(id)).toMatchObject({ title: 'Second' });
    expect((await client.php<{ outcome: string }[]>('return Svc_Client_Activity_Log::all();')).pop()).toMatchObject({
      kind: 'library',
      outcome: 'failed',
    });

    tamperedId = '';
    expect(await sync()).toMatchObject({ ok: true, fetched: 1 });
    expect(await localItem(id)).toMatchObject({ title: 'Third' });
  });

  it('an item deleted on the hub is removed from the copy', async () => {
    expect((await libraryAdmin('direct', 'DELETE', `/items/${id}`)).status).toBe(200);
    expect(await sync()).toMatchObject({ ok: true, fetched: 0, removed: 1 });
    expect((await held())[id]).toBeUndefined();
    expect(await localItem(id)).toBeNull();
  });

  it('serves the copy to editors through its own routes, and to nobody else', async () => {
    const [first] = Object.entries(await held()).filter(([, item]) => item.kind === 'template');
    const [itemId, item] = first!;
    const asEditor = (path: string) =>
      client.php<[number, any]>(
        `wp_set_current_user( 1 ); $answer = rest_do_request( new WP_REST_Request( 'GET', '${path}' ) ); return array( $answer->get_status(), $answer->get_data() );`,
      );
    const [listStatus, list] = await asEditor('/svc-client/v1/library');
    expect(listStatus).toBe(200);
    expect(JSON.stringify(list)).toContain(itemId);
    expect((await asEditor(`/svc-client/v1/library/items/${itemId}`))[0]).toBe(200);
    expect((await asEditor(`/svc-client/v1/library/items/tpl_${'0'.repeat(26)}`))[0]).toBe(404);
    const rest = `${client.url}/wp-json/svc-client/v1/library`;
    for (const path of ['', `/items/${itemId}`, `/files/${item.files[0]}.svg`]) {
      const answer = await fetch(rest + path);
      expect([path, answer.status]).toEqual([path, 401]);
    }
    for (const path of [
      '/items/..%2F..%2Fwp-config.php',
      '/files/..%2Fsvc-client-library.svg',
      '/items/tpl_%00',
      `/files/${'z'.repeat(64)}.svg`,
      '?kind=../../etc',
    ]) {
      const answer = await fetch(rest + path);
      expect([path, answer.status < 500]).toEqual([path, true]);
      expect(await answer.text()).not.toMatch(/Fatal|Warning|Stack trace/);
    }
    // The folder itself refuses the web.
    const direct = await fetch(`${client.url}/wp-content/uploads/svc-client-library/state.json`);
    expect(direct.status).not.toBe(200);
  });

  it('never serves a file raw from the origin; the PHP route serves it sandboxed, with its hash as ETag', async () => {
    const [, item] = Object.entries(await held()).find(([, entry]) => entry.files.length > 0)!;
    const hex = item.files[0]!;
    const editor = await logInToClient();
    const route = `${client.url}/wp-json/svc-client/v1/library/files/${hex}.svg`;
    const answer = await testFetch(route, { headers: editor });
    const svg = Buffer.from(await answer.arrayBuffer()).toString('utf8');
    expect(answer.status).toBe(200);
    expect(createHash('sha256').update(svg).digest('hex')).toBe(hex);
    expect(svg).toContain('<svg');
    const headers = ['content-type', 'content-security-policy', 'x-content-type-options', 'etag'].map((name) => [
      name,
      answer.headers.get(name),
    ]);
    expect(Object.fromEntries(headers)).toEqual({
      'content-type': 'image/svg+xml',
      'content-security-policy': 'sandbox',
      'x-content-type-options': 'nosniff',
      etag: `"${hex}"`,
    });
    const again = await testFetch(route, { headers: { ...editor, 'If-None-Match': `"${hex}"` } });
    expect([again.status, await again.text()]).toEqual([304, '']);

    // Straight from the folder: the old name, the stored one, the folders — neither the file, nor its name, nor an SVG type.
    const folder = `${client.url}/wp-content/uploads/svc-client-library`;
    for (const path of [`/files/${hex}.svg`, `/files/${hex}.php`, '/files/', '/']) {
      const direct = await testFetch(folder + path);
      const body = await direct.text();
      const served = { type: direct.headers.get('content-type') ?? '', file: body.includes(svg), named: body.includes(hex) };
      expect([path, served]).toEqual([path, { type: expect.not.stringContaining('svg'), file: false, named: false }]);
    }
  });

  it('converts a mirror kept raw by an older svc-client, and serves none of it raw', async () => {
    const [itemId, item] = Object.entries(await held()).find(([, entry]) => entry.kind === 'template' && entry.files.length > 0)!;
    const hex = item.files[0]!;
    // The old layout: raw bytes as .svg and .json, no marker of the stored form.
    const old = await client.php<{ kept: boolean; raw: boolean }>(
      `$folder = Svc_Client_Library_Folder::path();
       file_put_contents( $folder . '/files/${hex}.svg', Svc_Client_Library_Folder::read( Svc_Client_Library_Folder::file_path( '${hex}' ) ) );
       file_put_contents( $folder . '/templates/${itemId}.json', Svc_Client_Library_Folder::read( Svc_Client_Library_Folder::item_path( 'template', '${itemId}' ) ) );
       file_put_contents( $folder . '/files/${'f'.repeat(64)}.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>' );
       unlink( Svc_Client_Library_Folder::file_path( '${hex}' ) ); unlink( Svc_Client_Library_Folder::item_path( 'template', '${itemId}' ) ); unlink( $folder . '/.layout-2' );
       return array( 'kept' => Svc_Client_Library_Folder::holds_file( '${hex}' ), 'raw' => is_file( $folder . '/files/${hex}.svg' ) );`,
    );
    expect(old).toEqual({ kept: false, raw: true });
    expect((await fetch(`${client.url}/wp-content/uploads/svc-client-library/files/${hex}.svg`)).status).toBe(200);

    // The next request that uses the folder converts it: every file in the stored form, the raw ones (and one not matching its hash) gone.
    const after = await client.php<{ kept: boolean; raw: string[]; title: string }>(
      `$folder = Svc_Client_Library_Folder::path();
       return array( 'kept' => Svc_Client_Library_Folder::holds_file( '${hex}' ), 'raw' => array_map( 'basename', array_merge( glob( $folder . '/*/*.svg' ), glob( $folder . '/*/*.json' ) ) ),
         'title' => json_decode( Svc_Client_Library_Folder::read( Svc_Client_Library_Folder::item_path( 'template', '${itemId}' ) ) )->title );`,
    );
    expect(after).toEqual({ kept: true, raw: [], title: expect.any(String) });
    const direct = await fetch(`${client.url}/wp-content/uploads/svc-client-library/files/${hex}.svg`);
    expect([direct.status, await direct.text()]).not.toEqual([200, expect.stringContaining('<svg')]);
    expect(await sync()).toMatchObject({ ok: true, fetched: 0 });
  });
});

/** An editor's REST headers on the client site: wp-admin's cookies and REST nonce. */
async function logInToClient(): Promise<Record<string, string>> {
  const login = await testFetch(`${client.url}/wp-login.php`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: 'wordpress_test_cookie=WP%20Cookie%20check' },
    body: new URLSearchParams({ log: client.admin.login, pwd: client.admin.password, 'wp-submit': 'Log In', testcookie: '1' }).toString(),
  });
  expect(login.status).toBe(302);
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .join('; ');
  const nonce = await testFetch(`${client.url}/wp-admin/admin-ajax.php?action=rest-nonce`, { headers: { Cookie: cookie } });
  return { Cookie: cookie, 'X-WP-Nonce': (await nonce.text()).trim() };
}
