import { createHash } from 'node:crypto';
import { call, LANES, type Lane } from '../support/lanes';
import { LIBRARY, libraryAdmin, svg, templatePack, token } from '../support/library-admin';
import { stack } from '../support/stack';

/** The image library's admin side on both lanes: imports (version, hash, ETag), sanitised SVG, archive/restore/delete, refused packs. */
const integrity = (bytes: ArrayBuffer | Buffer) =>
  `sha256-${createHash('sha256')
    .update(Buffer.from(bytes as ArrayBuffer))
    .digest('base64')}`;
const publicUrl = () => stack().workerEnv.SVC_PUBLIC_URL!;
const manifest = (lane: Lane, headers: Record<string, string> = {}) => call(lane, `${LIBRARY}/image-library/manifest`, { headers });

describe.each(LANES)('image library admin via %s', (lane: Lane) => {
  it('raises version, hash and ETag with an import, and leaves them when the same pack comes again', async () => {
    const before = await manifest(lane);
    const tag = token();
    const pack = templatePack([{ slug: `${tag}-new`, tags: [tag] }]);
    const imported = await libraryAdmin(lane, 'POST', '/import', pack);
    expect(imported.body).toMatchObject({ object: 'library_import', changed: true, version: before.body.version + 1, unchanged: 0 });
    expect(imported.body.created).toEqual([{ kind: 'template', id: expect.stringMatching(/^tpl_/), slug: `${tag}-new` }]);
    const after = await manifest(lane);
    expect(after.body.version).toBe(before.body.version + 1);
    expect(after.body.hash).not.toBe(before.body.hash);
    expect(after.headers.get('etag')).toBe(`"${after.body.hash}"`);
    expect((await manifest(lane, { 'If-None-Match': before.headers.get('etag')! })).status).toBe(200);
    const entry = after.body.items.templates.find((item: { slug: string }) => item.slug === `${tag}-new`);
    expect(entry).toMatchObject({ id: imported.body.created[0].id, version: 1 });

    const repeated = await libraryAdmin(lane, 'POST', '/import', pack);
    expect(repeated.body).toMatchObject({ changed: false, version: after.body.version, created: [], updated: [], unchanged: 1 });
    expect((await manifest(lane, { 'If-None-Match': after.headers.get('etag')! })).status).toBe(304);
  });

  it('stores an imported SVG without script, handlers or external references, and serves it sandboxed', async () => {
    const tag = token();
    const hostile = svg(
      '#123456',
      '<script>alert(1)</script><g onload="alert(2)" ONCLICK="x()"><use xlink:href="http://evil.example/a.svg#x" xmlns:xlink="http://www.w3.org/1999/xlink"/></g><foreignObject><iframe src="https://evil.example"/></foreignObject><rect style="fill:url(https://evil.example/p.png)"/>',
    );
    const imported = await libraryAdmin(lane, 'POST', '/import', templatePack([{ slug: `${tag}-svg`, preview: hostile }]));
    expect(imported.status).toBe(200);
    expect(imported.body.sanitised[0].removed).toEqual(
      expect.arrayContaining(['<script> element', 'onload on <g> (event handler)', '<foreignObject> element']),
    );
    const template = (await call(lane, `${LIBRARY}/image-templates/${tag}-svg`)).body;
    expect(template.preview_url).toMatch(new RegExp(`^${publicUrl()}/wp-json/svc/v1/image-library/files/[0-9a-f]{64}\\.svg$`));
    const path = new URL(template.preview_url).pathname;
    const file = await fetch(`${lane === 'wordpress' ? stack().wordpressUrl : stack().workerUrl}${path}`);
    const bytes = await file.arrayBuffer();
    const text = Buffer.from(bytes).toString('utf8');
    expect(file.status).toBe(200);
    expect(text).not.toMatch(/script|onload|onclick|evil|foreignObject|iframe/i);
    expect(text).toContain('<rect width="100" height="100" fill="#123456"/>');
    expect(integrity(bytes)).toBe(template.files['preview.svg'].hash);
    expect(file.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(file.headers.get('content-security-policy')).toBe('sandbox');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await call(lane, `${LIBRARY}/image-library/files/${'0'.repeat(64)}.svg`)).status).toBe(404);
    expect((await call(lane, `${LIBRARY}/image-library/files/..%2F..%2Fwp-config.php`)).status).toBe(404);
  });

  it('archives, restores and deletes items, each change raising the version', async () => {
    const tag = token();
    const id = (await libraryAdmin(lane, 'POST', '/import', templatePack([{ slug: `${tag}-life` }]))).body.created[0].id;
    const version = async () => (await manifest(lane)).body.version as number;
    const start = await version();

    const archived = await libraryAdmin(lane, 'POST', `/items/${id}/archive`);
    expect(archived.body).toMatchObject({ object: 'library_change', id, status: 'archived', library_version: start + 1 });
    expect((await call(lane, `${LIBRARY}/image-templates/${id}`)).status).toBe(404);
    expect((await manifest(lane)).body.items.templates.map((item: { id: string }) => item.id)).not.toContain(id);
    const exported = await libraryAdmin(lane, 'GET', '/export');
    expect(exported.body.templates.find((item: { slug: string }) => item.slug === `${tag}-life`)).toMatchObject({
      status: 'archived',
      preview: `previews/${tag}-life.svg`,
    });

    const restored = await libraryAdmin(lane, 'POST', `/items/${id}/restore`);
    expect(restored.body.library_version).toBe(start + 2);
    expect((await call(lane, `${LIBRARY}/image-templates/${id}`)).status).toBe(200);

    const deleted = await libraryAdmin(lane, 'DELETE', `/items/${id}`);
    expect(deleted.body).toMatchObject({ deleted: true, library_version: start + 3 });
    expect(await version()).toBe(start + 3);
    expect((await call(lane, `${LIBRARY}/image-templates/${id}`)).status).toBe(404);
    expect((await libraryAdmin(lane, 'DELETE', `/items/${id}`)).status).toBe(404);
    expect((await libraryAdmin(lane, 'POST', '/items/..%2Fetc/archive')).status).toBe(404);
  });

  it('refuses a bad pack whole, naming each problem, and changes nothing', async () => {
    const before = await manifest(lane);
    const tag = token();
    const pack = templatePack([{ slug: `${tag}-good` }, { slug: `${tag}-bad`, category: 'memes' }]);
    const refused = await libraryAdmin(lane, 'POST', '/import', pack);
    expect([refused.status, refused.body.code]).toEqual([400, 'svc_invalid_request']);
    expect(Object.keys(refused.body.data.params)).toEqual(['templates[1].category']);
    const broken = await libraryAdmin(lane, 'POST', '/import', { ...templatePack([{ slug: `${tag}-x`, preview: '<svg><g></svg>' }]) });
    expect(Object.keys(broken.body.data.params)).toEqual([`files["previews/${tag}-x.svg"]`]);
    expect((await call(lane, `${LIBRARY}/image-templates/${tag}-good`)).status).toBe(404);
    expect((await manifest(lane)).body.version).toBe(before.body.version);
  });
});

describe('image library admin routes', () => {
  it('refuses admin library routes without the shell signature or a WordPress administrator', async () => {
    const direct = await call('direct', '/wp-json/svc-hub/v1/admin/library/export');
    expect([direct.status, direct.body.code]).toEqual([401, 'svc_invalid_signature']);
    const anonymous = await call('wordpress', '/wp-json/svc-hub/v1/admin/library/import', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect([anonymous.status, anonymous.body.code]).toEqual([401, 'svc_forbidden']);
  });
});
