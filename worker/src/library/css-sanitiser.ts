/**
 * CSS inside SVG files (`style="…"` and `<style>`): only presentation properties survive,
 * and a value may not fetch anything: every `url()` must point at a `#fragment` of the same
 * file; `@import`, `@font-face` and every other at-rule, `image-set()`, `expression()`,
 * `javascript:` and backslash escapes (which could spell any of those) are removed.
 */

const PROPERTIES = new Set([
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-miterlimit',
  'opacity',
  'color',
  'display',
  'visibility',
  'overflow',
  'font',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'font-variant',
  'font-stretch',
  'letter-spacing',
  'word-spacing',
  'line-height',
  'text-anchor',
  'text-decoration',
  'text-transform',
  'white-space',
  'dominant-baseline',
  'alignment-baseline',
  'baseline-shift',
  'stop-color',
  'stop-opacity',
  'clip-path',
  'clip-rule',
  'mask',
  'filter',
  'flood-color',
  'flood-opacity',
  'lighting-color',
  'marker-start',
  'marker-mid',
  'marker-end',
  'transform',
  'transform-origin',
  'transform-box',
  'mix-blend-mode',
  'isolation',
  'paint-order',
  'vector-effect',
  'shape-rendering',
  'text-rendering',
  'image-rendering',
  'color-interpolation-filters',
  'enable-background',
]);

const FRAGMENT_URL = /url\(\s*(['"]?)#[A-Za-z_][\w.:-]*\1\s*\)/gi;
const FORBIDDEN_VALUE = /\\|@|<|url\s*\(|image-set\s*\(|expression\s*\(|javascript:|vbscript:|src\s*\(|attr\s*\(|-moz-binding|behavior/i;

export interface CssResult {
  css: string;
  removed: string[];
}

/** Whether a presentation value could fetch or run something (an attribute value or a declaration). */
export function unsafeCssValue(value: string): boolean {
  return FORBIDDEN_VALUE.test(value.replace(FRAGMENT_URL, ''));
}

const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?(?:\*\/|$)/g, ' ');

/** `prop: value; …` → the safe declarations, normalised to `prop:value;prop:value`. */
export function sanitiseDeclarations(text: string): CssResult {
  const kept: string[] = [];
  const removed: string[] = [];
  for (const declaration of withoutComments(text).split(';')) {
    if (declaration.trim() === '') continue;
    const colon = declaration.indexOf(':');
    const property = (colon < 0 ? declaration : declaration.slice(0, colon)).trim().toLowerCase();
    const value = colon < 0 ? '' : declaration.slice(colon + 1).trim();
    if (!PROPERTIES.has(property)) {
      removed.push(`style property "${property.slice(0, 40)}"`);
    } else if (value === '' || unsafeCssValue(value) || /[{}]/.test(value)) {
      removed.push(`style value of "${property}" (external reference or unsafe syntax)`);
    } else {
      kept.push(`${property}:${value.replace(/\s+/g, ' ')}`);
    }
  }
  return { css: kept.join(';'), removed };
}

/** Index just past the block that starts at `open` (a "{"), honouring nesting. */
function blockEnd(text: string, open: number): number {
  let depth = 0;
  for (let index = open; index < text.length; index += 1) {
    if (text[index] === '{') depth += 1;
    else if (text[index] === '}' && (depth -= 1) === 0) return index + 1;
  }
  return text.length;
}

/** A `<style>` sheet → plain `selector{declarations}` rules; every at-rule is dropped. */
export function sanitiseStylesheet(text: string): CssResult {
  const source = withoutComments(text);
  const rules: string[] = [];
  const removed: string[] = [];
  let position = 0;
  while (position < source.length) {
    const rest = source.slice(position);
    const lead = rest.length - rest.trimStart().length;
    position += lead;
    if (position >= source.length) break;
    const open = source.indexOf('{', position);
    const semicolon = source.indexOf(';', position);
    if (source[position] === '@') {
      const end = semicolon >= 0 && (open < 0 || semicolon < open) ? semicolon + 1 : open < 0 ? source.length : blockEnd(source, open);
      removed.push(`style rule ${source.slice(position, Math.min(end, position + 40)).split(/[\s{;(]/)[0]}`);
      position = end;
      continue;
    }
    if (open < 0) {
      removed.push('unterminated style rule');
      break;
    }
    const end = blockEnd(source, open);
    const selector = source.slice(position, open).trim().replace(/\s+/g, ' ');
    const body = source.slice(open + 1, end - 1);
    position = end;
    if (!/^[\w\s.#,>+~*:()[\]="'|^$-]+$/.test(selector) || /[{}]/.test(body)) {
      removed.push('style rule with an unsupported selector or nested block');
      continue;
    }
    const declarations = sanitiseDeclarations(body);
    removed.push(...declarations.removed);
    if (declarations.css) rules.push(`${selector}{${declarations.css}}`);
  }
  return { css: rules.join(''), removed };
}
