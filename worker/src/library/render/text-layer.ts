import type { Font, Glyph } from 'fontkit';
import { paragraphDirection } from './bidi';
import { faceChain } from './fonts';
import { fitText, type FittedLine } from './text-fit';
import { colour, layerAttributes, number, type Defs, type Layer } from './svg-parts';

/**
 * A text layer as glyph outlines (docs/library.md "Rendering"): each glyph's path defined once
 * per document and placed with `<use>`, so the same pixels whatever fonts the machine or the
 * browser has. Right-to-left paragraphs mirror
 * `align` (left means the side the text starts on), so a template laid out for a left-to-right
 * language reads naturally in Arabic or Hebrew.
 */

const DEFAULT_LINE_HEIGHT = 1.2;
/** A synthesised italic's slant (tan of about 11°) when the family has no italic file. */
const SLANT = 0.2;

export interface TextStyle {
  font_family?: string;
  font_size: number;
  font_weight?: number;
  font_style?: 'normal' | 'italic';
  color?: string;
  align?: 'left' | 'center' | 'right';
  line_height?: number;
  letter_spacing?: number;
  text_transform?: 'none' | 'uppercase' | 'lowercase';
  wrap?: boolean;
  shrink?: boolean;
  min_font_size?: number;
  max_lines?: number;
  vertical_align?: 'top' | 'middle' | 'bottom';
  direction?: 'auto' | 'ltr' | 'rtl';
}

function transformed(text: string, transform: TextStyle['text_transform']): string {
  if (transform === 'uppercase') return text.toUpperCase();
  if (transform === 'lowercase') return text.toLowerCase();
  return text;
}

const fontIds = new Map<Font, number>();
const outlines = new Map<string, string>();
const COMMANDS = { moveTo: 'M', lineTo: 'L', quadraticCurveTo: 'Q', bezierCurveTo: 'C', closePath: 'Z' } as const;

/** A glyph's key (font and glyph id) and outline in font units (y up), kept per process. */
function outline(font: Font, glyph: Glyph): { key: string; d: string } {
  const fontId = fontIds.get(font) ?? fontIds.size + 1;
  fontIds.set(font, fontId);
  const key = `${fontId}:${glyph.id}`;
  let d = outlines.get(key);
  if (d === undefined) {
    d = glyph.path.commands.map(({ command, args }) => COMMANDS[command] + args.map(number).join(' ')).join('');
    outlines.set(key, d);
  }
  return { key, d };
}

/** One `<use>` per visible glyph, scaled from font units and flipped (y down), slanted if synthesised. */
function lineGlyphs(line: FittedLine, left: number, baseline: number, size: number, letterSpacing: number, defs: Defs): string {
  let pen = left;
  const parts: string[] = [];
  for (const run of line.shaped.runs) {
    const scale = size / run.face.font.unitsPerEm;
    const skew = run.face.slant ? scale * SLANT : 0;
    run.glyphs.forEach((glyph, index) => {
      const position = run.positions[index] ?? { xAdvance: 0, yAdvance: 0, xOffset: 0, yOffset: 0 };
      if (glyph.path.commands.length > 0) {
        const { key, d } = outline(run.face.font, glyph);
        const id = defs.glyph(key, () => d);
        const x = number(pen + position.xOffset * scale);
        const y = number(baseline - position.yOffset * scale);
        parts.push(`<use href="#${id}" transform="matrix(${number4(scale)} 0 ${number4(skew)} ${number4(-scale)} ${x} ${y})"/>`);
      }
      pen += position.xAdvance * scale + (run.spaced ? letterSpacing : 0);
    });
  }
  return parts.join('');
}

/** Scales need more places than pixel positions (a 2048-unit em at 40 px is 0.0195). */
const number4 = (value: number) => String(Math.round(value * 1e5) / 1e5);

export function textLayer(layer: Layer, defs: Defs): string {
  const style = (layer.style ?? {}) as unknown as TextStyle;
  const text = transformed(String(layer.text ?? ''), style.text_transform);
  if (text.trim() === '') return '';
  const chain = faceChain({
    family: style.font_family ?? 'Inter',
    weight: style.font_weight ?? 400,
    italic: style.font_style === 'italic',
  });
  const direction = paragraphDirection(text, style.direction);
  const lineHeight = style.line_height ?? DEFAULT_LINE_HEIGHT;
  const letterSpacing = style.letter_spacing ?? 0;
  const fitted = fitText({
    text,
    chain,
    direction,
    width: layer.width,
    height: layer.height,
    fontSize: style.font_size,
    minFontSize: Math.min(style.font_size, style.min_font_size ?? style.font_size / 4),
    lineHeight,
    letterSpacing,
    wrap: style.wrap ?? true,
    shrink: style.shrink ?? true,
    maxLines: style.max_lines ?? Infinity,
  });
  const { size, lines } = fitted;
  const font = chain.primary.font;
  const ascent = font.ascent / font.unitsPerEm;
  const descent = -font.descent / font.unitsPerEm;
  const block = lines.length * lineHeight * size;
  const free = layer.height - block;
  const top = layer.y + (style.vertical_align === 'bottom' ? free : style.vertical_align === 'middle' ? free / 2 : 0);
  const align = direction === 'rtl' ? ({ left: 'right', right: 'left', center: 'center' } as const)[style.align ?? 'left'] : style.align;
  const paths = lines.map((line, index) => {
    const baseline = top + index * lineHeight * size + (lineHeight * size - (ascent + descent) * size) / 2 + ascent * size;
    // The last glyph's spacing does not count towards the line's visible width.
    const visible = line.width - (line.shaped.spacedGlyphs > 0 ? letterSpacing : 0);
    const free = layer.width - visible;
    const left = layer.x + (align === 'right' ? free : align === 'center' ? free / 2 : 0);
    return lineGlyphs(line, left, baseline, size, letterSpacing, defs);
  });
  const glyphs = paths.join('');
  if (glyphs === '') return '';
  return `<g fill="${colour(style.color, '#000000')}"${layerAttributes(layer)}>${glyphs}</g>`;
}
