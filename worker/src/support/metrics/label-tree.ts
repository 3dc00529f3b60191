/**
 * Children of a labelled metric, found by their label values through nested Maps (one level per
 * label), so that finding an existing child builds nothing — no joined key string per
 * observation on the request path.
 */
export class LabelTree<T> {
  private readonly root = new Map<string, unknown>();
  private readonly all: Array<{ values: string[]; child: T }> = [];

  constructor(
    private readonly depth: number,
    private readonly create: () => T,
  ) {}

  /** The child for these label values (as many as labels), created at first use. */
  get(values: readonly string[]): T {
    if (values.length !== this.depth) throw new Error(`expected ${this.depth} label values, got ${values.length}`);
    if (this.depth === 0) return this.leaf(this.root, '', values);
    let level = this.root;
    for (let index = 0; index < this.depth - 1; index++) {
      const value = values[index]!;
      let next = level.get(value) as Map<string, unknown> | undefined;
      if (next === undefined) {
        next = new Map();
        level.set(value, next);
      }
      level = next;
    }
    return this.leaf(level, values[this.depth - 1]!, values);
  }

  /** The child for these label values if it exists (creates nothing). */
  find(values: readonly string[]): T | undefined {
    if (values.length !== this.depth) return undefined;
    if (this.depth === 0) return this.root.get('') as T | undefined;
    let level: unknown = this.root;
    for (const value of values) {
      if (!(level instanceof Map)) return undefined;
      level = level.get(value);
    }
    return level as T | undefined;
  }

  /** Every child with its label values, in the order they were created. */
  entries(): ReadonlyArray<{ values: string[]; child: T }> {
    return this.all;
  }

  private leaf(level: Map<string, unknown>, value: string, values: readonly string[]): T {
    let child = level.get(value) as T | undefined;
    if (child === undefined) {
      child = this.create();
      level.set(value, child);
      this.all.push({ values: [...values], child });
    }
    return child;
  }
}
