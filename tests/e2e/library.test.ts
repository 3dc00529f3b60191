import type { RowDataPacket } from 'mysql2/promise';
import { createHash } from 'node:crypto';
import { createDatabase } from '../../worker/src/db/connections';
import { manifestHash } from '../../worker/src/library/manifest';
import { call, LANES, type Lane } from '../support/lanes';
import { LIBRARY, libraryAdmin, templatePack, token } from '../support/library-admin';
import { stack } from '../support/stack';

/** The image template library of docs/architecture.md §6 on both lanes: lists, detail, samples, assets, manifest, starter previews (admin changes: library-admin.test.ts). */
const integrity = (bytes: ArrayBuffer | Buffer) =>
  `sha256-${createHash('sha256')
    .update(Buffer.from(bytes as ArrayBuffer))
    .digest('base64')}`;
const publicUrl = () => stack().workerEnv.SVC_PUBLIC_URL!;

async function manifest(lane: Lane, headers: Record<string, string> = {}) {
  return call(lane, `${LIBRARY}/image-library/manifest`, { headers });
}

describe.each(LANES)('image library via %s', (lane: Lane) => {
  it('lists the starter templates, 20 per page by default, each with a layer definition and an absolute preview URL', async () => {
    const answer = await call(lane, `${LIBRARY}/image-templates`);
    expect(answer.status).toBe(200);
    expect(answer.body.object).toBe('list');
    expect(answer.body.data).toHaveLength(20);
    expect(Number(answer.headers.get('x-wp-total'))).toBeGreaterThanOrEqual(28);
    expect(answer.headers.get('cache-control')).toBe('public, no-cache');
    for (const template of answer.body.data) {
      expect(template).toMatchObject({
        id: expect.stringMatching(/^tpl_[0-9A-Z]{26}$/),
        slug: expect.stringMatching(/^[a-z0-9-]+$/),
        width: expect.any(Number),
        height: expect.any(Number),
        format: expect.any(String),
        version: expect.any(Number),
        hash: expect.stringMatching(/^sha256-[A-Za-z0-9+/]{43}=$/),
        updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      });
      expect(template.definition.layers.length).toBeGreaterThan(0);
      expect(template.preview_url.startsWith(`${publicUrl()}/`)).toBe(true);
      expect(template.files['preview.svg'].url).toBe(template.preview_url);
    }
    const slugs = answer.body.data.map((template: { slug: string }) => template.slug);
    expect(slugs).toEqual([...slugs].sort());
  });

  it('paginates with X-WP-Total, X-WP-TotalPages and Link at the first, last and beyond the last page', async () => {
    const tag = token();
    const imported = await libraryAdmin(
      lane,
      'POST',
      '/import',
      templatePack([1, 2, 3, 4, 5].map((n) => ({ slug: `${tag}-${n}`, tags: [tag] }))),
    );
    expect(imported.status).toBe(200);
    const page = (n: number) => call(lane, `${LIBRARY}/image-templates?search=${tag}&per_page=2&page=${n}`);
    const link = (n: number, rel: string) =>
      `<${publicUrl()}/wp-json/svc/v1/image-templates?search=${tag}&per_page=2&page=${n}>; rel="${rel}"`;

    const first = await page(1);
    expect([first.status, first.headers.get('x-wp-total'), first.headers.get('x-wp-totalpages')]).toEqual([200, '5', '3']);
    expect(first.body.data.map((template: { slug: string }) => template.slug)).toEqual([`${tag}-1`, `${tag}-2`]);
    expect(first.headers.get('link')).toBe(link(2, 'next'));

    const middle = await page(2);
    expect(middle.headers.get('link')).toBe(`${link(1, 'prev')}, ${link(3, 'next')}`);

    const last = await page(3);
    expect(last.body.data.map((template: { slug: string }) => template.slug)).toEqual([`${tag}-5`]);
    expect([last.headers.get('x-wp-total'), last.headers.get('x-wp-totalpages'), last.headers.get('link')]).toEqual([
      '5',
      '3',
      link(2, 'prev'),
    ]);

    const beyond = await page(4);
    expect([beyond.status, beyond.body.data, beyond.headers.get('x-wp-total'), beyond.headers.get('x-wp-totalpages')]).toEqual([
      200,
      [],
      '5',
      '3',
    ]);
    expect(beyond.headers.get('link')).toBe(link(3, 'prev'));
  });

  it('filters by category and searches title, slug and tags literally', async () => {
    const quotes = await call(lane, `${LIBRARY}/image-templates?category=quote&per_page=100`);
    expect(quotes.status).toBe(200);
    expect(quotes.body.data.length).toBeGreaterThanOrEqual(4);
    expect(new Set(quotes.body.data.map((template: { category: string }) => template.category))).toEqual(new Set(['quote']));
    expect(Number(quotes.headers.get('x-wp-total'))).toBe(quotes.body.data.length);

    const sale = await call(lane, `${LIBRARY}/image-templates?search=SALE&per_page=100`);
    expect(sale.body.data.map((template: { slug: string }) => template.slug)).toEqual(
      expect.arrayContaining(['spring-sale-square', 'story-flash-sale']),
    );

    const tag = token();
    await libraryAdmin(
      lane,
      'POST',
      '/import',
      templatePack([
        { slug: `${tag}-pct`, title: `50% off_${tag}`, tags: [tag] },
        { slug: `${tag}-plain`, title: `Fifty off ${tag}`, tags: [tag] },
      ]),
    );
    const percent = await call(lane, `${LIBRARY}/image-templates?search=${encodeURIComponent(`0% off_${tag}`)}`);
    expect(percent.body.data.map((template: { slug: string }) => template.slug)).toEqual([`${tag}-pct`]);
    for (const wildcard of ['%', '_']) {
      const answer = await call(lane, `${LIBRARY}/image-templates?per_page=100&search=${encodeURIComponent(wildcard)}`);
      expect(answer.status).toBe(200);
      for (const template of answer.body.data)
        expect(`${template.title}${template.slug}${JSON.stringify(template.tags)}`).toContain(wildcard);
    }
  });

  it('answers a template by id and by slug, with its hash as ETag and 304 on If-None-Match', async () => {
    const listed = (await call(lane, `${LIBRARY}/image-templates?search=quote-serif-classic`)).body.data[0];
    const byId = await call(lane, `${LIBRARY}/image-templates/${listed.id}`);
    const bySlug = await call(lane, `${LIBRARY}/image-templates/quote-serif-classic`);
    expect([byId.status, bySlug.status]).toEqual([200, 200]);
    expect(byId.body).toEqual(listed);
    expect(bySlug.body).toEqual(listed);
    expect(byId.headers.get('etag')).toBe(`"${listed.hash}"`);
    const again = await call(lane, `${LIBRARY}/image-templates/${listed.id}`, { headers: { 'If-None-Match': `W/"${listed.hash}"` } });
    expect([again.status, again.text, again.headers.get('etag')]).toEqual([304, '', `"${listed.hash}"`]);
    const missing = await call(lane, `${LIBRARY}/image-templates/no-such-template`);
    expect([missing.status, missing.body.code]).toEqual([404, 'svc_not_found']);
  });

  it('answers samples and editor assets of every type, and 404 naming the types for any other', async () => {
    for (const [route, types] of [
      ['image-samples', ['photos', 'logos', 'texts', 'palettes']],
      ['image-editor-assets', ['shapes', 'icons', 'backgrounds', 'fonts']],
    ] as const) {
      for (const type of types) {
        const answer = await call(lane, `${LIBRARY}/${route}/${type}`);
        expect(answer.status).toBe(200);
        expect(answer.body.data.length).toBeGreaterThanOrEqual(4);
        for (const item of answer.body.data)
          expect(item).toMatchObject({ id: expect.stringMatching(/^(smp|ast)_/), type, hash: expect.stringMatching(/^sha256-/) });
      }
      const unknown = await call(lane, `${LIBRARY}/${route}/videos`);
      expect([unknown.status, unknown.body.code, unknown.body.data.allowed]).toEqual([404, 'svc_not_found', types]);
      expect(unknown.body.message).toContain(types.join(', '));
    }
    const fonts = await call(lane, `${LIBRARY}/image-editor-assets/fonts`);
    expect(fonts.body.data.find((font: { slug: string }) => font.slug === 'inter')).toMatchObject({
      data: { family: 'Inter', provider: 'google-fonts' },
      image_url: null,
      files: {},
    });
  });

  it('refuses hostile query values with 400 naming the allowed values, never clamping', async () => {
    for (const value of ['0', '-1', '101', 'abc', '1e3']) {
      const answer = await call(lane, `${LIBRARY}/image-templates?per_page=${value}`);
      expect([value, answer.status, answer.body.code, answer.body.data.params]).toEqual([
        value,
        400,
        'svc_invalid_request',
        { per_page: 'must be an integer from 1 to 100' },
      ]);
    }
    const page = await call(lane, `${LIBRARY}/image-templates?page=0`);
    expect([page.status, Object.keys(page.body.data.params)]).toEqual([400, ['page']]);
    const category = await call(lane, `${LIBRARY}/image-templates?category=memes`);
    expect([category.status, category.body.data.params.category]).toEqual([
      400,
      'must be one of social-post, story, banner, product-card, quote, event, announcement',
    ]);
    const long = await call(lane, `${LIBRARY}/image-templates?search=${'x'.repeat(101)}`);
    expect([long.status, Object.keys(long.body.data.params)]).toEqual([400, ['search']]);
  });

  it('never lets a path parameter reach a file or a query: hostile {type} and {id} are 404', async () => {
    // Dot segments: WordPress (pretty permalinks) and curl may resolve them before the worker sees
    // the path, so the 404 can be WordPress's own rest_no_route there; never a file, never a 500.
    for (const value of ['..%2F..%2Fwp-config', '%2e%2e', '..%2f..%2f..%2fetc%2fpasswd', '%2e%2e%2fwp-config.php']) {
      for (const route of ['image-samples', 'image-editor-assets', 'image-templates']) {
        const answer = await call(lane, `${LIBRARY}/${route}/${value}`);
        expect([route, value, answer.status]).toEqual([route, value, 404]);
        expect(lane === 'direct' ? ['svc_not_found'] : ['svc_not_found', 'rest_no_route']).toContain(answer.body.code);
        expect(answer.text).not.toMatch(/DB_PASSWORD|root:|<\?php/);
      }
    }
    // Anything else reaches the handler, which compares it with the fixed set and names it.
    for (const value of ['x'.repeat(3000), '%E2%9C%93%F0%9F%98%80', "photos'%20OR%20'1'%3D'1", 'PHOTOS', 'photos.json']) {
      const sample = await call(lane, `${LIBRARY}/image-samples/${value}`);
      expect([value.slice(0, 30), sample.status, sample.body.code, sample.body.data.allowed]).toEqual([
        value.slice(0, 30),
        404,
        'svc_not_found',
        ['photos', 'logos', 'texts', 'palettes'],
      ]);
      const asset = await call(lane, `${LIBRARY}/image-editor-assets/${value}`);
      expect([value.slice(0, 30), asset.status, asset.body.data.allowed]).toEqual([
        value.slice(0, 30),
        404,
        ['shapes', 'icons', 'backgrounds', 'fonts'],
      ]);
      const template = await call(lane, `${LIBRARY}/image-templates/${value}`);
      expect([value.slice(0, 30), template.status, template.body.code]).toEqual([value.slice(0, 30), 404, 'svc_not_found']);
    }
  });

  it('refuses a control character in {type} or {id} before any handler: 400 naming the path', async () => {
    for (const route of ['image-samples', 'image-editor-assets', 'image-templates']) {
      const answer = await call(lane, `${LIBRARY}/${route}/photos%00`);
      if (lane === 'direct') {
        expect([route, answer.status, answer.body.code, answer.body.data.params]).toEqual([
          route,
          400,
          'svc_invalid_request',
          { path: 'contains a control character' },
        ]);
      } else {
        // Through pretty permalinks WordPress changes the NUL before the plugin sees the route
        // (tests/e2e/trust-boundary.test.ts covers `?rest_route=`): refused all the same.
        expect([route, answer.status < 500, answer.body.code]).toEqual([
          route,
          true,
          expect.stringMatching(/^svc_(invalid_request|not_found)$/),
        ]);
      }
    }
  });

  it('takes SQL metacharacters in search as text: 200, no 500', async () => {
    for (const search of [
      "' OR 1=1 --",
      '"; DROP TABLE wp_svc_library_templates; --',
      '\\',
      '%_%',
      'ü🎉',
      ') UNION SELECT * FROM wp_users --',
    ]) {
      const answer = await call(lane, `${LIBRARY}/image-templates?search=${encodeURIComponent(search)}`);
      expect([search, answer.status, answer.body.data]).toEqual([search, 200, []]);
    }
    expect((await call(lane, `${LIBRARY}/image-templates`)).status).toBe(200);
  });

  it('serves the manifest with its hash as ETag, stable while nothing changes, and 304 for a matching If-None-Match', async () => {
    const first = await manifest(lane);
    expect(first.status).toBe(200);
    const body = first.body;
    expect(body).toMatchObject({ version: expect.any(Number), generated_at: expect.any(String), hash: expect.stringMatching(/^sha256-/) });
    expect(manifestHash(body)).toBe(body.hash);
    expect(body.counts).toEqual({
      templates: body.items.templates.length,
      samples: body.items.samples.length,
      assets: body.items.assets.length,
    });
    expect(first.headers.get('etag')).toBe(`"${body.hash}"`);
    expect(first.headers.get('cache-control')).toBe('public, no-cache');
    const second = await manifest(lane);
    expect([second.headers.get('etag'), second.text]).toEqual([first.headers.get('etag'), first.text]);

    const etag = first.headers.get('etag')!;
    for (const header of [etag, `W/${etag}`, `"nope", W/${etag}`, '*']) {
      const cached = await manifest(lane, { 'If-None-Match': header });
      expect([header, cached.status, cached.text]).toEqual([header, 304, '']);
      expect(cached.headers.get('etag')).toBe(etag);
      expect(cached.headers.get('cache-control')).toBe('public, no-cache');
    }
    const stale = await manifest(lane, { 'If-None-Match': '"sha256-stale"' });
    expect(stale.status).toBe(200);
  });

  it('serves the starter previews as static files from WordPress with a long cache lifetime', async () => {
    const template = (await call(lane, `${LIBRARY}/image-templates/spring-sale-square`)).body;
    expect(template.preview_url).toMatch(
      new RegExp(
        `^${stack().wordpressUrl}/wp-content/plugins/svc-hub/library/starter/previews/spring-sale-square\\.svg\\?ver=[0-9a-f]{12}$`,
      ),
    );
    const file = await fetch(template.preview_url);
    const bytes = await file.arrayBuffer();
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/svg+xml');
    expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(file.headers.get('content-security-policy')).toBe('sandbox');
    expect(integrity(bytes)).toBe(template.files['preview.svg'].hash);
  });
});

