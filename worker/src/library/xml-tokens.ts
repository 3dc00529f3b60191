/**
 * A small, strict XML tokenizer for SVG files: elements, attributes, text, CDATA, comments,
 * processing instructions and a DOCTYPE (reported, its internal subset skipped, never
 * expanded). Only the five predefined entities and character references are decoded; any
 * other named entity is reported as unknown and dropped, so no entity is ever expanded.
 * Anything not well-formed is an XmlError.
 */

export class XmlError extends Error {}

export interface XmlAttribute {
  name: string;
  value: string;
  unknownEntities: boolean;
}

export type XmlToken =
  | { type: 'open'; name: string; attributes: XmlAttribute[]; selfClosing: boolean }
  | { type: 'close'; name: string }
  | { type: 'text'; text: string; unknownEntities: boolean }
  | { type: 'cdata'; text: string }
  | { type: 'comment' }
  | { type: 'instruction' }
  | { type: 'doctype' };

const NAME = /[A-Za-z_:][A-Za-z0-9_.:-]*/y;
const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function codePoint(reference: string): string {
  const value = reference.startsWith('#x') ? parseInt(reference.slice(2), 16) : parseInt(reference.slice(1), 10);
  const allowed =
    value === 0x9 ||
    value === 0xa ||
    value === 0xd ||
    (value >= 0x20 && value <= 0xd7ff) ||
    (value >= 0xe000 && value <= 0xfffd) ||
    (value >= 0x10000 && value <= 0x10ffff);
  if (!allowed) throw new XmlError(`character reference &${reference}; is not a valid XML character`);
  return String.fromCodePoint(value);
}

/** Decodes references in text or an attribute value; unknown named entities are dropped. */
export function decodeReferences(raw: string): { text: string; unknownEntities: boolean } {
  let unknownEntities = false;
  const text = raw.replace(/&([^;&\s<]{0,32});|&/g, (whole, reference: string | undefined) => {
    if (reference === undefined || whole === '&') throw new XmlError('a bare "&" is not allowed (write &amp;)');
    if (/^#[0-9]{1,7}$/.test(reference) || /^#x[0-9A-Fa-f]{1,6}$/.test(reference)) return codePoint(reference);
    if (reference in PREDEFINED) return PREDEFINED[reference]!;
    if (!/^[A-Za-z_][A-Za-z0-9_.-]*$/.test(reference)) throw new XmlError(`malformed reference "&${reference};"`);
    unknownEntities = true;
    return '';
  });
  return { text, unknownEntities };
}

class Cursor {
  position = 0;
  constructor(readonly text: string) {}

  startsWith(prefix: string): boolean {
    return this.text.startsWith(prefix, this.position);
  }

  /** Moves past `end` and returns what came before it. */
  until(end: string, what: string): string {
    const index = this.text.indexOf(end, this.position);
    if (index < 0) throw new XmlError(`unterminated ${what}`);
    const content = this.text.slice(this.position, index);
    this.position = index + end.length;
    return content;
  }

  name(what: string): string {
    NAME.lastIndex = this.position;
    const match = NAME.exec(this.text);
    if (!match) throw new XmlError(`expected a name for ${what} at offset ${this.position}`);
    this.position = NAME.lastIndex;
    return match[0];
  }

  spaces(): boolean {
    const start = this.position;
    while (/[ \t\n\r]/.test(this.text[this.position] ?? '')) this.position += 1;
    return this.position > start;
  }
}

/** `<!DOCTYPE …>` with an optional `[…]` internal subset (quoted strings may hold brackets). */
function skipDoctype(cursor: Cursor): void {
  let depth = 0;
  while (cursor.position < cursor.text.length) {
    const character = cursor.text[cursor.position]!;
    cursor.position += 1;
    if (character === '"' || character === "'") cursor.until(character, 'DOCTYPE string');
    else if (character === '[') depth += 1;
    else if (character === ']') depth -= 1;
    else if (character === '>' && depth <= 0) return;
  }
  throw new XmlError('unterminated DOCTYPE');
}

function readTag(cursor: Cursor): XmlToken {
  const name = cursor.name('an element');
  const attributes: XmlAttribute[] = [];
  for (;;) {
    const spaced = cursor.spaces();
    if (cursor.startsWith('/>')) {
      cursor.position += 2;
      return { type: 'open', name, attributes, selfClosing: true };
    }
    if (cursor.startsWith('>')) {
      cursor.position += 1;
      return { type: 'open', name, attributes, selfClosing: false };
    }
    if (!spaced) throw new XmlError(`expected a space, ">" or "/>" in <${name}>`);
    const attributeName = cursor.name(`an attribute of <${name}>`);
    cursor.spaces();
    if (!cursor.startsWith('=')) throw new XmlError(`attribute ${attributeName} of <${name}> has no value`);
    cursor.position += 1;
    cursor.spaces();
    const quote = cursor.text[cursor.position];
    if (quote !== '"' && quote !== "'") throw new XmlError(`attribute ${attributeName} of <${name}> is not quoted`);
    cursor.position += 1;
    const raw = cursor.until(quote, `attribute ${attributeName}`);
    if (raw.includes('<')) throw new XmlError(`attribute ${attributeName} of <${name}> contains "<"`);
    if (attributes.some((attribute) => attribute.name === attributeName))
      throw new XmlError(`attribute ${attributeName} appears twice in <${name}>`);
    const decoded = decodeReferences(raw.replace(/[\t\n\r]/g, ' '));
    attributes.push({ name: attributeName, value: decoded.text, unknownEntities: decoded.unknownEntities });
  }
}

export function tokenizeXml(input: string): XmlToken[] {
  const cursor = new Cursor(input.replace(/\r\n?/g, '\n'));
  const tokens: XmlToken[] = [];
  while (cursor.position < cursor.text.length) {
    if (!cursor.startsWith('<')) {
      const next = cursor.text.indexOf('<', cursor.position);
      const raw = cursor.text.slice(cursor.position, next < 0 ? undefined : next);
      cursor.position = next < 0 ? cursor.text.length : next;
      if (raw.includes(']]>')) throw new XmlError('"]]>" is not allowed in text');
      const decoded = decodeReferences(raw);
      tokens.push({ type: 'text', text: decoded.text, unknownEntities: decoded.unknownEntities });
    } else if (cursor.startsWith('<!--')) {
      cursor.position += 4;
      cursor.until('-->', 'comment');
      tokens.push({ type: 'comment' });
    } else if (cursor.startsWith('<![CDATA[')) {
      cursor.position += 9;
      tokens.push({ type: 'cdata', text: cursor.until(']]>', 'CDATA section') });
    } else if (cursor.startsWith('<!DOCTYPE') || cursor.startsWith('<!doctype')) {
      cursor.position += 9;
      skipDoctype(cursor);
      tokens.push({ type: 'doctype' });
    } else if (cursor.startsWith('<?')) {
      cursor.position += 2;
      cursor.until('?>', 'processing instruction');
      tokens.push({ type: 'instruction' });
    } else if (cursor.startsWith('</')) {
      cursor.position += 2;
      const name = cursor.name('a closing tag');
      cursor.spaces();
      if (!cursor.startsWith('>')) throw new XmlError(`malformed closing tag </${name}`);
      cursor.position += 1;
      tokens.push({ type: 'close', name });
    } else if (cursor.startsWith('<!')) {
      throw new XmlError('markup declarations (<!ENTITY, <!ELEMENT …) are only allowed inside a DOCTYPE');
    } else {
      cursor.position += 1;
      tokens.push(readTag(cursor));
    }
  }
  return tokens;
}
