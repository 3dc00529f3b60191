/**
 * Money and counts as an operator gives them — admin routes and abilities (JSON), the CLI
 * (text) — read one way (docs/api-notes.md, "Money and counts"). `Number()` is never the
 * parser: it reads "0x10" as 16, "1e3" as 1000, " 1", "+1", "Infinity" and "" as numbers, and
 * 1e-9 is stored as 0. A string must be a plain decimal in ASCII digits; a JSON number is read
 * by its value, written as its shortest decimal (1e-7 → "0.0000001"), and held to the same rules.
 */

/** JSON's integer grammar without a sign: ASCII digits, no leading zero. */
const PLAIN_INTEGER = /^(?:0|[1-9][0-9]*)$/;
/** JSON's number grammar without sign or exponent: "0", "49", "0.15". */
const PLAIN_DECIMAL = /^(0|[1-9][0-9]*)(?:\.([0-9]+))?$/;
/** Digits past which a count is not an exact double (2^53 has 16). */
const MAX_COUNT_DIGITS = 16;

export type Reading<T> = { value: T; problem?: undefined } | { value?: undefined; problem: string };

/** A money column: DECIMAL(p, s) is `integerDigits` p − s and `scale` s. */
export interface DecimalRule {
  integerDigits: number;
  scale: number;
  /** Whether 0 is a value (a free model's price), else the amount must be more. */
  zero: boolean;
  /** Shown in the problem: "0.15", "25.00". */
  example: string;
}

/** A count: an integer from `min` to `max`; digit strings too when `strings` (the CLI, query strings). */
export interface CountRule {
  min: number;
  max: number;
  strings: boolean;
}

/** A finite non-negative number as plain decimal text, from its shortest spelling (1.5e-7 → "0.00000015"). */
function plainText(number: number): string | null {
  if (!Number.isFinite(number) || number < 0) return null;
  const text = String(number);
  const match = /^([0-9])(?:\.([0-9]+))?e([+-][0-9]+)$/.exec(text);
  if (!match) return text;
  const digits = match[1]! + (match[2] ?? '');
  const point = 1 + Number(match[3]);
  if (point <= 0) return `0.${'0'.repeat(-point)}${digits}`;
  return point >= digits.length ? digits + '0'.repeat(point - digits.length) : `${digits.slice(0, point)}.${digits.slice(point)}`;
}

/**
 * A money amount as its column stores it, `scale` decimals written out ("0.15" → "0.150000"
 * at scale 6), or what is wrong: not a plain decimal, too many digits before the point, a
 * non-zero amount below the smallest one stored, digits past the scale (never rounded), or 0
 * where the amount must be more. Extra zeros past the scale are exact and taken.
 */
export function readDecimal(input: unknown, rule: DecimalRule): Reading<string> {
  const text = typeof input === 'number' ? plainText(input) : input;
  const match = typeof text === 'string' ? PLAIN_DECIMAL.exec(text) : null;
  if (!match)
    return {
      problem: `must be a plain decimal such as "${rule.example}": ASCII digits with at most one point, no sign, exponent, spaces or separators`,
    };
  const whole = match[1]!;
  const fraction = match[2] ?? '';
  if (whole.length > rule.integerDigits)
    return { problem: `must be below 1${'0'.repeat(rule.integerDigits)} (at most ${rule.integerDigits} digits before the point)` };
  const kept = fraction.slice(0, rule.scale).padEnd(rule.scale, '0');
  const isZero = whole === '0' && !/[1-9]/.test(kept);
  const smallest = `0.${'0'.repeat(rule.scale - 1)}1`;
  if (/[1-9]/.test(fraction.slice(rule.scale))) {
    if (isZero)
      return { problem: `is below ${smallest}, the smallest amount stored; give ${rule.zero ? `0 or ` : ''}at least ${smallest}` };
    return { problem: `has more than ${rule.scale} decimals; ${rule.scale} are stored and it is never rounded` };
  }
  if (isZero && !rule.zero) return { problem: 'must be more than 0' };
  return { value: rule.scale === 0 ? whole : `${whole}.${kept}` };
}

/** An integer from `rule.min` to `rule.max`: a JSON number, or (when `rule.strings`) plain ASCII digits. */
export function readCount(input: unknown, rule: CountRule): Reading<number> {
  let number: number | null = null;
  if (typeof input === 'number') number = input;
  else if (rule.strings && typeof input === 'string' && input.length <= MAX_COUNT_DIGITS && PLAIN_INTEGER.test(input))
    number = Number(input);
  if (number === null || !Number.isInteger(number) || number < rule.min || number > rule.max) {
    return { problem: `must be an integer from ${rule.min} to ${rule.max}${rule.strings ? ' (plain digits)' : ''}` };
  }
  return { value: number };
}

/**
 * A count typed on the command line as the JSON number it stands for; any other spelling is
 * handed on as the text, for the field's validator to refuse by name ("0x10", "1e3", " 1").
 */
export function integerText(text: string): number | string {
  return text.length <= MAX_COUNT_DIGITS && PLAIN_INTEGER.test(text) ? Number(text) : text;
}
