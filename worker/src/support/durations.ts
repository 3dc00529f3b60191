const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/**
 * One delay: `0`, or a whole number with a unit `ms`, `s`, `m` or `h` (`200ms`, `5s`, `30m`,
 * `2h`). Returns milliseconds, or null when the text is not such a delay.
 */
export function parseDuration(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '0') return 0;
  const match = /^(\d{1,9})(ms|s|m|h)$/.exec(trimmed);
  return match ? Number(match[1]) * UNITS[match[2]!]! : null;
}

/** A comma list of delays (`0,200ms,1s,2s`); null when any entry is not a delay. */
export function parseDurationList(text: string): number[] | null {
  const delays = text.split(',').map(parseDuration);
  return delays.every((delay): delay is number => delay !== null) ? delays : null;
}