describe('image library on both lanes', () => {
  it('answers the same bytes through WordPress and straight from the worker', async () => {
    for (const path of [
      '/image-templates?per_page=3&page=2&category=event',
      '/image-templates/event-webinar',
      '/image-samples/palettes',
      '/image-editor-assets/icons',
      '/image-library/manifest',
    ]) {
      const [viaWordPress, direct] = await Promise.all([call('wordpress', `${LIBRARY}${path}`), call('direct', `${LIBRARY}${path}`)]);
      expect([path, viaWordPress.status, viaWordPress.text]).toEqual([path, 200, direct.text]);
      for (const header of ['etag', 'x-wp-total', 'x-wp-totalpages', 'cache-control'])
        expect([path, header, viaWordPress.headers.get(header)]).toEqual([path, header, direct.headers.get(header)]);
      // WordPress adds its own API discovery Link where the worker sends none.
      if (direct.headers.get('link')) expect(viaWordPress.headers.get('link')).toBe(direct.headers.get('link'));
    }
  });

  it('answers a 304 (and the manifest) from the state row alone, without reading the item tables', async () => {
    const env = stack().workerEnv;
    const database = createDatabase({
      host: env.SVC_DB_HOST!,
      port: Number(env.SVC_DB_PORT),
      user: env.SVC_DB_USER!,
      password: env.SVC_DB_PASSWORD ?? '',
      name: env.SVC_DB_NAME!,
      prefix: env.SVC_DB_PREFIX ?? 'wp_',
    });
    const tables = ['library_templates', 'library_samples', 'library_assets', 'library_files'];
    const current = await manifest('direct');
    const away = (name: string) => database.table(`${name}_away`);
    try {
      await database.pool.query(`RENAME TABLE ${tables.map((name) => `${database.table(name)} TO ${away(name)}`).join(', ')}`);
      const [rows] = await database.pool.query<RowDataPacket[]>('SHOW TABLES LIKE ?', [
        `${env.SVC_DB_PREFIX ?? 'wp_'}svc_library_templates`,
      ]);
      expect(rows).toHaveLength(0);
      for (const lane of LANES) {
        const cached = await manifest(lane, { 'If-None-Match': current.headers.get('etag')! });
        expect([lane, cached.status, cached.text]).toEqual([lane, 304, '']);
        const full = await manifest(lane);
        expect([lane, full.status, full.text]).toEqual([lane, 200, current.text]);
      }
    } finally {
      await database.pool.query(`RENAME TABLE ${tables.map((name) => `${away(name)} TO ${database.table(name)}`).join(', ')}`);
      await database.close();
    }
    expect((await call('direct', `${LIBRARY}/image-templates`)).status).toBe(200);
  });
});
