import type { Direction } from './bidi';
import type { FaceChain } from './fonts';
import { lineWidth, shapeLine, type ShapedLine } from './text-shaping';

/**
 * Fitting a text layer into its box (docs/library.md "Rendering"): paragraphs split at `\n`
 * wrap at word boundaries (between any two characters of scripts written without spaces),
 * a word wider than the box breaks between characters; the size shrinks until the lines fit
 * the box's width, height and `max_lines`, not below `min_font_size`; what still does not fit
 * is cut, the last line kept ending in an ellipsis. Never wider or taller than the box (at
 * least one line is drawn).
 */

export interface FitRequest {
  text: string;
  chain: FaceChain;
  direction: Direction;
  width: number;
  height: number;
  fontSize: number;
  minFontSize: number;
  lineHeight: number;
  letterSpacing: number;
  wrap: boolean;
  shrink: boolean;
  maxLines: number;
}

export interface FittedLine {
  text: string;
  shaped: ShapedLine;
  width: number;
}

export interface FittedText {
  size: number;
  lines: FittedLine[];
}

const ELLIPSIS = '\u2026';
const CLOSE_UP = /\p{Script=Han}|\p{Script=Hiragana}|\p{Script=Katakana}|\p{Script=Hangul}|\p{Script=Thai}/u;
/** Never at the start of a line (closing punctuation, small kana marks). */
const NO_LINE_START = /[、。，．・：；？！ー」』）】〉》〕｝ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ,.!?;:)\]}]/u;
const WHITESPACE = /\s/u;
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** Break units: each ends where a line may break (after spaces; around characters of CJK and Thai). */
export function breakUnits(paragraph: string): string[] {
  const characters = [...paragraph];
  const units: string[] = [];
  let current = '';
  characters.forEach((character, index) => {
    const next = characters[index + 1];
    current += character;
    if (next === undefined) return;
    const afterSpace = WHITESPACE.test(character) && !WHITESPACE.test(next);
    const closeUp = (CLOSE_UP.test(character) || CLOSE_UP.test(next)) && !WHITESPACE.test(next) && !NO_LINE_START.test(next);
    if (afterSpace || closeUp) {
      units.push(current);
      current = '';
    }
  });
  if (current !== '') units.push(current);
  return units;
}

class Measure {
  constructor(
    private readonly request: FitRequest,
    readonly size: number,
  ) {}

  line(text: string): FittedLine {
    const shaped = shapeLine(text, this.request.chain, this.request.direction);
    return { text, shaped, width: lineWidth(shaped, this.size, this.request.letterSpacing) };
  }

  fits(text: string): boolean {
    return this.line(text).width <= this.request.width + 1e-6;
  }

  /** A unit wider than the box, in pieces that fit (whole graphemes, at least one each). */
  split(unit: string): string[] {
    const pieces: string[] = [];
    let current = '';
    for (const { segment } of graphemes.segment(unit)) {
      if (current !== '' && !this.fits((current + segment).trimEnd())) {
        pieces.push(current);
        current = '';
      }
      current += segment;
    }
    if (current !== '') pieces.push(current);
    return pieces;
  }

  /**
   * Greedy wrapping: as many units on a line as fit, trailing spaces not counted. Widths are
   * summed per unit (each shaped once and kept), so a long text wraps at every size quickly;
   * the lines drawn are shaped whole.
   */
  wrap(paragraph: string): string[] {
    const lines: string[] = [];
    let line = '';
    let width = 0;
    for (const unit of breakUnits(paragraph)) {
      const trimmed = unit.trimEnd();
      if (width + this.line(trimmed).width <= this.request.width + 1e-6) {
        line += unit;
        width += this.line(unit).width;
        continue;
      }
      if (line !== '') lines.push(line.trimEnd());
      const pieces = this.fits(trimmed) ? [unit] : this.split(unit);
      lines.push(...pieces.slice(0, -1).map((piece) => piece.trimEnd()));
      line = pieces[pieces.length - 1] ?? '';
      width = this.line(line).width;
    }
    lines.push(line.trimEnd());
    return lines;
  }

  lines(): string[] {
    const paragraphs = this.request.text.split('\n');
    return this.request.wrap ? paragraphs.flatMap((paragraph) => this.wrap(paragraph)) : paragraphs;
  }

  /** How many lines the box holds at this size (at least one). */
  capacity(): number {
    const byHeight = Math.floor(this.request.height / (this.request.lineHeight * this.size) + 1e-9);
    return Math.max(1, Math.min(this.request.maxLines, byHeight));
  }

  fitsBox(): boolean {
    const lines = this.lines();
    const tallEnough = lines.length * this.request.lineHeight * this.size <= this.request.height + 1e-6;
    // Wrapped lines are as wide as the box at most by construction; unwrapped ones are measured.
    return tallEnough && lines.length <= this.request.maxLines && (this.request.wrap || lines.every((line) => this.fits(line)));
  }

  /** The line shortened (whole graphemes) until it and the ellipsis fit. */
  ellipsis(text: string): FittedLine {
    const pieces = [...graphemes.segment(text)].map(({ segment }) => segment);
    while (pieces.length > 0 && !this.fits(pieces.join('').trimEnd() + ELLIPSIS)) pieces.pop();
    return this.line(pieces.join('').trimEnd() + ELLIPSIS);
  }
}

/** The largest size (in steps of 1/4 px) from minFontSize to fontSize that fits, else minFontSize. */
function fittingSize(request: FitRequest): number {
  if (!request.shrink || new Measure(request, request.fontSize).fitsBox()) return request.fontSize;
  let low = Math.ceil(request.minFontSize * 4);
  let high = Math.floor(request.fontSize * 4) - 1;
  if (low > high || !new Measure(request, low / 4).fitsBox()) return request.minFontSize;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (new Measure(request, middle / 4).fitsBox()) low = middle;
    else high = middle - 1;
  }
  return low / 4;
}

export function fitText(request: FitRequest): FittedText {
  const size = fittingSize(request);
  const measure = new Measure(request, size);
  const texts = measure.lines();
  const shown = texts.slice(0, measure.capacity());
  const cut = shown.length < texts.length;
  const lines = shown.map((text, index) =>
    (cut && index === shown.length - 1) || !measure.fits(text) ? measure.ellipsis(text) : measure.line(text),
  );
  return { size, lines };
}
