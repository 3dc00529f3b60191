import type { PathCommand } from 'fontkit';
import { paragraphDirection } from './bidi';
import { faceChain } from './fonts';
import { fitText, type FittedLine } from './text-fit';
import { layerAttributes, number, type Layer } from './svg-parts';

/**
 * A text layer as one SVG path of its glyph outlines (docs/library.md "Rendering"): the same
 * pixels whatever fonts the machine or the browser has. Right-to-left paragraphs mirror
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

/** Outline commands in font units (y up) → path data at a pen position, in canvas pixels. */
function outline(commands: PathCommand[], originX: number, baseline: number, scale: number, slant: boolean): string {
  const point = (x: number, y: number) => `${number(originX + (x + (slant ? y * SLANT : 0)) * scale)} ${number(baseline - y * scale)}`;
  return commands
    .map(({ command, args }) => {
      const pairs: string[] = [];
      for (let index = 0; index + 1 < args.length; index += 2) pairs.push(point(args[index] ?? 0, args[index + 1] ?? 0));
      if (command === 'moveTo') return `M${pairs[0]}`;
      if (command === 'lineTo') return `L${pairs[0]}`;
      if (command === 'quadraticCurveTo') return `Q${pairs.join(' ')}`;
      if (command === 'bezierCurveTo') return `C${pairs.join(' ')}`;
      return 'Z';
    })
    .join('');
}

function lineOutline(line: FittedLine, left: number, baseline: number, size: number, letterSpacing: number): string {
  let pen = left;
  const parts: string[] = [];
  for (const run of line.shaped.runs) {
    const scale = size / run.face.font.unitsPerEm;
    run.glyphs.forEach((glyph, index) => {
      const position = run.positions[index] ?? { xAdvance: 0, yAdvance: 0, xOffset: 0, yOffset: 0 };
      const x = pen + position.xOffset * scale;
      parts.push(outline(glyph.path.commands, x, baseline - position.yOffset * scale, scale, run.face.slant));
      pen += position.xAdvance * scale + (run.spaced ? letterSpacing : 0);
    });
  }
  return parts.join('');
}

export function textLayer(layer: Layer): string {
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
    return lineOutline(line, left, baseline, size, letterSpacing);
  });
  const d = paths.join('');
  if (d === '') return '';
  return `<path d="${d}" fill="${style.color ?? '#000000'}"${layerAttributes(layer)}/>`;
}
