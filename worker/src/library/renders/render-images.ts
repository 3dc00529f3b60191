import type { Metadata } from 'sharp';
import { ApiError } from '../../support/api-error';
import { fetchImage, ImageProblem, parseDataUrl, sniffImageType, type ImageLimits } from '../../support/image-fetch';
import type { OutboundGuard } from '../../support/outbound-guard';
import { integrityToHex } from '../canonical-json';
import type { LibraryStore } from '../library-rows';
import { sanitiseSvg, SvgError } from '../svg-sanitiser';
import { FILE_NAME } from '../vocabulary';
import type { FieldValue } from './field-values';

/** The image types a render field takes (docs/library.md "Fields"); SVG is sanitised as imports are. */
export const RENDER_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif', 'image/svg+xml'] as const;
/** The most pixels an input image may decode to (a decompression bomb is refused before it is decoded). */
export const MAX_INPUT_PIXELS = 40_000_000;

export interface LayerImage {
  bytes: Buffer;
  mediaType: string;
}

export interface ImageSources {
  guard: OutboundGuard;
  allow: readonly string[];
  limits: ImageLimits;
  store: Pick<LibraryStore, 'listEntries' | 'file'>;
}

/**
 * The bytes of every image field's value, by layer id: a client's https URL (fetched through
 * the outbound guard) or data: URL, or the default `sample:<type>/<slug>` / `asset:<type>/<slug>`
 * from the library. Each image's type is checked by its bytes, its pixel count read from its
 * header before any decoding, an SVG sanitised as imports are. A bad client image is a 400 naming
 * `fields.<name>`; an image field with no value gets no entry (its placeholder is drawn).
 */
export async function resolveImages(values: FieldValue[], sources: ImageSources): Promise<Map<string, LayerImage>> {
  const images = new Map<string, LayerImage>();
  await Promise.all(
    values
      .filter((entry) => entry.field.type === 'image' && entry.value !== null)
      .map(async (entry) => {
        const image = entry.given ? await clientImage(entry, sources) : await libraryImage(entry.value!, sources.store);
        if (!image) return;
        for (const target of entry.field.targets) if (target.property === 'src') images.set(target.layer, image);
      }),
  );
  return images;
}

async function clientImage(entry: FieldValue, sources: ImageSources): Promise<LayerImage> {
  const field = `fields.${entry.field.name}`;
  try {
    const value = entry.value!;
    let image: LayerImage;
    if (/^data:/i.test(value)) {
      const data = parseDataUrl(value, RENDER_IMAGE_TYPES, sources.limits.maxBytes);
      image = { mediaType: data.mediaType, bytes: Buffer.from(data.base64, 'base64') };
      if (sniffImageType(image.bytes) !== image.mediaType) throw new ImageProblem(`must be an image whose bytes are ${image.mediaType}`);
    } else {
      image = await fetchImage(sources.guard, sources.allow, sources.limits, value, RENDER_IMAGE_TYPES);
    }
    return await checked(image);
  } catch (error) {
    if (error instanceof ImageProblem) throw ApiError.invalidRequest({ [field]: error.message });
    throw error;
  }
}

/** Sanitises an SVG; reads a raster's header for its size (never decoding its pixels here). */
async function checked(image: LayerImage): Promise<LayerImage> {
  if (image.mediaType === 'image/svg+xml') {
    try {
      return { mediaType: image.mediaType, bytes: Buffer.from(sanitiseSvg(image.bytes.toString('utf8')).svg, 'utf8') };
    } catch (error) {
      if (error instanceof SvgError) throw new ImageProblem(`must be a well-formed SVG (${error.message})`);
      throw error;
    }
  }
  let metadata: Metadata;
  try {
    const { default: sharp } = await import('sharp'); // loaded at the first image, as the engine is
    metadata = await sharp(image.bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageProblem('must be a readable image (its data is damaged)');
  }
  const pixels = (metadata.width ?? 0) * (metadata.height ?? 0) * (metadata.pages ?? 1);
  if (!metadata.width || !metadata.height || pixels > MAX_INPUT_PIXELS) {
    throw new ImageProblem(`must be an image of at most ${MAX_INPUT_PIXELS} pixels (it is ${metadata.width ?? 0}×${metadata.height ?? 0})`);
  }
  return image;
}

/** A default image from the library: the sample's or asset's SVG file; null when it is gone. */
async function libraryImage(source: string, store: ImageSources['store']): Promise<LayerImage | null> {
  const match = /^(sample|asset):([a-z]+)\/([a-z0-9-]+)$/.exec(source);
  if (!match) return null;
  const kind = match[1] as 'sample' | 'asset';
  const entry = (await store.listEntries(kind, match[2]!)).find((item) => item.slug === match[3]);
  const meta = entry?.files[FILE_NAME[kind]];
  const hex = meta && integrityToHex(meta.hash);
  const file = hex ? await store.file(hex) : null;
  return file ? { bytes: file.content, mediaType: file.mediaType } : null;
}
