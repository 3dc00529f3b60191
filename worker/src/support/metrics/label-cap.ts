/**
 * Keeps a label's values bounded: the first `limit` distinct values seen by this process keep
 * their name, every later one is `other`. (First seen rather than "top by volume": a counter's
 * series may never move from one label value to another, so a value's label is fixed once given.)
 */
export class LabelCap {
  private readonly seen = new Set<string>();

  constructor(
    private readonly limit: number,
    private readonly fallback = 'other',
  ) {}

  label(value: string): string {
    if (this.seen.has(value)) return value;
    if (this.seen.size >= this.limit) return this.fallback;
    this.seen.add(value);
    return value;
  }
}
