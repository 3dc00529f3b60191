import type { FieldValue } from './field-values';
import type { LayerImage } from './render-images';

/**
 * What the render engine (library/render, docs/library.md "Rendering") draws: the template's
 * definition with the field values applied, and the bytes of each image layer. An image layer
 * without an entry in `images` draws its placeholder.
 */
export interface FilledTemplate {
  width: number;
  height: number;
  definition: Record<string, unknown>;
  images: Map<string, LayerImage>;
}

export interface RenderOutput {
  width: number;
  height: number;
  format: 'png' | 'webp' | 'jpeg' | 'svg';
}

export interface RenderedImage {
  bytes: Buffer;
  mediaType: string;
}

/** The engine's entry: library/render/index.ts `renderTemplate`, or a stand-in in unit tests. */
export type RenderEngine = (filled: FilledTemplate, output: RenderOutput) => Promise<RenderedImage>;

/**
 * The definition with each field's value set on its targets (`text`, `style.color`, …). The
 * stored definition is not changed: layers are copied. `src` targets are left to `images`.
 */
export function fillDefinition(definition: Record<string, unknown>, values: FieldValue[]): Record<string, unknown> {
  const layers = (definition.layers as Record<string, unknown>[]).map((layer): Record<string, unknown> => ({
    ...layer,
    style: layer.style && { ...(layer.style as Record<string, unknown>) },
  }));
  const byId = new Map(layers.map((layer) => [layer.id as string, layer]));
  for (const { field, value } of values) {
    if (value === null) continue;
    for (const target of field.targets) {
      const layer = byId.get(target.layer);
      if (!layer || target.property === 'src') continue;
      if (target.property === 'text') layer.text = value;
      else if (target.property.startsWith('style.'))
        layer.style = { ...((layer.style as Record<string, unknown>) ?? {}), [target.property.slice(6)]: value };
    }
  }
  const { fields: _fields, ...rest } = definition;
  return { ...rest, layers };
}
