import { familyHeader, sampleLine } from './exposition';
import { LabelTree } from './label-tree';

/** One label set's running total. */
export class CounterCell {
  value = 0;
}

/**
 * A Prometheus counter (its name ends in `_total`): only goes up, may count fractions (a cost
 * in USD). Label sets named in `initial` are written at 0 before anything is counted.
 */
export class Counter {
  private readonly cells: LabelTree<CounterCell>;

  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelNames: readonly string[],
    initial: ReadonlyArray<readonly string[]> = labelNames.length === 0 ? [[]] : [],
  ) {
    if (!name.endsWith('_total')) throw new Error(`counter ${name} must end in _total`);
    this.cells = new LabelTree(labelNames.length, () => new CounterCell());
    for (const values of initial) this.cells.get(values);
  }

  /** Adds `amount` (default 1; never negative) for these label values. */
  inc(values: readonly string[], amount = 1): void {
    if (!(amount >= 0)) return;
    this.cells.get(values).value += amount;
  }

  /** The current total for these label values (0 when never counted). */
  get(values: readonly string[]): number {
    return this.cells.find(values)?.value ?? 0;
  }

  render(): string {
    let text = familyHeader(this.name, this.help, 'counter');
    for (const { values, child } of this.cells.entries()) text += sampleLine(this.name, this.labelNames, values, child.value);
    return text;
  }
}
