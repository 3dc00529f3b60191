import { randomBytes } from 'node:crypto';
import { admin, query } from '../support/budgets';
import { eventually } from '../support/eventually';
import { createKey } from '../support/hub-cli';
import { call } from '../support/lanes';

/**
 * The admin screen's reads of the render log and of image calls (docs/library.md "Rendering",
 * docs/api-notes.md "Images"): `GET admin/renders` (newest first, filtered, paginated),
 * `GET admin/renders/summary` (a period's totals) and `GET admin/usage/calls?kind=`. Rows are
 * written straight into the tables, in a year no other test writes to, so the totals are exact.
 */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const ulidLike = () => [...randomBytes(26)].map((byte) => CROCKFORD[byte % 32]).join('');
const TEMPLATE = `tpl_${ulidLike()}`;
const OTHER = `tpl_${ulidLike()}`;

async function logRender(template: string, at: string, fields: { cacheHit: boolean; status?: string; generated?: number }) {
  await query(
    `INSERT INTO {prefix}renders (request_id, key_id, site_url, team, campaign, template_id, template_hash, format, width, height,
      bytes, cache_hit, generated_layers, duration_ms, status, error_code, created_at)
     VALUES (?, 'admin', 'https://admin-renders.example', 'design', 'spring', ?, 'sha256:x', 'png', 1080, 1080, 2048, ?, ?, 40, ?, '', ?)`,
    [`req_${ulidLike()}`, template, fields.cacheHit ? 1 : 0, fields.generated ?? 0, fields.status ?? 'ok', at],
  );
}

describe('admin: the render log', () => {
  beforeAll(async () => {
    await logRender(TEMPLATE, '2001-03-01 10:00:00.000', { cacheHit: false, generated: 1 });
    await logRender(TEMPLATE, '2001-03-02 10:00:00.000', { cacheHit: true });
    await logRender(OTHER, '2001-03-03 10:00:00.000', { cacheHit: false, status: 'invalid' });
  });

  it('lists renders of a template newest first, paginated with the WordPress headers', async () => {
    const first = await admin('GET', `/renders?template_id=${TEMPLATE}&per_page=1`);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-wp-total')).toBe('2');
    expect(first.headers.get('x-wp-totalpages')).toBe('2');
    expect(first.body.data).toEqual([
      expect.objectContaining({
        object: 'render',
        template_id: TEMPLATE,
        created_at: '2001-03-02T10:00:00.000Z',
        cache_hit: true,
        key_id: 'admin',
        site_url: 'https://admin-renders.example',
        team: 'design',
        campaign: 'spring',
        format: 'png',
        width: 1080,
        height: 1080,
        duration_ms: 40,
        status: 'ok',
      }),
    ]);
    const second = await admin('GET', `/renders?template_id=${TEMPLATE}&per_page=1&page=2`);
    expect(second.body.data.map((row: { generated_layers: number }) => row.generated_layers)).toEqual([1]);
    const failed = await admin('GET', `/renders?status=invalid&template_id=${OTHER}`);
    expect(failed.body.data.map((row: { template_id: string }) => row.template_id)).toEqual([OTHER]);
  });

  it("sums a period's renders, cache hits, failures and generated layers", async () => {
    const summary = await admin('GET', '/renders/summary?from=2001-03-01&to=2001-03-03');
    expect(summary.status).toBe(200);
    expect(summary.body).toMatchObject({
      object: 'render_summary',
      renders: 2,
      cache_hits: 1,
      failures: 0,
      generated_layers: 1,
      bytes: 4096,
    });
    expect(summary.body.by_template).toEqual([{ template_id: TEMPLATE, template_slug: null, renders: 2, cache_hits: 1 }]);
    const all = await admin('GET', '/renders/summary?from=2001-03-01&to=2001-04-01');
    expect(all.body).toMatchObject({ renders: 3, failures: 1 });
  });

  it('refuses bad filters with 400 naming each field', async () => {
    const cases: Array<[string, string[]]> = [
      ['/renders?template_id=nope', ['template_id']],
      ['/renders?status=great&site_url=ftp://x', ['site_url', 'status']],
      ['/renders?per_page=500', ['per_page']],
      ['/renders/summary?from=yesterday', ['from']],
      ['/renders/summary?from=2001-05-01&to=2001-04-01', ['from']],
      ['/usage/calls?kind=pictures', ['kind']],
    ];
    for (const [path, fields] of cases) {
      const answer = await admin('GET', path);
      expect({ path, status: answer.status, code: answer.body.code, params: Object.keys(answer.body.data.params).sort() }).toEqual({
        path,
        status: 400,
        code: 'svc_invalid_request',
        params: fields,
      });
    }
  });
});

