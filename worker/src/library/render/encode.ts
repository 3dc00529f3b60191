import { renderAsync } from '@resvg/resvg-js';
import sharp, { type Sharp } from 'sharp';

/**
 * The composed SVG to the asked format (docs/library.md "Rendering"): resvg draws it at the
 * output size (no system fonts: the text is already outlines), sharp encodes it with fixed
 * settings and no metadata, so the same SVG always gives the same bytes.
 */

export type RenderFormat = 'png' | 'webp' | 'jpeg' | 'svg';

/** JPEG and WebP quality; JPEG has no alpha, so it is flattened on white. */
export const JPEG_QUALITY = 90;
export const WEBP_QUALITY = 90;
/** zlib level 6: level 9 makes a 1080² PNG about 30 % smaller at three times the time (docs/benchmarks.md). */
export const PNG_COMPRESSION = 6;

export const MEDIA_TYPES: Record<RenderFormat, string> = {
  png: 'image/png',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  svg: 'image/svg+xml',
};

/**
 * The SVG drawn at the output width; premultiplied RGBA, handed to sharp raw (no PNG in between).
 * resvg draws on libuv's thread pool (renderAsync), not on the event loop: a render never holds
 * up the worker's other requests while it draws.
 */
export async function rasterise(svg: string, width: number): Promise<Sharp> {
  const image = await renderAsync(svg, { fitTo: { mode: 'width', value: width }, font: { loadSystemFonts: false }, shapeRendering: 2 });
  return sharp(image.pixels, { raw: { width: image.width, height: image.height, channels: 4, premultiplied: true } });
}

export async function encode(svg: string, width: number, format: RenderFormat): Promise<Buffer> {
  if (format === 'svg') return Buffer.from(svg, 'utf8');
  const pixels = await rasterise(svg, width);
  if (format === 'png') return pixels.png({ compressionLevel: PNG_COMPRESSION, adaptiveFiltering: false, palette: false }).toBuffer();
  if (format === 'webp') return pixels.webp({ quality: WEBP_QUALITY, effort: 4, smartSubsample: false }).toBuffer();
  return pixels.flatten({ background: '#ffffff' }).jpeg({ quality: JPEG_QUALITY, mozjpeg: false, chromaSubsampling: '4:2:0' }).toBuffer();
}
