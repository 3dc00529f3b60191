import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateImage } from 'ai';
import OpenAI, { toFile } from 'openai';
import sharp from 'sharp';
import { admin, query, settledUsage, unlimitKey } from '../support/budgets';
import type { RowDataPacket } from 'mysql2/promise';
import { emulator } from '../support/emulator';
import { eventually } from '../support/eventually';
import { createKey, hub } from '../support/hub-cli';
import { baseUrl, bearer, call, LANES } from '../support/lanes';
import { expectParam, postJson, postStream, ROUTER } from '../support/router-client';
import { testFetch } from '../support/test-fetch';

/**
 * Image models through the router (docs/api-notes.md "Images", docs/architecture.md §13) with
 * mock/image: the openai SDK's images.generate and images.edit, the Vercel AI SDK's
 * generateImage, url answers, refusals by name, budgets and the usage row of kind images.
 */
const MODEL = 'mock/image';
/** The key's settled usage row that `matches`, once there (tests/support/eventually.ts). */
async function settledRow(keyId: string, matches: (row: RowDataPacket) => boolean): Promise<RowDataPacket | undefined> {
  const rows = await eventually(
    () => query('SELECT * FROM {prefix}usage WHERE key_id = ?', [keyId]),
    (found) => found.some((row) => matches(row) && row.status !== 'open'),
  );
  return rows.find(matches);
}

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
    // Migration 030: the row and the admin's latest calls carry the image count, size and quality.
    expect(first).toMatchObject({ images: 2, image_size: '256x256', image_quality: null });
    const latest = await admin('GET', '/usage/calls?kind=images&limit=200');
    expect(latest.body.data.find((row: { id: string }) => row.id === first!.id)).toMatchObject({
      images: 2,
      image_size: '256x256',
      image_quality: null,
    });
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

