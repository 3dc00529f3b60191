import { familyHeader, formatLabels, formatValue, sampleLine } from './exposition';
import { LabelTree } from './label-tree';

/** Upper bounds in seconds for request and provider latencies: 1 ms to 60 s. */
export const LATENCY_BUCKETS_SECONDS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/** One label set's observations: a count per bucket (not cumulative until written), sum, count. */
export class HistogramCells {
  readonly counts: Float64Array;
  sum = 0;
  count = 0;

  constructor(private readonly bounds: readonly number[]) {
    this.counts = new Float64Array(bounds.length);
  }

  observe(value: number): void {
    const bounds = this.bounds;
    let index = 0;
    while (index < bounds.length && value > bounds[index]!) index++;
    if (index < bounds.length) this.counts[index]!++;
    this.sum += value;
    this.count++;
  }
}

/**
 * A Prometheus histogram: `_bucket{le=…}` (cumulative, ending with `le="+Inf"` = `_count`),
 * `_sum` and `_count` per label set. Observing finds the cells through nested Maps (no key string).
 */
export class Histogram {
  private readonly cells: LabelTree<HistogramCells>;
  private readonly bounds: number[];

  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelNames: readonly string[],
    buckets: readonly number[] = LATENCY_BUCKETS_SECONDS,
  ) {
    this.bounds = [...buckets].sort((a, b) => a - b);
    if (this.bounds.some((bound, index) => !Number.isFinite(bound) || bound === this.bounds[index - 1])) {
      throw new Error(`${name}: buckets must be finite and distinct`);
    }
    if (labelNames.includes('le')) throw new Error(`${name}: "le" is reserved for buckets`);
    this.cells = new LabelTree(labelNames.length, () => new HistogramCells(this.bounds));
  }

  /** Records one value for these label values. */
  observe(values: readonly string[], value: number): void {
    this.cells.get(values).observe(value);
  }

  /** The cells of one label set (to observe repeatedly without a look-up). */
  labels(values: readonly string[]): HistogramCells {
    return this.cells.get(values);
  }

  render(): string {
    let text = familyHeader(this.name, this.help, 'histogram');
    const bucketLabels = [...this.labelNames, 'le'];
    for (const { values, child } of this.cells.entries()) {
      let cumulative = 0;
      for (let index = 0; index < this.bounds.length; index++) {
        cumulative += child.counts[index]!;
        text += sampleLine(`${this.name}_bucket`, bucketLabels, [...values, formatValue(this.bounds[index]!)], cumulative);
      }
      text += sampleLine(`${this.name}_bucket`, bucketLabels, [...values, '+Inf'], child.count);
      const labels = formatLabels(this.labelNames, values);
      text += `${this.name}_sum${labels} ${formatValue(child.sum)}\n${this.name}_count${labels} ${formatValue(child.count)}\n`;
    }
    return text;
  }
}
