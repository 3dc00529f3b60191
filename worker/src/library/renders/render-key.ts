import { createHash } from 'node:crypto';
import { canonicalJson } from '../canonical-json';
import type { FieldValue } from './field-values';
import type { LayerImage } from './render-images';
import type { RenderOutput } from './fill-template';

/**
 * A render's cache key (docs/library.md "Rendering"): the template's hash, every field's value
 * (an image by the SHA-256 of its bytes, not its URL), the output size and format, and each
 * generated layer's prompt and model. Same key, same bytes: the engine is deterministic.
 */
export function renderKey(
  templateHash: string,
  values: FieldValue[],
  images: Map<string, LayerImage>,
  output: RenderOutput,
  generated: { layer: string; prompt: string; model: string; quality: string }[] = [],
): string {
  const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
  const inputs = {
    template: templateHash,
    fields: Object.fromEntries(values.filter((entry) => entry.field.type !== 'image').map((entry) => [entry.field.name, entry.value])),
    images: Object.fromEntries([...images].map(([layer, image]) => [layer, `${image.mediaType} ${sha(image.bytes)}`])),
    output,
    generated,
  };
  return createHash('sha256').update(canonicalJson(inputs)).digest('hex');
}