describe.each(LANES)('router images through the provider emulators via %s', (lane) => {
  const key = createKey(['llm.images']);
  const client = new OpenAI({ apiKey: key.key, baseURL: `${baseUrl(lane)}${ROUTER}`, maxRetries: 0, timeout: 30_000 });
  const generate = (body: unknown) => call(lane, `${ROUTER}/images/generations`, postJson(key.key, body));

  beforeEach(() => emulator().reset());

  it('gpt-image-1: base64 only upstream, billed by the tokens OpenAI reports (text in, image out)', async () => {
    const answer = await client.images.generate({
      model: 'openai/gpt-image-1',
      prompt: 'a red fox',
      n: 2,
      quality: 'low',
      size: '1024x1024',
    });
    expect(answer.data).toHaveLength(2);
    expect(answer.usage).toMatchObject({ input_tokens: 3, output_tokens: 544, input_tokens_details: { text_tokens: 3, image_tokens: 0 } });
    const [upstream] = await emulator().requests();
    expect(upstream).toMatchObject({ provider: 'openai', path: '/openai/v1/images/generations', model: 'gpt-image-1', authorized: true });
    expect(upstream!.body).not.toHaveProperty('response_format');
    const row = await settledRow(key.id, (item) => item.model === 'openai/gpt-image-1');
    // 3 text tokens × $5/M + 2 × 272 image tokens × $40/M.
    expect(row).toMatchObject({ kind: 'images', status: 'ok', prompt_tokens: 3, completion_tokens: 544, cost: '0.02177500' });
  });

  it('dall-e-3 as a URL: asked upstream as base64, stored and served by the hub; per image; options it lacks refused by name', async () => {
    const answer = await generate({ model: 'openai/dall-e-3', prompt: 'a quiet harbour', quality: 'hd', response_format: 'url' });
    expect(answer.status).toBe(200);
    expect(answer.body.data[0]).toMatchObject({
      url: expect.stringContaining('/images/files/'),
      revised_prompt: 'A detailed rendering of: a quiet harbour',
    });
    expect(answer.body.router.cost.amount).toBe('0.08000000');
    const [upstream] = await emulator().requests();
    expect(upstream!.body).toMatchObject({ model: 'dall-e-3', response_format: 'b64_json', quality: 'hd' });
    const served = await testFetch(`${baseUrl(lane)}${new URL(answer.body.data[0].url).pathname}`);
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(1024);

    emulator().reset();
    for (const [body, field] of [
      [{ background: 'transparent' }, /^background$/],
      [{ n: 2 }, /^n$/],
      [{ size: '1536x1024' }, /^size$/],
    ] as const) {
      const refused = await generate({ model: 'openai/dall-e-3', prompt: 'p', ...body });
      expect([refused.status, refused.body?.code]).toEqual([400, 'svc_invalid_request']);
      expectParam(refused, field);
    }
    expect(await emulator().requests()).toEqual([]);
  });

  it('Imagen through :predict (sampleCount, aspectRatio), per image', async () => {
    const answer = await generate({ model: 'google/imagen-4.0-generate-001', prompt: 'a red fox', n: 2, size: '1408x768' });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toHaveLength(2);
    expect((await png(answer.body.data[1].b64_json)).width).toBe(1408);
    expect(answer.body.router.cost.amount).toBe('0.08000000');
    const [upstream] = await emulator().requests();
    expect(upstream).toMatchObject({ path: '/google/v1beta/models/imagen-4.0-generate-001:predict', authorized: true });
    expect(upstream!.body).toEqual({ instances: [{ prompt: 'a red fox' }], parameters: { sampleCount: 2, aspectRatio: '16:9' } });
  });

  it("Gemini's image output through generateContent, billed by its image, text and input tokens", async () => {
    const answer = await generate({ model: 'google/gemini-2.5-flash-image', prompt: 'a red fox' });
    expect(answer.status).toBe(200);
    expect(answer.body.usage).toMatchObject({ input_tokens: 3, output_tokens: 1294 });
    const [upstream] = await emulator().requests();
    expect((upstream!.body as any).generationConfig).toEqual({
      responseModalities: ['TEXT', 'IMAGE'],
      imageConfig: { aspectRatio: '1:1' },
    });
    // 3 × $0.30/M + 1290 image tokens × $30/M + 4 text tokens × $2.50/M.
    expect(answer.body.router.cost.amount).toBe('0.03871090');
  });

  it("OpenRouter's image model through chat completions with modalities, settled at OpenRouter's usage.cost", async () => {
    const answer = await generate({ model: 'openrouter/google/gemini-2.5-flash-image', prompt: 'a red fox' });
    expect(answer.status).toBe(200);
    expect((await png(answer.body.data[0].b64_json)).format).toBe('png');
    const [upstream] = await emulator().requests();
    expect(upstream).toMatchObject({ provider: 'openrouter', path: '/openrouter/api/v1/chat/completions' });
    expect((upstream!.body as any).modalities).toEqual(['image', 'text']);
    const row = await settledRow(key.id, (item) => item.model === 'openrouter/google/gemini-2.5-flash-image');
    expect(row).toMatchObject({ kind: 'images', provider_cost: '0.03870090', cost: '0.03870090' });
  });
});

/** A multipart/form-data body as fetch would send it: its Content-Type (with the boundary) and bytes. */
async function encodeForm(form: FormData): Promise<{ type: string; body: Buffer }> {
  const encoded = new Request('http://form.invalid/', { method: 'POST', body: form });
  return { type: encoded.headers.get('content-type')!, body: Buffer.from(await encoded.arrayBuffer()) };
}

const solidPng = (size: number, background: string) =>
  sharp({ create: { width: size, height: size, channels: 4, background } })
    .png()
    .toBuffer();

/**
 * Edits on both lanes: through WordPress the shell rebuilds the multipart body from $_POST and
 * $_FILES (PHP leaves php://input empty for multipart/form-data; plugin/includes/forwarding/
 * class-svc-hub-multipart-body.php), so the worker reads the same form either way.
 */
