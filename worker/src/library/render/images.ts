import sharp from 'sharp';
import { renderAsync } from '@resvg/resvg-js';
import type { PreparedImage } from './image-layer';
import { resvgFontOptions } from './resvg-fonts';
import type { Layer } from './svg-parts';

/**
 * The images of a render, made ready to embed (docs/library.md "Rendering"): a raster image
 * (PNG, JPEG, WebP, GIF's first frame) is turned by its EXIF orientation and cropped (`cover`)
 * or fitted (`contain`) to its box at the output's scale, as PNG; an SVG is embedded as it is,
 * unless it has text, which is drawn here with the shipped fonts so no viewer's fonts matter.
 */

export interface ImageInput {
  bytes: Buffer;
  mediaType: string;
}

/** The largest side an embedded raster gets, whatever the box and output. */
const MAX_SIDE = 4096;

const dataUrl = (mediaType: string, bytes: Buffer) => `data:${mediaType};base64,${bytes.toString('base64')}`;

async function raster(input: Buffer, width: number, height: number, fit: 'cover' | 'contain'): Promise<Buffer> {
  return sharp(input, { animated: false, limitInputPixels: 50_000_000 })
    .rotate()
    .resize(width, height, { fit, position: 'centre', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png({ compressionLevel: 6, adaptiveFiltering: false })
    .toBuffer();
}

async function prepare(layer: Layer, image: ImageInput, scaleX: number, scaleY: number): Promise<PreparedImage> {
  const fit = layer.fit === 'contain' ? 'contain' : 'cover';
  const width = Math.max(1, Math.min(MAX_SIDE, Math.ceil(layer.width * scaleX)));
  const height = Math.max(1, Math.min(MAX_SIDE, Math.ceil(layer.height * scaleY)));
  if (image.mediaType !== 'image/svg+xml') {
    return { href: dataUrl('image/png', await raster(image.bytes, width, height, fit)) };
  }
  const svg = image.bytes.toString('utf8');
  if (!/<text[\s>]/.test(svg)) {
    return { href: dataUrl('image/svg+xml', image.bytes), preserveAspectRatio: `xMidYMid ${fit === 'contain' ? 'meet' : 'slice'}` };
  }
  const drawn = (await renderAsync(svg, { ...resvgFontOptions(svg), fitTo: { mode: 'width', value: Math.max(width, height) } })).asPng();
  return { href: dataUrl('image/png', await raster(drawn, width, height, fit)) };
}

/** Prepared images by layer id, for the image layers that have one. */
export async function prepareImages(
  layers: Layer[],
  images: Map<string, ImageInput>,
  scaleX: number,
  scaleY: number,
): Promise<Map<string, PreparedImage>> {
  const prepared = new Map<string, PreparedImage>();
  for (const layer of layers) {
    const image = layer.type === 'image' ? images.get(layer.id) : undefined;
    if (image && layer.width > 0 && layer.height > 0) prepared.set(layer.id, await prepare(layer, image, scaleX, scaleY));
  }
  return prepared;
}
