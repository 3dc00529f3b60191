import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { query, unlimitKey } from '../support/budgets';
import { eventually } from '../support/eventually';
import { createKey } from '../support/hub-cli';
import { baseUrl, bearer, call, LANES, type Lane } from '../support/lanes';
import { LIBRARY, libraryAdmin, svg, templatePack, token } from '../support/library-admin';
import { testFetch } from '../support/test-fetch';

/**
 * Rendering library templates (docs/library.md "Rendering", docs/architecture.md §13):
 * POST /svc/v1/image-renders on both lanes — a starter template with and without fields, each
 * format, the size rule, the client's version, the feature gate, the cache, image fields (data:
 * URLs, SVG sanitised, private addresses refused), every invalid field named, url answers and
 * the render log.
 */
const RENDERS = `${LIBRARY}/image-renders`;
const PNG_PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const TAG = token();
const SLUG = `${TAG}-fields`;

/** A PNG whose header claims `side`×`side` pixels over a few bytes of data: a decompression bomb. */
function bombPng(side: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.alloc(1024))), chunk('IEND', Buffer.alloc(0))]);
}

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/** A small template declaring one field of each type. */
function fieldsPack() {
  const pack = templatePack([{ slug: SLUG, tags: [TAG] }]) as { templates: Record<string, any>[] };
  const template = pack.templates[0]!;
  Object.assign(template, { type: 'custom', width: 400, height: 300 });
  template.definition.layers = [
    {
      id: 'title',
      type: 'text',
      x: 20,
      y: 20,
      width: 360,
      height: 60,
      text: 'Hello',
      style: { font_family: 'Inter', font_size: 40, color: '#111111' },
    },
    { id: 'photo', type: 'image', x: 20, y: 100, width: 160, height: 160, src: null, fit: 'cover' },
    { id: 'badge', type: 'shape', x: 220, y: 100, width: 160, height: 160, shape: 'ellipse', style: { fill: '#ff0000' } },
  ];
  template.definition.fields = [
    { name: 'headline', type: 'text', max_length: 30, required: true, targets: [{ layer: 'title', property: 'text' }] },
    { name: 'accent', type: 'color', default: '#ff0000', targets: [{ layer: 'badge', property: 'style.fill' }] },
    {
      name: 'align',
      type: 'choice',
      choices: ['left', 'center', 'right'],
      default: 'left',
      targets: [{ layer: 'title', property: 'style.align' }],
    },
    { name: 'picture', type: 'image', targets: [{ layer: 'photo', property: 'src' }] },
  ];
  return pack;
}

