/**
 * The rows of a multi-row `INSERT … VALUES (…), (…)` read back from its SQL text, for fakes of
 * the database: quoted text (mysql's backslash escapes undone) → string, NULL → null, a number →
 * number. Only the literals the usage rows are written with (usage-sql.ts).
 */
export function insertedRows(sql: string): unknown[][] {
  const start = sql.indexOf(' VALUES ');
  if (start < 0) throw new Error(`no VALUES in ${sql.slice(0, 80)}`);
  const stop = sql.indexOf('ON DUPLICATE KEY UPDATE', start);
  const text = sql.slice(start + ' VALUES '.length, stop < 0 ? sql.length : stop);
  const token = /\s*(\(|\)|,|'(?:[^'\\]|\\.)*'|NULL|-?\d+(?:\.\d+)?(?:e[+-]?\d+)?)\s*/y;
  const rows: unknown[][] = [];
  let row: unknown[] = [];
  while (token.lastIndex < text.length) {
    const at = token.lastIndex;
    const match = token.exec(text);
    if (!match) throw new Error(`unreadable SQL at ${at}: ${text.slice(at, at + 40)}`);
    const value = match[1]!;
    if (value === '(') row = [];
    else if (value === ')') rows.push(row);
    else if (value === ',') continue;
    else if (value === 'NULL') row.push(null);
    else if (value.startsWith("'")) row.push(unescape(value.slice(1, -1)));
    else row.push(Number(value));
  }
  return rows;
}

const ESCAPES: Record<string, string> = { '0': '\0', b: '\b', t: '\t', n: '\n', r: '\r', Z: '\x1a' };

function unescape(text: string): string {
  return text.replace(/\\(.)/gs, (_, character: string) => ESCAPES[character] ?? character);
}
