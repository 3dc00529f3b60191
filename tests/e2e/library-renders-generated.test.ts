import sharp from 'sharp';
import { admin, query, settledUsage, unlimitKey } from '../support/budgets';
import { eventually } from '../support/eventually';
import { createKey } from '../support/hub-cli';
import { baseUrl, bearer } from '../support/lanes';
import { LIBRARY, libraryAdmin, templatePack, token } from '../support/library-admin';
import { testFetch } from '../support/test-fetch';

/**
 * Generated layers (docs/library.md "Rendering", "Generated layers"): one render call from the
 * manifest's template to the final image, the layer drawn by mock/image through the router as
 * the caller — one usage row of kind images with their team and campaign; a repeat from the
 * cache costs nothing; a budget that cannot afford the layer refuses the render (429); a licence
 * without llm.images cannot have a layer generated (403).
 */
const TAG = token();
const SLUG = `${TAG}-generated`;

function generatedPack() {
  const pack = templatePack([{ slug: SLUG, tags: [TAG] }]) as { templates: Record<string, any>[] };
  const template = pack.templates[0]!;
  Object.assign(template, { type: 'custom', width: 400, height: 300 });
  template.definition.layers = [
    {
      id: 'hero',
      type: 'image',
      x: 0,
      y: 0,
      width: 400,
      height: 200,
      src: null,
      fit: 'cover',
      generate: { prompt: 'a poster of {{title}}', model: 'mock/image', quality: 'low' },
    },
    {
      id: 'title',
      type: 'text',
      x: 20,
      y: 220,
      width: 360,
      height: 60,
      text: 'Hello',
      style: { font_family: 'Inter', font_size: 40, color: '#111111' },
    },
  ];
  return pack;
}

async function render(key: string, body: unknown) {
  const response = await testFetch(`${baseUrl('wordpress')}${LIBRARY}/image-renders`, {
    method: 'POST',
    headers: { ...bearer(key), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  const json = (response.headers.get('content-type') ?? '').startsWith('application/json') ? JSON.parse(bytes.toString('utf8')) : undefined;
  return { status: response.status, headers: response.headers, bytes, body: json };
}

beforeAll(async () => {
  const imported = await libraryAdmin('direct', 'POST', '/import', generatedPack());
  expect([imported.status, imported.body?.data?.params]).toEqual([200, undefined]);
});

describe('generated layers (WordPress lane)', () => {
  it('draws the layer with mock/image as the caller: one usage row of kind images with their team and campaign; a repeat costs nothing', async () => {
    const key = createKey(['image.render', 'llm.images']);
    unlimitKey(key);
    const body = { template: SLUG, fields: { title: 'Lighthouse' }, metadata: { team: 'design', campaign: 'spring' } };
    const first = await render(key.key, body);
    expect([first.status, first.headers.get('content-type'), first.headers.get('x-render-cache')]).toEqual([200, 'image/png', 'miss']);
    const meta = await sharp(first.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([400, 300]);
    const [row] = await settledUsage(key.id, 1);
    expect(row).toMatchObject({ kind: 'images', status: 'ok', model: 'mock/image', team: 'design', campaign: 'spring' });
    const again = await render(key.key, body);
    expect([again.headers.get('x-render-cache'), again.bytes.equals(first.bytes)]).toEqual(['hit', true]);
    const other = await render(key.key, { ...body, fields: { title: 'Harbour' } });
    expect(other.bytes.equals(first.bytes)).toBe(false);
    expect((await settledUsage(key.id, 2)).length).toBe(2);
    const logged = await eventually(
      () => query('SELECT generated_layers, cache_hit FROM {prefix}renders WHERE key_id = ? ORDER BY id', [key.id]),
      (rows) => rows.length === 3,
    );
    expect(logged.map((entry) => [entry.generated_layers, entry.cache_hit])).toEqual([
      [1, 0],
      [0, 1],
      [1, 0],
    ]);
  });

  it("refuses the render with the router's 429 when a hard budget cannot afford the layer, and renders nothing", async () => {
    const key = createKey(['image.render', 'llm.images']);
    unlimitKey(key);
    const created = await admin('POST', '/budgets', {
      scope: { kind: 'key', value: key.id },
      period: 'month',
      amount: '0.001',
      hard: true,
    });
    expect(created.status).toBe(201);
    const refused = await render(key.key, { template: SLUG, fields: { title: 'Too dear' } });
    expect([refused.status, refused.body?.code]).toEqual([429, 'svc_budget_exceeded']);
    const logged = await eventually(
      () => query('SELECT status, error_code, bytes FROM {prefix}renders WHERE key_id = ?', [key.id]),
      (rows) => rows.length === 1,
    );
    expect(logged.map((entry) => [entry.status, entry.error_code, entry.bytes])).toEqual([['refused', 'svc_budget_exceeded', 0]]);
  });

  it('refuses a generated layer to a licence with image.render but not llm.images (403), with nothing drawn or charged', async () => {
    const key = createKey(['image.render']);
    unlimitKey(key);
    const refused = await render(key.key, { template: SLUG, fields: { title: 'Not licensed' } });
    expect([refused.status, refused.body?.code]).toEqual([403, 'svc_no_entitlement']);
    const logged = await eventually(
      () => query('SELECT status, error_code FROM {prefix}renders WHERE key_id = ?', [key.id]),
      (rows) => rows.length === 1,
    );
    expect(logged.map((entry) => [entry.status, entry.error_code])).toEqual([['refused', 'svc_no_entitlement']]);
    expect(await query('SELECT id FROM {prefix}usage WHERE key_id = ?', [key.id])).toEqual([]);
  });
});
