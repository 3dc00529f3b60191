import { composeSvg } from './compose';
import { encode, MEDIA_TYPES, type RenderFormat } from './encode';
import { prepareImages, type ImageInput } from './images';
import type { Layer } from './svg-parts';

/**
 * The render engine (docs/architecture.md §13; docs/library.md "Rendering"): a template whose
 * fields are already applied, and the bytes of its image layers, drawn to PNG, WebP, JPEG or
 * SVG at the output size. Deterministic: the same input gives the same bytes.
 */

export interface FilledTemplate {
  width: number;
  height: number;
  /** A parsed definition (library/definition.ts) with field values already in place. */
  definition: Record<string, unknown>;
  /** Image bytes by layer id; an image layer without one draws its placeholder. */
  images: Map<string, ImageInput>;
}

export interface RenderOutput {
  width: number;
  height: number;
  format: RenderFormat;
}

export interface RenderedImage {
  bytes: Buffer;
  mediaType: string;
}

export type { RenderFormat, ImageInput };

export async function renderTemplate(filled: FilledTemplate, output: RenderOutput): Promise<RenderedImage> {
  const layers = ((filled.definition.layers ?? []) as Layer[]).filter((layer) => layer.type === 'image');
  const images = await prepareImages(layers, filled.images, output.width / filled.width, output.height / filled.height);
  const svg = composeSvg({ ...filled, images, outputWidth: output.width, outputHeight: output.height });
  return { bytes: await encode(svg, output.width, output.format), mediaType: MEDIA_TYPES[output.format] };
}
