/**
 * PHP's version_compare() (docs/commerce.md "Releases and updates"): WordPress decides whether an
 * update is newer with it, so the hub compares release versions the same way. `-`, `_` and `+`
 * become `.`, a `.` goes between a digit and a letter, then part by part: numbers as numbers,
 * special forms ranked dev < alpha = a < beta = b < RC = rc < number < pl = p, anything else
 * below dev.
 */
const SPECIAL: Record<string, number> = { dev: 0, alpha: 1, a: 1, beta: 2, b: 2, RC: 3, rc: 3, '#': 4, pl: 5, p: 5 };

function canonical(version: string): string[] {
  const spaced = version
    .replace(/[-_+]/g, '.')
    .replace(/(\d)(?=[^\d.])/g, '$1.')
    .replace(/([^\d.])(?=\d)/g, '$1.');
  return spaced.split('.').filter((part) => part !== '');
}

const isNumber = (part: string) => /^\d+$/.test(part);
const rank = (part: string) => SPECIAL[part] ?? -6;

function comparePart(left: string, right: string): number {
  if (isNumber(left) && isNumber(right)) return Math.sign(Number(left) - Number(right));
  if (!isNumber(left) && !isNumber(right)) return Math.sign(rank(left) - rank(right));
  return isNumber(left) ? Math.sign(rank('#') - rank(right)) : Math.sign(rank(left) - rank('#'));
}

/** -1, 0 or 1, as PHP's version_compare($left, $right). */
export function compareVersions(left: string, right: string): number {
  const a = canonical(left);
  const b = canonical(right);
  for (let index = 0; index < Math.min(a.length, b.length); index += 1) {
    const result = comparePart(a[index]!, b[index]!);
    if (result !== 0) return result;
  }
  if (a.length === b.length) return 0;
  const longer = a.length > b.length ? a[b.length]! : b[a.length]!;
  const sign = a.length > b.length ? 1 : -1;
  return isNumber(longer) ? sign : sign * Math.sign(rank(longer) - rank('#'));
}

/** A release version as the admin may give it: digits first, then PHP's separators and special forms, up to 40 characters. */
export function validReleaseVersion(version: string): boolean {
  return version.length <= 40 && /^\d+(\.\d+)*([-_+.]?[0-9A-Za-z]+)*$/.test(version);
}
