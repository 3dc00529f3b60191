/**
 * A query string read as PHP reads it into `$_GET`, for the parameters WordPress acts on before
 * any route (`rest_route`, `_method`): names and values percent-decoded with `+` as a space, a
 * name's ` `, `.` and `[` read as `_`, and the last of several pairs of one name wins.
 */
export interface PhpParameter {
  /** The decoded value's bytes; empty for a name without `=`. */
  value: Buffer;
  /** The other pairs, as sent. */
  rest: string[];
}

/** The last pair named `name` (as PHP names it) and the others; null when there is none. */
export function phpParameter(query: string, name: string): PhpParameter | null {
  let value: Buffer | null = null;
  const rest: string[] = [];
  for (const pair of query.split('&')) {
    const equals = pair.indexOf('=');
    const pairName = phpDecode(equals < 0 ? pair : pair.slice(0, equals))
      .toString('latin1')
      .replace(/[ .[]/g, '_');
    if (pairName === name) value = phpDecode(equals < 0 ? '' : pair.slice(equals + 1));
    else if (pair !== '') rest.push(pair);
  }
  return value === null ? null : { value, rest };
}

/** PHP's urldecode(), to bytes: `+` is a space, `%XX` a byte; anything else as it is. */
export function phpDecode(raw: string): Buffer {
  const bytes: number[] = [];
  for (let index = 0; index < raw.length; index += 1) {
    const character = raw[index]!;
    const hex = raw.slice(index + 1, index + 3);
    if (character === '%' && /^[0-9a-fA-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else if (character === '+') bytes.push(0x20);
    else bytes.push(...Buffer.from(character, 'utf8'));
  }
  return Buffer.from(bytes);
}
