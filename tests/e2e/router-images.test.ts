import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateImage } from 'ai';
import OpenAI, { toFile } from 'openai';
import sharp from 'sharp';
import { admin, query, settledUsage, unlimitKey } from '../support/budgets';
import { createKey } from '../support/hub-cli';
import { baseUrl, bearer, call, LANES } from '../support/lanes';
import { expectParam, postJson, ROUTER } from '../support/router-client';
import { testFetch } from '../support/test-fetch';

/**
 * Image models through the router (docs/api-notes.md "Images", docs/architecture.md §13) with
 * mock/image: the openai SDK's images.generate and images.edit, the Vercel AI SDK's
 * generateImage, url answers, refusals by name, budgets and the usage row of kind images.
 */
const MODEL = 'mock/image';
const png = async (base64: string) => sharp(Buffer.from(base64, 'base64')).metadata();

describe.each(LANES)('router images via %s', (lane) => {
  const key = createKey(['llm.images']);
  const client = new OpenAI({ apiKey: key.key, baseURL: `${baseUrl(lane)}${ROUTER}`, maxRetries: 0, timeout: 30_000 });
  const refusedKey = createKey(['llm.images']);
  const generate = (body: unknown) => call(lane, `${ROUTER}/images/generations`, postJson(key.key, body));

  it('answers images.generate with n deterministic PNGs at the asked size, one usage row of kind images priced per image', async () => {
    const answer = await client.images.generate({ model: MODEL, prompt: 'a lighthouse at dusk', n: 2, size: '256x256' });
    expect(answer.data).toHaveLength(2);
    const sizes = await Promise.all(answer.data!.map(async (image) => png(image.b64_json!)));
    expect(sizes.map((meta) => [meta.format, meta.width, meta.height])).toEqual([
      ['png', 256, 256],
      ['png', 256, 256],
    ]);
    const again = await client.images.generate({ model: MODEL, prompt: 'a lighthouse at dusk', n: 1, size: '256x256' });
    expect(again.data![0]!.b64_json).toBe(answer.data![0]!.b64_json);
    const rows = await settledUsage(key.id, 2);
    const first = rows.find((row) => row.cost === '0.04000000');
    // auto quality at 256×256: 2 cents an image (providers/mock/image.ts), two images.
    expect(first).toMatchObject({ kind: 'images', status: 'ok', model: MODEL, provider: 'mock', cost: '0.04000000' });
    expect((answer as unknown as { router: { cost: { amount: string } } }).router.cost.amount).toBe('0.04000000');
  });

  it('answers response_format url with a URL the worker serves the same PNG at', async () => {
    const answer = await generate({ model: MODEL, prompt: 'a url image', size: '256x256', response_format: 'url' });
    expect(answer.status).toBe(200);
    const url: string = answer.body.data[0].url;
    expect(url).toMatch(/\/wp-json\/llm\/router\/v1\/images\/files\/[0-9a-f]{64}\.png$/);
    const inline = await generate({ model: MODEL, prompt: 'a url image', size: '256x256' });
    const path = new URL(url).pathname;
    const served = await testFetch(`${baseUrl(lane)}${path}`);
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/png']);
    expect(Buffer.from(await served.arrayBuffer()).toString('base64')).toBe(inline.body.data[0].b64_json);
  });

  it.each([
    ['no prompt', { model: MODEL }, /^prompt$/],
    ['an oversized prompt', { model: MODEL, prompt: 'x'.repeat(32_001) }, /^prompt$/],
    ['n=1000', { model: MODEL, prompt: 'p', n: 1000 }, /^n$/],
    ['size 99999x99999', { model: MODEL, prompt: 'p', size: '99999x99999' }, /^size$/],
    ['a size the model does not make', { model: MODEL, prompt: 'p', size: '1792x1024' }, /^size$/],
    ['a quality the model does not take', { model: MODEL, prompt: 'p', quality: 'hd' }, /^quality$/],
    ['output_compression with png', { model: MODEL, prompt: 'p', output_compression: 50 }, /^output_compression$/],
    ['a chat model', { model: 'mock/echo', prompt: 'p' }, /^model$/],
  ])('refuses %s with 400 naming the field, nothing recorded', async (_name, body, field) => {
    const answer = await call(lane, `${ROUTER}/images/generations`, postJson(refusedKey.key, body));
    expect([answer.status, answer.body?.code]).toEqual([400, 'svc_invalid_request']);
    expectParam(answer, field);
    expect(await query('SELECT id FROM {prefix}usage WHERE key_id = ?', [refusedKey.id])).toEqual([]);
  });

  it('edits with images.edit (multipart, as the SDK sends it) and refuses a file that is not an image by name', async () => {
    const source = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const edited = await client.images.edit({
      model: MODEL,
      image: await toFile(source, 'source.png', { type: 'image/png' }),
      prompt: 'add a moon',
      size: '256x256',
    });
    expect(edited.data).toHaveLength(1);
    expect((await png(edited.data![0]!.b64_json!)).width).toBe(256);
    const generated = await client.images.generate({ model: MODEL, prompt: 'add a moon', size: '256x256' });
    expect(edited.data![0]!.b64_json).not.toBe(generated.data![0]!.b64_json);

    const form = new FormData();
    form.append('model', MODEL);
    form.append('prompt', 'add a moon');
    form.append('image', new Blob([Buffer.from('<?php echo 1; ?>')], { type: 'image/png' }), 'evil.png');
    const encoded = new Request('http://form.invalid/', { method: 'POST', body: form });
    const headers = { ...bearer(key.key), 'Content-Type': encoded.headers.get('content-type')! };
    const body = Buffer.from(await encoded.arrayBuffer());
    const refused = await call(lane, `${ROUTER}/images/edits`, { method: 'POST', headers, body });
    expect([refused.status, refused.body?.code]).toEqual([400, 'svc_invalid_request']);
    expectParam(refused, /^image$/);
  });

  it("answers the Vercel AI SDK's generateImage", async () => {
    const hub = createOpenAICompatible({ name: 'svc-hub', baseURL: `${baseUrl(lane)}${ROUTER}`, apiKey: key.key });
    const { images } = await generateImage({ model: hub.imageModel(MODEL), prompt: 'a fox', n: 1, size: '256x256' });
    expect(images).toHaveLength(1);
    expect((await sharp(Buffer.from(images[0]!.uint8Array)).metadata()).width).toBe(256);
  });

  it('refuses before the call, with nothing spent, when a hard budget cannot afford n images', async () => {
    const budgeted = createKey(['llm.images']);
    unlimitKey(budgeted);
    const created = await admin('POST', '/budgets', {
      scope: { kind: 'key', value: budgeted.id },
      period: 'month',
      amount: '0.30',
      hard: true,
    });
    expect(created.status).toBe(201);
    const body = { model: MODEL, prompt: 'p', n: 2, quality: 'high', size: '1024x1024' }; // 2 × 0.16
    const refused = await call(lane, `${ROUTER}/images/generations`, postJson(budgeted.key, body));
    expect([refused.status, refused.body?.code]).toEqual([429, 'svc_budget_exceeded']);
    const fits = await call(lane, `${ROUTER}/images/generations`, postJson(budgeted.key, { ...body, n: 1 }));
    expect(fits.status).toBe(200);
    const rows = await settledUsage(budgeted.id, 2);
    expect(rows.map((row) => [row.status, row.cost]).sort()).toEqual([
      ['error', '0.00000000'],
      ['ok', '0.16000000'],
    ]);
  });
});
