import { familyHeader, sampleLine } from './exposition';

/** What a gauge reads when scraped: one value per label set. */
export type GaugeSamples = Array<{ values: string[]; value: number }>;

/**
 * A Prometheus gauge read at scrape time (`read` may query the database); a failed read writes
 * no sample rather than failing the scrape.
 */
export class Gauge {
  constructor(
    readonly name: string,
    readonly help: string,
    readonly labelNames: readonly string[],
    private readonly read: () => number | GaugeSamples | Promise<number | GaugeSamples>,
  ) {}

  async render(): Promise<string> {
    let text = familyHeader(this.name, this.help, 'gauge');
    let samples: GaugeSamples;
    try {
      const read = await this.read();
      samples = typeof read === 'number' ? [{ values: [], value: read }] : read;
    } catch {
      return text;
    }
    for (const { values, value } of samples) text += sampleLine(this.name, this.labelNames, values, value);
    return text;
  }
}
