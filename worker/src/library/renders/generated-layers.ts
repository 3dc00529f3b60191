import { present, type Problems } from '../problems';
import type { FieldValue } from './field-values';
import type { TemplateField } from './template-fields';
import type { LayerImage } from './render-images';

/**
 * Generated layers (docs/library.md "Generated layers"): an image layer's `generate: { prompt,
 * model, quality? }` is drawn by the router's image generation with the caller's key, team,
 * campaign and budget, `{{field}}` in the prompt replaced by that text or choice field's value.
 * The library does not import the router: the http handler hands it an ImageGenerator.
 */

/** What the library asks of the router: one image for a prompt, as the caller, or the router's refusal thrown. */
export interface ImageGenerator {
  generate(request: {
    prompt: string;
    model: string;
    size: string;
    quality?: string;
    /** The render's `metadata` (team, campaign, user): the usage row's attribution. */
    metadata: { team: string; campaign: string; user: string };
  }): Promise<LayerImage>;
}

export interface GeneratedLayer {
  layer: string;
  prompt: string;
  model: string;
  quality: string;
  size: string;
}

/** The sizes asked of a model, one per shape: the one nearest the layer's aspect is chosen. */
export const GENERATION_SIZES = ['1024x1024', '1536x1024', '1024x1536'] as const;
export const PLACEHOLDER = /\{\{\s*([a-z0-9][a-z0-9_-]{0,39})\s*\}\}/g;

export function nearestSize(width: number, height: number): string {
  const aspect = width / Math.max(1, height);
  const distance = (size: string) => {
    const [w, h] = size.split('x').map(Number);
    return Math.abs(Math.log(aspect / (w! / h!)));
  };
  return [...GENERATION_SIZES].sort((a, b) => distance(a) - distance(b))[0]!;
}

/** Each image layer with `generate`, its prompt filled in from the field values. */
export function generatedLayers(definition: Record<string, unknown>, values: FieldValue[]): GeneratedLayer[] {
  const byName = new Map(values.map((entry) => [entry.field.name, entry.value ?? '']));
  const layers = (definition.layers ?? []) as Record<string, unknown>[];
  return layers
    .filter((layer) => layer.type === 'image' && layer.generate !== undefined)
    .map((layer) => {
      const generate = layer.generate as { prompt: string; model: string; quality?: string };
      return {
        layer: String(layer.id),
        prompt: generate.prompt.replace(PLACEHOLDER, (_whole, name: string) => byName.get(name) ?? ''),
        model: generate.model,
        quality: generate.quality ?? '',
        size: nearestSize(Number(layer.width), Number(layer.height)),
      };
    });
}

const QUALITIES = ['auto', 'low', 'medium', 'high', 'standard', 'hd'];
const MODEL = /^[A-Za-z0-9][A-Za-z0-9._:/@-]{0,199}$/;

/** An image layer's `generate: { prompt, model, quality? }` as a definition stores it (docs/library.md "Generated layers"). */
export function parseGenerate(problems: Problems, value: unknown, path: string): Record<string, unknown> | undefined {
  const generate = problems.object(value, path);
  if (!generate) return undefined;
  return present({
    prompt: problems.text(generate.prompt, `${path}.prompt`, { max: 4000 }),
    model: problems.text(generate.model, `${path}.model`, { max: 200, pattern: MODEL, patternText: 'must be a model id or a purpose' }),
    quality: generate.quality === undefined ? undefined : problems.oneOf(generate.quality, `${path}.quality`, QUALITIES),
  });
}

/** Each `{{name}}` of a generated layer's prompt must be a text or choice field of the template. */
export function checkPromptPlaceholders(
  problems: Problems,
  definition: Record<string, unknown>,
  fields: TemplateField[],
  path: string,
): void {
  const usable = new Set(fields.filter((field) => field.type === 'text' || field.type === 'choice').map((field) => field.name));
  ((definition.layers ?? []) as Record<string, unknown>[]).forEach((layer, index) => {
    const prompt = (layer.generate as { prompt?: unknown } | undefined)?.prompt;
    if (typeof prompt !== 'string') return;
    for (const [, name] of prompt.matchAll(PLACEHOLDER)) {
      if (!usable.has(name!))
        problems.add(`${path}.layers[${index}].generate.prompt`, `{{${name}}} is not a text or choice field of the template`);
    }
  });
}
