import { HubProxy } from '../support/hub-proxy';
import { connectClient, createClientKey } from '../support/client-key';
import { startClientSite, type ClientSite } from '../support/client-site';
import { call } from '../support/lanes';
import { LIBRARY, libraryAdmin, templatePack, token } from '../support/library-admin';
import { stack } from '../support/stack';

/**
 * svc-client mirrors the hub's image library into the client site's uploads folder: the first
 * run fetches every item, an unchanged library costs one 304, a changed item is the only one
 * fetched, a tampered answer (rewritten by the proxy the client takes for its hub) is refused
 * and the old copy kept, an item deleted on the hub is removed. The client's own routes serve
 * the copy to editors only.
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
    `$path = Svc_Client_Library_Folder::item_path( 'template', '${id}' ); return is_readable( $path ) ? json_decode( file_get_contents( $path ), true ) : null;`,
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
});
