/**
 * Entity tags and `If-None-Match` (RFC 9110 §8.8.3, §13.1.2). The library's tags are strong
 * (`"sha256-…"`); `If-None-Match` compares weakly: `W/"x"` and `"x"` match, a list matches
 * when any member does, and `*` matches any current representation.
 */

/** `"<value>"`; the value must be etagc characters (no quote, no control or space). */
export function strongTag(value: string): string {
  if (!/^[\x21\x23-\x7e]*$/.test(value)) throw new TypeError('an entity tag holds only visible ASCII without a double quote');
  return `"${value}"`;
}

/** The opaque tags of an If-None-Match value (without W/), `'*'`, or null when it cannot be read. */
export function parseIfNoneMatch(header: string): string[] | '*' | null {
  const trimmed = header.trim();
  if (trimmed === '*') return '*';
  const tags: string[] = [];
  const pattern = /\s*(?:W\/)?"([\x21\x23-\x7e\x80-\xff]*)"\s*(?:,|$)/y;
  let position = 0;
  while (position < trimmed.length) {
    if (trimmed[position] === ',') {
      position += 1; // empty list members are allowed (#rule)
      continue;
    }
    pattern.lastIndex = position;
    const match = pattern.exec(trimmed);
    if (!match) return null;
    tags.push(match[1]!);
    position = pattern.lastIndex;
  }
  return tags.length > 0 ? tags : null;
}

/**
 * Whether `If-None-Match` matches the current tag by weak comparison, so the answer is 304.
 * An absent or unreadable header never matches (the full answer is always safe).
 */
export function ifNoneMatchHits(header: string | undefined, currentTag: string): boolean {
  if (header === undefined) return false;
  const parsed = parseIfNoneMatch(header);
  if (parsed === null) return false;
  if (parsed === '*') return true;
  const current = currentTag.replace(/^W\//, '').replace(/^"|"$/g, '');
  return parsed.includes(current);
}
