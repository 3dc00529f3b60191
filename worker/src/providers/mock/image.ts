/**
 * mock/image (docs/api-notes.md "Images"): a deterministic PNG drawn from the prompt — a
 * background and three shapes whose colours and places come from a SHA-256 of the prompt, the
 * image's index and the size — at the asked size, encoded by sharp. The same request answers
 * the same bytes. Billed per image by its descriptor's price table, like DALL·E; edits take the
 * first input image's hash into the drawing, so an edit differs from a generation.
 */
import { createHash } from 'node:crypto';
import type { default as Sharp } from 'sharp';
import { abortError } from '../errors';
import type { CallOptions, GeneratedImage, ImageRequest, ImageResult } from '../types';

/** sharp, loaded at the first image drawn: a worker that never draws one does not carry libvips (docs/benchmarks.md, the idle and 500-stream memory). */
let sharpLoading: Promise<typeof Sharp> | undefined;
const loadSharp = () => (sharpLoading ??= import('sharp').then((module) => module.default));

/** The size mock/image draws for `auto` (or no size). */
export const MOCK_IMAGE_DEFAULT_SIZE = '1024x1024';

function dimensions(size: string | undefined): { width: number; height: number } {
  const [width, height] = (size === undefined || size === 'auto' ? MOCK_IMAGE_DEFAULT_SIZE : size).split('x').map(Number);
  return { width: width!, height: height! };
}

const colour = (bytes: Buffer, at: number) => `rgb(${bytes[at]},${bytes[at + 1]},${bytes[at + 2]})`;

/** The SVG the PNG is drawn from: a background and a circle, a square and a bar from the seed's bytes. */
export function mockImageSvg(seed: Buffer, width: number, height: number): string {
  const unit = Math.min(width, height);
  const part = (at: number, span: number) => Math.floor((seed[at]! / 255) * span);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">`,
    `<rect width="${width}" height="${height}" fill="${colour(seed, 0)}"/>`,
    `<circle cx="${part(3, width)}" cy="${part(4, height)}" r="${Math.floor(unit / 6) + part(5, unit / 6)}" fill="${colour(seed, 6)}"/>`,
    `<rect x="${part(9, width / 2)}" y="${part(10, height / 2)}" width="${Math.floor(unit / 4)}" height="${Math.floor(unit / 4)}" fill="${colour(seed, 11)}"/>`,
    `<rect x="0" y="${part(14, height - 8)}" width="${width}" height="${Math.floor(unit / 16) + 1}" fill="${colour(seed, 15)}"/>`,
    '</svg>',
  ].join('');
}

async function drawOne(request: ImageRequest, index: number): Promise<GeneratedImage> {
  const { width, height } = dimensions(request.size);
  const hash = createHash('sha256').update(request.prompt).update(`\n${index}\n${width}x${height}`);
  for (const file of request.images ?? []) hash.update(file.bytes);
  const seed = hash.digest();
  const format = request.outputFormat ?? 'png';
  const sharp = await loadSharp();
  const drawn = sharp(Buffer.from(mockImageSvg(seed, width, height)));
  const quality = request.outputCompression ?? 90;
  const encoded = format === 'png' ? drawn.png() : format === 'jpeg' ? drawn.jpeg({ quality }) : drawn.webp({ quality });
  const bytes = await encoded.toBuffer();
  return { base64: bytes.toString('base64'), mediaType: `image/${format}` };
}

/** n images for the request; no usage (billed per image). */
export async function mockImages(request: ImageRequest, { signal }: CallOptions): Promise<ImageResult> {
  if (signal.aborted) throw abortError(signal);
  const images: GeneratedImage[] = [];
  for (let index = 0; index < request.n; index += 1) images.push(await drawOne(request, index));
  if (signal.aborted) throw abortError(signal);
  return { images, usage: null };
}

const MOCK_QUALITY_CENTS: Record<string, number> = { auto: 4, low: 1, medium: 4, high: 16 };
const MOCK_SIZE_HALVES: Record<string, number> = { auto: 2, '1024x1024': 2, '1024x1536': 3, '1536x1024': 3, '512x512': 1, '256x256': 1 };

/** mock/image's per-image prices by `quality:size`: 1, 4, 16 cents (auto 4) at 1024×1024, ×1.5 for 1536, ×0.5 below. */
export const MOCK_IMAGE_PRICES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(MOCK_QUALITY_CENTS).flatMap(([quality, cents]) =>
    Object.entries(MOCK_SIZE_HALVES).map(([size, halves]) => [`${quality}:${size}`, ((cents * halves) / 200).toFixed(8)]),
  ),
);
