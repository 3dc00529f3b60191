import type { Glyph, GlyphPosition } from 'fontkit';
import { embeddingLevels, mirrored, visualOrder, type Direction } from './bidi';
import type { Face, FaceChain } from './fonts';

/**
 * One line of text shaped with fontkit (kerning, ligatures, Arabic joining): split into runs
 * of one face and one embedding level, each shaped in its direction, the runs in visual order.
 * Widths are in ems, so one shaping serves every font size the fitting tries.
 */

export interface ShapedRun {
  face: Face;
  glyphs: Glyph[];
  positions: GlyphPosition[];
  /** Letter spacing applies after each glyph, except in joined scripts (Arabic). */
  spaced: boolean;
}

export interface ShapedLine {
  runs: ShapedRun[];
  /** Advance in ems (font units over units per em). */
  ems: number;
  /** Glyphs that take letter spacing. */
  spacedGlyphs: number;
}

const JOINED = /[\p{Script=Arabic}\p{Script=Syriac}\p{Script=Nko}]/u;
const NEUTRAL = /[\s\p{P}\p{S}]/u;
const CACHE_LIMIT = 4000;
const cache = new Map<string, ShapedLine>();

/** The line's width in pixels at a font size with letter spacing (px). */
export function lineWidth(line: ShapedLine, size: number, letterSpacing: number): number {
  return line.ems * size + letterSpacing * line.spacedGlyphs;
}

function runsOf(text: string, chain: FaceChain, direction: Direction): Array<{ text: string; face: Face; level: number }> {
  const characters = [...text];
  const levels = embeddingLevels(characters, direction);
  const runs: Array<{ text: string; face: Face; level: number }> = [];
  characters.forEach((logical, index) => {
    const level = levels[index] ?? 0;
    const character = mirrored(logical, level);
    const codePoint = character.codePointAt(0) ?? 0;
    const previous = runs[runs.length - 1];
    // Spaces and punctuation stay in the face around them when it has them (fewer, longer runs).
    const face =
      previous && NEUTRAL.test(character) && previous.face.font.hasGlyphForCodePoint(codePoint) ? previous.face : chain.faceFor(codePoint);
    if (previous && previous.face === face && previous.level === level) previous.text += character;
    else runs.push({ text: character, face, level });
  });
  return runs;
}

function shapeUncached(text: string, chain: FaceChain, direction: Direction): ShapedLine {
  const pieces = runsOf(text, chain, direction);
  const order = visualOrder(pieces.map((piece) => piece.level));
  let ems = 0;
  let spacedGlyphs = 0;
  const runs = order.flatMap((index) => {
    const piece = pieces[index];
    if (!piece) return [];
    const shaped = piece.face.font.layout(piece.text, undefined, undefined, undefined, piece.level % 2 === 1 ? 'rtl' : 'ltr');
    const spaced = !JOINED.test(piece.text);
    ems += shaped.positions.reduce((sum, position) => sum + position.xAdvance, 0) / piece.face.font.unitsPerEm;
    if (spaced) spacedGlyphs += shaped.glyphs.length;
    return { face: piece.face, glyphs: shaped.glyphs, positions: shaped.positions, spaced };
  });
  return { runs, ems, spacedGlyphs };
}

/** Shapes a line (kept per process, bounded: the oldest shaping is dropped first). */
export function shapeLine(text: string, chain: FaceChain, direction: Direction): ShapedLine {
  const key = `${chain.key}\u0000${direction}\u0000${text}`;
  const known = cache.get(key);
  if (known) return known;
  const line = shapeUncached(text, chain, direction);
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(key, line);
  return line;
}
