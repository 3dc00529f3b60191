import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { FilledTemplate } from './index';

/**
 * Test support for the committed reference renders (tests/fixtures/renders/, tests/README.md
 * "Reference renders"): the starter templates with their own images, and a pixel comparison
 * with a tolerance, decoded with sharp.
 */

const ROOT = path.resolve(__dirname, '../../../..');
export const REFERENCE_FOLDER = path.join(ROOT, 'tests/fixtures/renders');
const STARTER = path.join(ROOT, 'plugin/library/starter');

interface StarterTemplate {
  slug: string;
  width: number;
  height: number;
  definition: Record<string, unknown>;
}

export function starterTemplates(): StarterTemplate[] {
  return (JSON.parse(readFileSync(path.join(STARTER, 'pack.json'), 'utf8')) as { templates: StarterTemplate[] }).templates;
}

/** A starter template filled with the samples and assets its image layers name. */
export function starterFilled(slug: string): FilledTemplate {
  const template = starterTemplates().find((candidate) => candidate.slug === slug);
  if (!template) throw new Error(`no starter template ${slug}`);
  const images = new Map<string, { bytes: Buffer; mediaType: string }>();
  for (const layer of template.definition.layers as Array<{ id: string; type: string; src?: string | null }>) {
    const match = layer.type === 'image' && layer.src ? /^(sample|asset):([a-z]+)\/([a-z0-9-]+)$/.exec(layer.src) : null;
    if (!match) continue;
    const file = path.join(STARTER, match[1] === 'sample' ? 'samples' : 'assets', match[2] ?? '', `${match[3]}.svg`);
    images.set(layer.id, { bytes: readFileSync(file), mediaType: 'image/svg+xml' });
  }
  return { width: template.width, height: template.height, definition: template.definition, images };
}

export interface Difference {
  /** Share of pixels whose largest channel difference is over the tolerance (0–1). */
  differing: number;
  sameSize: boolean;
}

/** Compares two images pixel by pixel (RGBA); `tolerance` is the largest per-channel delta that counts as equal. */
export async function compareImages(actual: Buffer, expected: Buffer, tolerance = 2): Promise<Difference> {
  const decode = (bytes: Buffer) => sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const [left, right] = await Promise.all([decode(actual), decode(expected)]);
  if (left.info.width !== right.info.width || left.info.height !== right.info.height) return { differing: 1, sameSize: false };
  let differing = 0;
  for (let pixel = 0; pixel < left.data.length; pixel += 4) {
    for (let channel = 0; channel < 4; channel += 1) {
      if (Math.abs((left.data[pixel + channel] ?? 0) - (right.data[pixel + channel] ?? 0)) > tolerance) {
        differing += 1;
        break;
      }
    }
  }
  return { differing: differing / (left.data.length / 4), sameSize: true };
}
