/**
 * Right-to-left text (docs/library.md "Rendering"): a paragraph's direction from its first
 * strong character, and the visual order of a line's pieces by a reduced Unicode
 * Bidirectional Algorithm (UAX #9: strong letters, European digits, neutrals; rules W7,
 * N1–N2, I1–I2, L2, L4 for brackets). Explicit embedding controls are not supported.
 */

export type Direction = 'ltr' | 'rtl';
type BidiClass = 'L' | 'R' | 'EN' | 'N';

const RIGHT_TO_LEFT = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\u200F]/u;
const LETTER = /[\p{L}\u200E]/u;
const DIGIT = /\p{Nd}/u;
const MARK = /\p{M}/u;

function classOf(character: string): BidiClass {
  if (RIGHT_TO_LEFT.test(character)) return DIGIT.test(character) ? 'EN' : 'R';
  if (LETTER.test(character)) return 'L';
  if (DIGIT.test(character)) return 'EN';
  return 'N';
}

/** `auto`: the first strong character's direction (left to right when there is none). */
export function paragraphDirection(text: string, requested: 'auto' | Direction = 'auto'): Direction {
  if (requested !== 'auto') return requested;
  for (const character of text) {
    const kind = classOf(character);
    if (kind === 'R') return 'rtl';
    if (kind === 'L') return 'ltr';
  }
  return 'ltr';
}

/** One embedding level per character (UTF-16 index of each code point's first unit). */
export function embeddingLevels(characters: string[], direction: Direction): number[] {
  const base: BidiClass = direction === 'rtl' ? 'R' : 'L';
  const classes = characters.map(classOf);
  // Combining marks take the class of what they sit on.
  characters.forEach((character, index) => {
    if (MARK.test(character) && index > 0) classes[index] = classes[index - 1] ?? 'N';
  });
  // W7: digits after a left-to-right letter (or at the start of an LTR paragraph) are L.
  let lastStrong: BidiClass = base;
  classes.forEach((kind, index) => {
    if (kind === 'EN' && lastStrong === 'L') classes[index] = 'L';
    if (kind === 'L' || kind === 'R') lastStrong = kind;
  });
  // N1–N2: neutrals between the same direction take it (digits count as R), else the paragraph's.
  const strength = (kind: BidiClass): BidiClass => (kind === 'EN' ? 'R' : kind);
  for (let start = 0; start < classes.length; start += 1) {
    if (classes[start] !== 'N') continue;
    let end = start;
    while (end < classes.length && classes[end] === 'N') end += 1;
    const before = strength(classes[start - 1] ?? base);
    const after = strength(classes[end] ?? base);
    classes.fill(before === after ? before : base, start, end);
    start = end;
  }
  // I1–I2.
  const paragraph = direction === 'rtl' ? 1 : 0;
  return classes.map((kind) => {
    if (paragraph === 0) return kind === 'L' ? 0 : kind === 'R' ? 1 : 2;
    return kind === 'R' ? 1 : 2;
  });
}

const MIRRORS: Record<string, string> = {
  '(': ')',
  ')': '(',
  '[': ']',
  ']': '[',
  '{': '}',
  '}': '{',
  '<': '>',
  '>': '<',
  '«': '»',
  '»': '«',
  '‹': '›',
  '›': '‹',
};

/** L4: a character drawn right to left shows its mirror image (an opening bracket faces the text it opens). */
export function mirrored(character: string, level: number): string {
  return level % 2 === 1 ? (MIRRORS[character] ?? character) : character;
}

/** L2: the visual order of pieces, given each piece's level (pieces in logical order). */
export function visualOrder(levels: number[]): number[] {
  const order = levels.map((_, index) => index);
  const highest = Math.max(0, ...levels);
  const lowestOdd = Math.min(...levels.filter((level) => level % 2 === 1), highest + 1);
  for (let level = highest; level >= lowestOdd; level -= 1) {
    for (let start = 0; start < order.length; start += 1) {
      const at = (position: number) => levels[order[position] ?? 0] ?? 0;
      if (at(start) < level) continue;
      let end = start;
      while (end < order.length && at(end) >= level) end += 1;
      order.splice(start, end - start, ...order.slice(start, end).reverse());
      start = end;
    }
  }
  return order;
}
