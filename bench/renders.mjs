// Template renders (issue 31, docs/library.md "Rendering"): a typical template — the starter's
// new-arrival-photo, 1080×1080 PNG, three text fields and one image field as a data: URL — on
// the direct lane: renders/s and p50/p99 cold (every render's inputs unique, so the cache
// misses) and cached (the same inputs again), and the worker's RSS while 50 renders are asked at once.
import sharp from 'sharp';
import { rssMiB } from './stack.mjs';
import { summarize } from './measure.mjs';

const RENDERS = '/wp-json/svc/v1/image-renders';
const TEMPLATE = 'new-arrival-photo';
export const RENDERS_AT_ONCE = 50;

/** A 600×600 photo-like PNG (a gradient with noise), as a data: URL. */
async function photoDataUrl() {
  const side = 600;
  const pixels = Buffer.alloc(side * side * 3);
  let seed = 7;
  for (let index = 0; index < pixels.length; index += 3) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const pixel = index / 3;
    const noise = seed % 32;
    pixels[index] = ((pixel % side) * 200) / side + noise;
    pixels[index + 1] = (Math.floor(pixel / side) * 180) / side + noise;
    pixels[index + 2] = 120 + noise;
  }
  const png = await sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

async function renderOnce(url, key, body) {
  const started = process.hrtime.bigint();
  const response = await fetch(url, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body,
  });
  const bytes = await response.arrayBuffer();
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  return { ms, status: response.status, cache: response.headers.get('x-render-cache'), bytes: bytes.byteLength };
}

/** `stack` from stack.mjs; the key's site is granted image.render here. */
export async function renderFigures(stack, { samples }) {
  const site = 'https://bench-renders.example';
  stack.hub('entitlement', 'grant', '--site', site, '--features', 'image.render');
  const { key } = stack.clientKey({ site, team: 'bench', name: 'bench renders' });
  const url = `${stack.workerUrl}${RENDERS}`;
  const photo = await photoDataUrl();
  const body = (name) => JSON.stringify({ template: TEMPLATE, fields: { kicker: 'Just in', name, price: '€ 49', photo } });
  const first = await renderOnce(url, key, body('warm-up'));
  if (first.status !== 200) throw new Error(`a render answered ${first.status}`);
  for (let index = 0; index < 5; index += 1) await renderOnce(url, key, body(`warm-up ${index}`));

  const measure = async (name) => {
    const times = [];
    const started = process.hrtime.bigint();
    for (let index = 0; index < samples; index += 1) {
      const answer = await renderOnce(url, key, body(name(index)));
      if (answer.status !== 200) throw new Error(`a render answered ${answer.status}`);
      times.push(answer.ms);
    }
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    return { ...summarize(times), perSecond: samples / seconds };
  };
  const cold = await measure((index) => `Cold ${index}`);
  const cached = await measure(() => 'Cached');

  const pid = stack.workerPid();
  const idle = rssMiB(pid);
  let peak = idle;
  const sampler = setInterval(() => {
    const now = rssMiB(pid);
    if (now !== null && now > peak) peak = now;
  }, 5);
  const started = process.hrtime.bigint();
  const answers = await Promise.all(Array.from({ length: RENDERS_AT_ONCE }, (_, index) => renderOnce(url, key, body(`At once ${index}`))));
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  clearInterval(sampler);
  const rendered = answers.filter((answer) => answer.status === 200).length;
  const busy = answers.filter((answer) => answer.status === 503).length;
  return { template: TEMPLATE, bytes: first.bytes, cold, cached, atOnce: { idle, peak, rendered, busy, seconds } };
}