async function render(lane: Lane, key: string, body: unknown) {
  const response = await testFetch(`${baseUrl(lane)}${RENDERS}`, {
    method: 'POST',
    headers: { ...bearer(key), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  const type = response.headers.get('content-type') ?? '';
  return {
    status: response.status,
    headers: response.headers,
    bytes,
    body: type.startsWith('application/json') ? JSON.parse(bytes.toString('utf8')) : undefined,
  };
}

const pngData = (bytes: Buffer | string) => `data:image/png;base64,${Buffer.isBuffer(bytes) ? bytes.toString('base64') : bytes}`;

beforeAll(async () => {
  const imported = await libraryAdmin('direct', 'POST', '/import', fieldsPack());
  expect([imported.status, imported.body?.data?.params]).toEqual([200, undefined]);
});

describe.each(LANES)('image renders via %s', (lane) => {
  const key = createKey(['image.render']);
  beforeAll(() => unlimitKey(key));

  it('renders a starter template with no fields as its PNG, with the template hash, and a repeat from the cache with the same bytes', async () => {
    const template = (await call(lane, `${LIBRARY}/image-templates/spring-sale-square`)).body;
    const width = lane === 'wordpress' ? 540 : 520;
    const first = await render(lane, key.key, {
      template: 'spring-sale-square',
      version: template.hash,
      width,
      metadata: { campaign: `c-${lane}` },
    });
    expect([first.status, first.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect(first.headers.get('x-template-hash')).toBe(template.hash);
    const meta = await sharp(first.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', width, width]);
    const again = await render(lane, key.key, { template: template.id, width, metadata: { campaign: `c-${lane}` } });
    expect([first.headers.get('x-render-cache'), again.headers.get('x-render-cache')]).toEqual(['miss', 'hit']);
    expect(again.bytes.equals(first.bytes)).toBe(true);
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    const rows = await eventually(
      () => query('SELECT * FROM {prefix}renders WHERE key_id = ? AND template_id = ? ORDER BY id', [key.id, template.id]),
      (found) => found.length >= 2,
    );
    expect(
      rows.slice(0, 2).map((row) => [row.cache_hit, row.status, row.format, row.width, row.height, row.campaign, row.site_url]),
    ).toEqual([
      [0, 'ok', 'png', width, width, `c-${lane}`, key.siteUrl],
      [1, 'ok', 'png', width, width, `c-${lane}`, key.siteUrl],
    ]);
  });

  it('renders a starter template with its implicit fields, and each format at the asked size', async () => {
    const template = (await call(lane, `${LIBRARY}/image-templates/spring-sale-square`)).body;
    const textField = template.fields.find((field: { type: string }) => field.type === 'text');
    const plain = await render(lane, key.key, { template: 'spring-sale-square', width: 300 });
    const filled = await render(lane, key.key, { template: 'spring-sale-square', width: 300, fields: { [textField.name]: 'Changed' } });
    expect(filled.status).toBe(200);
    expect(filled.bytes.equals(plain.bytes)).toBe(false);
    for (const [format, type, sharpFormat] of [
      ['png', 'image/png', 'png'],
      ['webp', 'image/webp', 'webp'],
      ['jpeg', 'image/jpeg', 'jpeg'],
      ['svg', 'image/svg+xml', 'svg'],
    ]) {
      const answer = await render(lane, key.key, { template: SLUG, format, height: 150, fields: { headline: `In ${format}` } });
      expect([format, answer.status, answer.headers.get('content-type')]).toEqual([format, 200, type]);
      const meta = await sharp(answer.bytes).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([sharpFormat, 200, 150]);
    }
  });

  it('fills declared fields: text, colour, choice and a data: URL image; an SVG image is sanitised as imports are', async () => {
    const base = await render(lane, key.key, { template: SLUG, fields: { headline: 'Base' } });
    const coloured = await render(lane, key.key, { template: SLUG, fields: { headline: 'Base', accent: '#00ff00', align: 'center' } });
    const withPicture = await render(lane, key.key, { template: SLUG, fields: { headline: 'Base', picture: pngData(PNG_PIXEL) } });
    expect([base.status, coloured.status, withPicture.status]).toEqual([200, 200, 200]);
    expect(new Set([base.bytes.toString('base64'), coloured.bytes.toString('base64'), withPicture.bytes.toString('base64')]).size).toBe(3);
    const hostile = svg('#123456', '<script>alert(1)</script><image href="https://evil.example/x.png" width="10" height="10"/>');
    const answer = await render(lane, key.key, {
      template: SLUG,
      format: 'svg',
      fields: { headline: 'Svg', picture: `data:image/svg+xml;base64,${Buffer.from(hostile).toString('base64')}` },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-security-policy')).toBe('sandbox');
    const text = answer.bytes.toString('utf8');
    expect(text).not.toMatch(/<script|evil\.example/i);
  });

  it('answers a short-lived URL the worker serves the same bytes at', async () => {
    const body = { template: SLUG, fields: { headline: `Url ${lane}` } };
    const answer = await render(lane, key.key, { ...body, response: 'url' });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      object: 'image_render',
      media_type: 'image/png',
      width: 400,
      height: 300,
      template: { slug: SLUG },
    });
    expect(Date.parse(answer.body.expires_at)).toBeGreaterThan(Date.now());
    const served = await testFetch(`${baseUrl(lane)}${new URL(answer.body.url).pathname}`);
    const bytes = Buffer.from(await served.arrayBuffer());
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect(bytes.equals((await render(lane, key.key, body)).bytes)).toBe(true);
  });

  it('refuses an outdated version with 409 naming version and the current hash', async () => {
    const template = (await call(lane, `${LIBRARY}/image-templates/${SLUG}`)).body;
    const stale = `sha256-${Buffer.alloc(32).toString('base64')}`;
    const answer = await render(lane, key.key, { template: SLUG, version: stale, fields: { headline: 'x' } });
    expect([answer.status, answer.body.code, answer.body.data.hash]).toEqual([409, 'svc_template_changed', template.hash]);
    expect(Object.keys(answer.body.data.params)).toEqual(['version']);
    expect((await render(lane, key.key, { template: SLUG, version: template.version, fields: { headline: 'x' } })).status).toBe(200);
  });

  it('refuses a key whose site lacks image.render with 403', async () => {
    const other = createKey(['llm.chat']);
    const answer = await render(lane, other.key, { template: 'spring-sale-square' });
    expect([answer.status, answer.body.code]).toEqual([403, 'svc_no_entitlement']);
  });

  const bomb = bombPng(60_000);
  it.each([
    ['an unknown field', { headline: 'x', nope: 'y' }, 'fields.nope'],
    ['a missing required field', {}, 'fields.headline'],
    ['a number for text', { headline: 42 }, 'fields.headline'],
    ['text over max_length', { headline: 'x'.repeat(31) }, 'fields.headline'],
    ['a control character', { headline: 'a\u0007b' }, 'fields.headline'],
    ['a malformed colour', { headline: 'x', accent: 'red' }, 'fields.accent'],
    ['a choice not declared', { headline: 'x', align: 'justify' }, 'fields.align'],
    ['a private address', { headline: 'x', picture: 'https://127.0.0.1/cat.png' }, 'fields.picture'],
    ['a link-local address', { headline: 'x', picture: 'https://169.254.169.254/latest/meta-data' }, 'fields.picture'],
    ['plain http', { headline: 'x', picture: 'http://example.com/cat.png' }, 'fields.picture'],
    [
      'a data: URL of HTML',
      { headline: 'x', picture: `data:text/html;base64,${Buffer.from('<b>x</b>').toString('base64')}` },
      'fields.picture',
    ],
    [
      'a data: URL whose bytes are not its type',
      { headline: 'x', picture: `data:image/png;base64,${Buffer.from('GIF89a-not-png').toString('base64')}` },
      'fields.picture',
    ],
    ['a decompression bomb', { headline: 'x', picture: pngData(bomb) }, 'fields.picture'],
    ['a nested object', { headline: { deep: ['x'] } }, 'fields.headline'],
  ])('refuses %s with 400 naming the field, nothing rendered', async (_name, fields, field) => {
    const answer = await render(lane, key.key, { template: SLUG, fields });
    expect([answer.status, answer.body.code]).toEqual([400, 'svc_invalid_request']);
    expect(Object.keys(answer.body.data.params)).toEqual([field]);
  });

  it.each([
    ['width 1e9', { width: 1e9 }, 'width'],
    ['a size of another aspect', { width: 400, height: 400 }, 'height'],
    ['an unknown format', { format: 'gif' }, 'format'],
    ['fields that are not an object', { fields: ['x'] }, 'fields'],
    ['10,000 fields', { fields: Object.fromEntries(Array.from({ length: 10_000 }, (_, index) => [`f${index}`, 'x'])) }, 'fields'],
    ['a version that is neither hash nor number', { version: { nested: [1] } }, 'version'],
  ])('refuses %s with 400 naming it', async (_name, extra, field) => {
    const answer = await render(lane, key.key, { template: SLUG, fields: { headline: 'x' }, ...extra });
    expect([answer.status, Object.keys(answer.body.data.params)]).toEqual([400, [field]]);
  });
});

describe('image renders under load (direct lane)', () => {
  const key = createKey(['image.render']);
  beforeAll(() => unlimitKey(key));

  it('refuses renders beyond the concurrency bound and its queue with 503 svc_busy and Retry-After, and renders the rest', async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        render('direct', key.key, { template: 'spring-sale-square', width: 1080, fields: { headline: `flood ${index}` } }),
      ),
    );
    const busy = answers.filter((answer) => answer.status === 503);
    const rendered = answers.filter((answer) => answer.status === 200);
    expect(busy.length).toBeGreaterThan(0);
    expect(rendered.length).toBeGreaterThanOrEqual(3);
    expect(busy.length + rendered.length).toBe(60);
    expect([busy[0]!.body.code, busy[0]!.headers.get('retry-after')]).toEqual(['svc_busy', '1']);
    const logged = await eventually(
      () => query('SELECT status, COUNT(*) AS n FROM {prefix}renders WHERE key_id = ? GROUP BY status ORDER BY status', [key.id]),
      (rows) => rows.reduce((sum, row) => sum + Number(row.n), 0) === 60,
    );
    expect(logged.map((row) => [row.status, Number(row.n)])).toEqual([
      ['busy', busy.length],
      ['ok', rendered.length],
    ]);
  });
});
