import { Counter } from './counter';
import { checkNames } from './exposition';
import { Gauge, type GaugeSamples } from './gauge';
import { Histogram } from './histogram';

type Family = Counter | Gauge | Histogram;

/**
 * The metric families of one process, written in the order they were defined. Areas define and
 * update their series through it (worker/src/support/metrics/hub-metrics.ts names them all);
 * it imports nothing from any area.
 */
export class MetricsRegistry {
  private readonly families = new Map<string, Family>();

  counter(name: string, help: string, labelNames: readonly string[] = [], initial?: ReadonlyArray<readonly string[]>): Counter {
    return this.add(new Counter(name, help, labelNames, initial));
  }

  histogram(name: string, help: string, labelNames: readonly string[] = [], buckets?: readonly number[]): Histogram {
    return this.add(new Histogram(name, help, labelNames, buckets));
  }

  gauge(
    name: string,
    help: string,
    read: () => number | GaugeSamples | Promise<number | GaugeSamples>,
    labelNames: readonly string[] = [],
  ): Gauge {
    return this.add(new Gauge(name, help, labelNames, read));
  }

  /** The whole exposition (gauges are read now). */
  async render(): Promise<string> {
    const parts = await Promise.all([...this.families.values()].map((family) => family.render()));
    return parts.join('');
  }

  private add<T extends Family>(family: T): T {
    checkNames(family.name, family.labelNames);
    if (this.families.has(family.name)) throw new Error(`metric ${family.name} is defined twice`);
    this.families.set(family.name, family);
    return family;
  }
}
