import { sanitiseDeclarations, sanitiseStylesheet, unsafeCssValue } from './css-sanitiser';
import {
  ATTRIBUTES,
  ELEMENTS,
  FRAGMENT_REFERENCE,
  INLINE_IMAGE,
  SVG_NAMESPACE,
  UNWRAPPED_ELEMENTS,
  XLINK_NAMESPACE,
} from './svg-allowlist';
import { tokenizeXml, XmlError, type XmlAttribute } from './xml-tokens';

export const SVG_MAX_BYTES = 512 * 1024;
const MAX_DEPTH = 64;
const MAX_ELEMENTS = 20_000;

export class SvgError extends Error {}

export interface SanitisedSvg {
  /** The file as stored and served: re-serialised from what was parsed, nothing else. */
  svg: string;
  /** What was taken out, for the import report (empty when the file was already clean). */
  removed: string[];
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) =>
  escapeText(text).replace(/"/g, '&quot;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;');
/** Control characters and spaces removed, lower-cased: how a browser reads a URL scheme. */
// eslint-disable-next-line no-control-regex -- removing control characters is the point.
const schemeView = (value: string) => value.replace(/[\u0000-\u0020\u007f-\u009f]/g, '').toLowerCase();

/** The value to keep for an attribute, or the reason it goes. */
function checkAttribute(element: string, attribute: XmlAttribute): { value: string } | { problem: string } {
  const { name, value } = attribute;
  if (!ATTRIBUTES.has(name)) return { problem: name.toLowerCase().startsWith('on') ? 'event handler' : 'attribute not allowed' };
  if (attribute.unknownEntities) return { problem: 'undeclared entity reference' };
  if (name === 'xmlns') return value === SVG_NAMESPACE ? { value } : { problem: 'foreign namespace' };
  if (name === 'xmlns:xlink') return value === XLINK_NAMESPACE ? { value } : { problem: 'foreign namespace' };
  if (name === 'href' || name === 'xlink:href') {
    const reference = value.trim();
    if (FRAGMENT_REFERENCE.test(reference)) return { value: reference };
    if (element === 'image' && INLINE_IMAGE.test(reference)) return { value: reference };
    return { problem: 'external reference' };
  }
  if (/script:/.test(schemeView(value))) return { problem: 'script URL' };
  if (name === 'style') {
    const { css } = sanitiseDeclarations(value);
    return css ? { value: css } : { problem: 'unsafe style' };
  }
  if (value.includes('\\') || unsafeCssValue(value.replace(/[<@]/g, ''))) return { problem: 'external reference or escape' };
  return { value };
}

interface Frame {
  name: string;
  mode: 'keep' | 'drop' | 'unwrap';
  /** The start tag is written but not yet closed with ">" (so an empty element becomes "<x/>"). */
  open: boolean;
  styleText?: string;
}

/**
 * Sanitises one SVG file: parses it strictly, keeps only allowed elements and attributes,
 * and writes it out again (so what is stored is exactly what was checked). A DOCTYPE (and
 * any entity it declares), comments and processing instructions are dropped. The root must
 * be <svg>; the result always declares the SVG namespace. Sanitising a result again gives
 * the same bytes. Throws SvgError when the file is not well-formed SVG or too big.
 */
export function sanitiseSvg(input: string): SanitisedSvg {
  if (Buffer.byteLength(input, 'utf8') > SVG_MAX_BYTES) throw new SvgError(`the file is larger than ${SVG_MAX_BYTES} bytes`);
  let tokens;
  try {
    tokens = tokenizeXml(input.replace(/^\uFEFF/, ''));
  } catch (error) {
    if (error instanceof XmlError) throw new SvgError(`not well-formed XML: ${error.message}`);
    throw error;
  }
  const removed = new Set<string>();
  const output: string[] = [];
  const stack: Frame[] = [];
  let roots = 0;
  let elements = 0;
  const dropping = () => stack.some((frame) => frame.mode === 'drop');
  const closeStartTag = () => {
    const parent = [...stack].reverse().find((frame) => frame.mode === 'keep');
    if (parent?.open) {
      output.push('>');
      parent.open = false;
    }
  };

  for (const token of tokens) {
    if (token.type === 'doctype') removed.add('DOCTYPE (and any entities it declares)');
    if (token.type === 'comment' || token.type === 'instruction' || token.type === 'doctype') continue;
    if (token.type === 'open') {
      if (stack.length === 0 && (roots += 1) > 1) throw new SvgError('more than one root element');
      if (stack.length === 0 && token.name !== 'svg') throw new SvgError(`the root element is <${token.name.slice(0, 40)}>, not <svg>`);
      if ((elements += 1) > MAX_ELEMENTS) throw new SvgError(`more than ${MAX_ELEMENTS} elements`);
      if (stack.length >= MAX_DEPTH) throw new SvgError(`elements nested deeper than ${MAX_DEPTH}`);
      const insideStyle = stack.some((frame) => frame.styleText !== undefined);
      const known = ELEMENTS.has(token.name) && !insideStyle;
      const mode = dropping() ? 'drop' : known ? 'keep' : UNWRAPPED_ELEMENTS.has(token.name) && !insideStyle ? 'unwrap' : 'drop';
      if (mode === 'drop' && !dropping()) removed.add(`<${token.name.slice(0, 40)}> element`);
      if (mode === 'unwrap') removed.add(`<${token.name}> wrapper`);
      const frame: Frame = { name: token.name, mode, open: false };
      if (mode === 'keep') {
        closeStartTag();
        const attributes: string[] = [];
        for (const attribute of token.attributes) {
          const checked = checkAttribute(token.name, attribute);
          if ('value' in checked) attributes.push(` ${attribute.name}="${escapeAttribute(checked.value)}"`);
          else removed.add(`${attribute.name.slice(0, 40)} on <${token.name}> (${checked.problem})`);
        }
        if (stack.length === 0 && !attributes.some((attribute) => attribute.startsWith(' xmlns="')))
          attributes.unshift(` xmlns="${SVG_NAMESPACE}"`);
        output.push(`<${token.name}${attributes.join('')}`);
        frame.open = true;
        if (token.name === 'style') frame.styleText = '';
      }
      if (token.selfClosing) {
        if (frame.mode === 'keep') output.push('/>');
      } else {
        stack.push(frame);
      }
      continue;
    }
    if (token.type === 'close') {
      const frame = stack.pop();
      if (!frame || frame.name !== token.name) throw new SvgError(`</${token.name.slice(0, 40)}> does not close the open element`);
      if (frame.mode !== 'keep') continue;
      if (frame.styleText !== undefined && frame.styleText.trim() !== '') {
        const sheet = sanitiseStylesheet(frame.styleText);
        for (const item of sheet.removed) removed.add(item);
        if (sheet.css) {
          output.push('>', escapeText(sheet.css));
          frame.open = false;
        }
      }
      output.push(frame.open ? '/>' : `</${frame.name}>`);
      continue;
    }
    // Text or CDATA.
    if (stack.length === 0) {
      if (token.text.trim() !== '') throw new SvgError('text outside the root element');
      continue;
    }
    if (token.type === 'text' && token.unknownEntities) removed.add('undeclared entity references');
    if (dropping()) continue;
    const style = [...stack].reverse().find((frame) => frame.mode === 'keep');
    if (style?.styleText !== undefined) {
      style.styleText += token.text;
      continue;
    }
    if (token.text === '') continue;
    closeStartTag();
    output.push(escapeText(token.text));
  }
  if (stack.length > 0) throw new SvgError(`<${stack[stack.length - 1]!.name.slice(0, 40)}> is never closed`);
  if (roots === 0) throw new SvgError('no <svg> element');
  return { svg: output.join(''), removed: [...removed] };
}
