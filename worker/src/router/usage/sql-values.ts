import { escape } from 'mysql2';

/**
 * SQL literals for the usage rows' multi-row writes, made here rather than by mysql2's
 * placeholder formatting: a completion batch at saturation carries hundreds of rows every
 * 200 ms, and mysql2 formats each row with a generic escaper for every value and a Date object
 * per timestamp, several times what these literals cost (docs/benchmarks.md has the figures).
 * The output is what mysql2 would send for
 * the same values with the pool's `timezone: 'Z'`: strings quoted with its escaping (the
 * common string, with none of the characters it escapes, is quoted as it is), NULL, numbers
 * as JavaScript prints them, timestamps as UTC `'YYYY-MM-DD HH:MM:SS.mmm'`.
 */

/** The characters mysql2 escapes in a string (backslash escapes; sql_mode without NO_BACKSLASH_ESCAPES). */
// eslint-disable-next-line no-control-regex -- these control characters are exactly what mysql2 escapes
const NEEDS_ESCAPING = /[\0\b\t\n\r\x1a"'\\]/;

export function sqlText(value: string | null): string {
  if (value === null) return 'NULL';
  return NEEDS_ESCAPING.test(value) ? escape(value) : `'${value}'`;
}

/**
 * A number (token counts, prices, milliseconds); NULL for null — and for NaN or an infinity,
 * which SQL cannot hold: a statement that failed on one would hold back every row of its batch.
 */
export function sqlNumber(value: number | null): string {
  return value === null || !Number.isFinite(value) ? 'NULL' : String(value);
}

let cachedSecond = Number.NaN;
let cachedPrefix = '';

/** A UTC DATETIME(3) literal for epoch milliseconds; the date-and-seconds part is reused within a second. */
export function sqlTimestamp(epochMs: number): string {
  const ms = Math.floor(epochMs);
  const second = Math.floor(ms / 1000);
  if (second !== cachedSecond) {
    const iso = new Date(second * 1000).toISOString(); // 2026-11-25T01:23:45.000Z
    cachedPrefix = `'${iso.slice(0, 10)} ${iso.slice(11, 19)}.`;
    cachedSecond = second;
  }
  const millis = ms - second * 1000;
  return `${cachedPrefix}${millis < 10 ? '00' : millis < 100 ? '0' : ''}${millis}'`;
}