describe.each(LANES)('router image edits via %s', (lane) => {
  const key = createKey(['llm.images']);
  const client = new OpenAI({ apiKey: key.key, baseURL: `${baseUrl(lane)}${ROUTER}`, maxRetries: 0, timeout: 30_000 });
  const post = async (form: FormData) => {
    const { type, body } = await encodeForm(form);
    return call(lane, `${ROUTER}/images/edits`, { method: 'POST', headers: { ...bearer(key.key), 'Content-Type': type }, body });
  };

  beforeEach(() => emulator().reset());

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
    const refused = await post(form);
    expect([refused.status, refused.body?.code]).toEqual([400, 'svc_invalid_request']);
    expectParam(refused, /^image$/);
  });

  it('two images and a mask (images.edit with an array): both images reach the provider, a mask that is not an image is refused by name', async () => {
    const [red, blue, mask] = await Promise.all([solidPng(32, '#ff000080'), solidPng(32, '#0000ff80'), solidPng(32, '#00000000')]);
    const edited = await client.images.edit({
      model: 'openai/gpt-image-1',
      image: [await toFile(red, 'red.png', { type: 'image/png' }), await toFile(blue, 'blue.png', { type: 'image/png' })],
      mask: await toFile(mask, 'mask.png', { type: 'image/png' }),
      prompt: 'make it blue',
    });
    expect(edited.data).toHaveLength(1);
    const [upstream] = await emulator().requests();
    expect(upstream).toMatchObject({ path: '/openai/v1/images/edits', model: 'gpt-image-1' });
    // Two input images: 3 text tokens + 2 × 323 image tokens (tests/emulators/openai-images.ts).
    expect(edited.usage).toMatchObject({ input_tokens: 649 });

    const form = new FormData();
    form.append('model', MODEL);
    form.append('prompt', 'p');
    form.append('image[]', new Blob([red], { type: 'image/png' }), 'red.png');
    form.append('mask', new Blob([Buffer.from('not a png')], { type: 'image/png' }), 'mask.png');
    const refused = await post(form);
    expect([refused.status, refused.body?.code]).toEqual([400, 'svc_invalid_request']);
    expectParam(refused, /^mask$/);
  });

  it('refuses an edit on a model without edits (dall-e-3) by naming model, nothing sent upstream', async () => {
    const edit = new FormData();
    edit.append('model', 'openai/dall-e-3');
    edit.append('prompt', 'p');
    edit.append('image', new Blob([await solidPng(8, '#000')]), 'a.png');
    expectParam(await post(edit), /^model$/);
    expect(await emulator().requests()).toEqual([]);
  });

  it('gpt-image-1 edits: the file goes upstream as multipart, input image tokens billed at the image rate', async () => {
    const source = await sharp({ create: { width: 32, height: 32, channels: 4, background: '#ff000080' } })
      .png()
      .toBuffer();
    const edited = await client.images.edit({
      model: 'openai/gpt-image-1',
      image: await toFile(source, 'in.png', { type: 'image/png' }),
      prompt: 'make it blue',
    });
    expect(edited.data).toHaveLength(1);
    const [upstream] = await emulator().requests();
    expect(upstream).toMatchObject({ path: '/openai/v1/images/edits', model: 'gpt-image-1' });
    const row = await settledRow(key.id, (item) => item.model === 'openai/gpt-image-1' && Number(item.prompt_tokens) === 326);
    // 3 text tokens × $5/M + 323 image tokens × $10/M + 1056 output tokens (auto → medium) × $40/M.
    expect(row).toMatchObject({ kind: 'images', cost: '0.04548500' });
  });
});

/** A form of mock/image with one PNG padded to `bytes` (its type is read from its first bytes). */
async function paddedEdit(bytes: number): Promise<FormData> {
  const form = new FormData();
  form.append('model', MODEL);
  form.append('prompt', 'p');
  const head = await solidPng(16, '#123456');
  form.append('image', new Blob([head, Buffer.alloc(bytes - head.length)], { type: 'image/png' }), 'big.png');
  return form;
}

