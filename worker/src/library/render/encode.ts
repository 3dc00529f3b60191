import { Resvg } from '@resvg/resvg-js';
import sharp from 'sharp';

/**
 * The composed SVG to the asked format (docs/library.md "Rendering"): resvg draws it at the
 * output size (no system fonts: the text is already outlines), sharp encodes it with fixed
 * settings and no metadata, so the same SVG always gives the same bytes.
 */

export type RenderFormat = 'png' | 'webp' | 'jpeg' | 'svg';

/** JPEG and WebP quality; JPEG has no alpha, so it is flattened on white. */
export const JPEG_QUALITY = 90;
export const WEBP_QUALITY = 90;

export const MEDIA_TYPES: Record<RenderFormat, string> = {
  png: 'image/png',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
  svg: 'image/svg+xml',
};

export function rasterise(svg: string, width: number): Buffer {
  const resvg = new Resvg(svg, { fitTo: { mode: 'width', value: width }, font: { loadSystemFonts: false }, shapeRendering: 2 });
  return resvg.render().asPng();
}

export async function encode(svg: string, width: number, format: RenderFormat): Promise<Buffer> {
  if (format === 'svg') return Buffer.from(svg, 'utf8');
  const pixels = sharp(rasterise(svg, width));
  if (format === 'png') return pixels.png({ compressionLevel: 9, adaptiveFiltering: false, palette: false }).toBuffer();
  if (format === 'webp') return pixels.webp({ quality: WEBP_QUALITY, effort: 4, smartSubsample: false }).toBuffer();
  return pixels.flatten({ background: '#ffffff' }).jpeg({ quality: JPEG_QUALITY, mozjpeg: false, chromaSubsampling: '4:2:0' }).toBuffer();
}