describe('admin: calls by kind', () => {
  const key = createKey(['llm.chat', 'llm.embeddings']);

  it('lists only the calls of the kind asked for, with their kind and campaign', async () => {
    const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${key.key}` };
    const metadata = { campaign: 'by-kind' };
    const chat = await call('direct', '/wp-json/llm/router/v1/chat/completions', {
      method: 'POST',
      headers,
      body: JSON.stringify({ model: 'mock/echo', messages: [{ role: 'user', content: 'hi' }], metadata }),
    });
    expect(chat.status).toBe(200);
    const embed = await call('direct', '/wp-json/llm/router/v1/embeddings', {
      method: 'POST',
      headers,
      body: JSON.stringify({ model: 'mock/embed', input: 'hi', metadata }),
    });
    expect(embed.status).toBe(200);
    const mineOf = (answer: { body: { data: { key_id: string; kind: string }[] } }) =>
      answer.body.data.filter((row) => row.key_id === key.id);
    const rows = mineOf(
      await eventually(
        () => admin('GET', '/usage/calls?kind=embeddings&limit=200'),
        (answer) => mineOf(answer).length > 0,
      ),
    );
    expect(rows).toEqual([expect.objectContaining({ kind: 'embeddings', model: 'mock/embed', campaign: 'by-kind' })]);
    const mine = mineOf(await admin('GET', '/usage/calls?limit=200'));
    expect(mine.map((row) => row.kind).sort()).toEqual(['chat', 'embeddings']);
  });
});

describe('admin: try a template', () => {
  it("answers a starter template's fields (implicit: its text and image layers)", async () => {
    const form = await admin('GET', '/library/templates/spring-sale-square/fields');
    expect(form.status).toBe(200);
    expect(form.body.template).toMatchObject({ slug: 'spring-sale-square', width: 1080, height: 1080 });
    expect(form.body.fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'headline', type: 'text', targets: [{ layer: 'headline', property: 'text' }] }),
      ]),
    );
    expect((await admin('GET', '/library/templates/no-such-template/fields')).status).toBe(404);
  });

  it('renders as the admin: a PNG as a data URL, then the same from the cache, each in the render log under admin', async () => {
    const body = { fields: { headline: `Try ${ulidLike()}` }, format: 'png', width: 540, height: 540 };
    const first = await admin('POST', '/library/templates/spring-sale-square/render', body);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ object: 'template_render', media_type: 'image/png', cache: 'miss' });
    const png = Buffer.from(first.body.data_url.replace(/^data:image\/png;base64,/, ''), 'base64');
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(png.length).toBe(first.body.bytes);
    const again = await admin('POST', '/library/templates/spring-sale-square/render', body);
    expect(again.body).toMatchObject({ cache: 'hit', data_url: first.body.data_url });
    const logged = await admin('GET', `/renders?template_id=${first.body.template.id}&key_id=admin&per_page=2`);
    expect(logged.body.data[0]).toMatchObject({ template_slug: 'spring-sale-square', template_title: 'Spring sale', key_id: 'admin' });
    expect(logged.body.data.map((row: { cache_hit: boolean; width: number }) => [row.cache_hit, row.width])).toEqual([
      [true, 540],
      [false, 540],
    ]);
  });

  it('refuses a bad value or an unknown field with 400 naming it', async () => {
    const before = await query('SELECT COUNT(*) AS n FROM {prefix}usage');
    const cases: Array<[unknown, string]> = [
      [{ fields: { nope: 'x' } }, 'fields.nope'],
      [{ format: 'gif' }, 'format'],
      [{ template: 'another' }, 'template'],
      [{ response: 'url' }, 'response'],
    ];
    for (const [body, field] of cases) {
      const answer = await admin('POST', '/library/templates/spring-sale-square/render', body);
      expect({ status: answer.status, code: answer.body.code, params: Object.keys(answer.body.data.params) }).toEqual({
        status: 400,
        code: 'svc_invalid_request',
        params: [field],
      });
    }
    expect(await query('SELECT COUNT(*) AS n FROM {prefix}usage')).toEqual(before);
  });
});