describe('router image edits via direct: body bounds', () => {
  const lane = 'direct' as const;
  const key = createKey(['llm.images']);
  const post = async (form: FormData, secret = key.key) => {
    const { type, body } = await encodeForm(form);
    return call(lane, `${ROUTER}/images/edits`, { method: 'POST', headers: { ...bearer(secret), 'Content-Type': type }, body });
  };

  it('refuses a multipart bomb (thousands of tiny parts) by naming body', async () => {
    const bomb = new FormData();
    bomb.append('model', MODEL);
    bomb.append('prompt', 'p');
    for (let index = 0; index < 5000; index += 1) bomb.append(`f${index}`, 'x');
    const refused = await post(bomb);
    expect([refused.status, refused.body?.code]).toEqual([400, 'svc_invalid_request']);
    expectParam(refused, /^body$/);
  });

  it('takes a 3 MiB image under its own body limit (SVC_IMAGE_EDIT_MAX_BYTES, 16 MiB), and refuses a body over it with 413 naming the limit, nothing charged', async () => {
    const sizeable = createKey(['llm.images']);
    const passed = await post(await paddedEdit(3 * 1024 * 1024), sizeable.key);
    expect(passed.status).toBe(200);
    expect(passed.body.data).toHaveLength(1);
    await settledUsage(sizeable.id, 1);

    const over = createKey(['llm.images']);
    const refused = await post(await paddedEdit(16 * 1024 * 1024), over.key);
    expect([refused.status, refused.body?.code, refused.body?.data?.limit_bytes]).toEqual([413, 'svc_payload_too_large', 16_777_216]);
    expect(await query('SELECT id FROM {prefix}usage WHERE key_id = ?', [over.id])).toEqual([]);
    // Every other route keeps its 1 MiB.
    const chat = await call(lane, `${ROUTER}/embeddings`, postJson(key.key, { model: 'mock/embed', input: 'x'.repeat(1024 * 1024) }));
    expect([chat.status, chat.body?.data?.limit_bytes]).toEqual([413, 1_048_576]);
  });
});

describe('router image edits via wordpress: the fast lane and the full boot', () => {
  it('answer the same edit alike (the full boot reads the form from WP_REST_Request, the fast lane from $_POST and $_FILES)', async () => {
    const key = createKey(['llm.images']);
    const form = new FormData();
    form.append('model', MODEL);
    form.append('prompt', 'add a moon');
    form.append('size', '256x256');
    form.append('image[]', new Blob([await solidPng(24, '#208040')], { type: 'image/png' }), 'in.png');
    const { type, body } = await encodeForm(form);
    const send = (lane: 'fast' | 'full') =>
      call('wordpress', `${ROUTER}/images/edits`, {
        method: 'POST',
        headers: { ...bearer(key.key), 'Content-Type': type, 'X-Svc-Test-Lane': lane },
        body,
      });
    const [fast, full] = [await send('fast'), await send('full')];
    expect([fast.status, fast.headers.get('x-svc-test-full-boot'), full.status, full.headers.get('x-svc-test-full-boot')]).toEqual([
      200,
      null,
      200,
      '1',
    ]);
    expect(full.body.data[0].b64_json).toBe(fast.body.data[0].b64_json);
  });
});

describe("router image edits via wordpress: the site's PHP upload limits", () => {
  it("an image over upload_max_filesize (2M in the test server) is 413 naming image in the router's dialect, nothing charged", async () => {
    const key = createKey(['llm.images']);
    const { type, body } = await encodeForm(await paddedEdit(3 * 1024 * 1024));
    const refused = await call('wordpress', `${ROUTER}/images/edits`, {
      method: 'POST',
      headers: { ...bearer(key.key), 'Content-Type': type },
      body,
    });
    expect([refused.status, refused.body?.code, refused.body?.error?.param]).toEqual([413, 'svc_payload_too_large', 'image']);
    expect(refused.body.message).toContain('upload_max_filesize');
    expect(await query('SELECT id FROM {prefix}usage WHERE key_id = ?', [key.id])).toEqual([]);
  });
});

describe.each(LANES)('router image edits take a call slot via %s', (lane) => {
  it("counts an edit among the key's calls in flight (max_concurrent_calls)", async () => {
    const key = createKey(['llm.images', 'llm.chat']);
    hub('key', 'concurrency', key.id, '1');
    // mock/slow sends one word every 100 ms: 100 words hold the key's one slot for 10 s.
    const words = Array.from({ length: 100 }, (_, index) => `w${index}`).join(' ');
    const held = await postStream(lane, `${ROUTER}/chat/stream`, key.key, {
      model: 'mock/slow',
      messages: [{ role: 'user', content: words }],
    });
    expect(held.status).toBe(200);
    const edit = new FormData();
    edit.append('model', MODEL);
    edit.append('prompt', 'p');
    edit.append('image', new Blob([await solidPng(8, '#000')], { type: 'image/png' }), 'a.png');
    const { type, body } = await encodeForm(edit);
    const refused = await call(lane, `${ROUTER}/images/edits`, {
      method: 'POST',
      headers: { ...bearer(key.key), 'Content-Type': type },
      body,
    });
    expect([refused.status, refused.body?.code]).toEqual([429, 'svc_too_many_concurrent']);
    held.destroy();
  });
});
