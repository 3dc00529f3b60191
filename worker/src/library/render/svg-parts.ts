/**
 * Pieces every layer's SVG uses: numbers written short and the same way every time, escaped
 * attribute values, the `<defs>` a document collects (gradients, clips), and a layer's
 * rotation about its centre and opacity.
 */

export interface Layer {
  id: string;
  type: 'text' | 'image' | 'shape';
  x: number;
  y: number;
  width: number;
  height: number;
  rotation?: number;
  opacity?: number;
  [key: string]: unknown;
}

export interface Gradient {
  gradient: { angle?: number; stops: Array<{ offset: number; color: string }> };
}
export type Paint = string | Gradient | null | undefined;

/** At most two decimals, no trailing zeros, no "-0". */
export function number(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  return String(Object.is(rounded, -0) ? 0 : rounded);
}

const COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** A colour as the definition allows it (library/definition.ts), else the fallback: nothing else reaches an attribute. */
export function colour(value: unknown, fallback: string): string {
  return typeof value === 'string' && COLOUR.test(value) ? value : fallback;
}

export function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function layerAttributes(layer: Layer): string {
  const parts: string[] = [];
  if (layer.opacity !== undefined && layer.opacity !== 1) parts.push(` opacity="${number(layer.opacity)}"`);
  if (layer.rotation) {
    const centreX = number(layer.x + layer.width / 2);
    const centreY = number(layer.y + layer.height / 2);
    parts.push(` transform="rotate(${number(layer.rotation)} ${centreX} ${centreY})"`);
  }
  return parts.join('');
}

export class Defs {
  private readonly items: string[] = [];

  private id(kind: string): string {
    return `r${kind}${this.items.length + 1}`;
  }

  /** A fill for a paint: a colour as is, a gradient as url(#id); CSS angles (0 = to top, 90 = to right). */
  paint(paint: Paint): string {
    if (paint === null || paint === undefined) return 'none';
    if (typeof paint === 'string') return colour(paint, 'none');
    const id = this.id('g');
    const radians = ((paint.gradient.angle ?? 0) * Math.PI) / 180;
    const dx = Math.sin(radians) / 2;
    const dy = -Math.cos(radians) / 2;
    const stops = paint.gradient.stops
      .map((stop) => `<stop offset="${number(stop.offset)}" stop-color="${colour(stop.color, '#000000')}"/>`)
      .join('');
    const vector = `x1="${number(0.5 - dx)}" y1="${number(0.5 - dy)}" x2="${number(0.5 + dx)}" y2="${number(0.5 + dy)}"`;
    this.items.push(`<linearGradient id="${id}" ${vector}>${stops}</linearGradient>`);
    return `url(#${id})`;
  }

  private readonly glyphs = new Map<string, string>();

  /** A glyph's outline (path data in font units), defined once per document; its id. */
  glyph(key: string, outline: () => string): string {
    let id = this.glyphs.get(key);
    if (!id) {
      id = `rf${this.glyphs.size + 1}`;
      this.glyphs.set(key, id);
      this.items.push(`<path id="${id}" d="${outline()}"/>`);
    }
    return id;
  }

  clip(markup: string): string {
    const id = this.id('c');
    this.items.push(`<clipPath id="${id}">${markup}</clipPath>`);
    return `url(#${id})`;
  }

  toString(): string {
    return this.items.length > 0 ? `<defs>${this.items.join('')}</defs>` : '';
  }
}
