/**
 * A real Prometheus text-format parser (parse-prometheus-text-format, a port of the Prometheus
 * Python client's parser; it throws on a line the format does not allow), typed for the tests.
 *
 * Its known limitation: a histogram family is flattened into one entry, so the buckets of several
 * label sets overwrite each other and labelled `_sum`/`_count` are dropped. `histogramSeries()`
 * therefore hands it one series at a time: the family's header and that series' lines with the
 * series' own labels taken off.
 */
const parsePrometheusTextFormat = require('parse-prometheus-text-format') as (text: string) => ParsedFamily[];

export interface ParsedFamily {
  name: string;
  help: string;
  type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
  metrics: Array<{ value?: string; labels?: Record<string, string>; buckets?: Record<string, string>; count?: string; sum?: string }>;
}

export function parseExposition(text: string): ParsedFamily[] {
  return parsePrometheusTextFormat(text);
}

/** The families by name. */
export function familiesOf(text: string): Map<string, ParsedFamily> {
  return new Map(parseExposition(text).map((family) => [family.name, family]));
}

/** A counter's or gauge's value for exactly these labels (0 when the series is absent). */
export function sampleValue(families: Map<string, ParsedFamily>, name: string, labels: Record<string, string> = {}): number {
  const family = families.get(name);
  if (!family) throw new Error(`no metric family ${name}`);
  const wanted = JSON.stringify(Object.entries(labels).sort());
  const metric = family.metrics.find((item) => JSON.stringify(Object.entries(item.labels ?? {}).sort()) === wanted);
  return metric?.value === undefined ? 0 : Number(metric.value);
}

/**
 * One histogram series (its labels without `le`), parsed on its own: buckets (cumulative, by
 * `le`), count and sum; null when the series is absent.
 */
export function histogramSeries(
  text: string,
  name: string,
  labels: Record<string, string>,
): { buckets: Record<string, number>; count: number; sum: number } | null {
  const inner = Object.entries(labels)
    .map(([label, value]) => `${label}="${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n')}"`)
    .join(',');
  const lines = text.split('\n').filter((line) => {
    if (line === `# HELP ${name}` || line.startsWith(`# HELP ${name} `) || line === `# TYPE ${name} histogram`) return true;
    return (
      line.startsWith(`${name}_bucket{${inner},le="`) ||
      line.startsWith(`${name}_sum{${inner}} `) ||
      line.startsWith(`${name}_count{${inner}} `)
    );
  });
  if (lines.length <= 2) return null;
  // The series' own labels taken off, so the parser sees a plain histogram it reads correctly.
  const alone = lines.map((line) => line.replace(`{${inner},le="`, '{le="').replace(`{${inner}} `, ' '));
  const [family] = parseExposition(`${alone.join('\n')}\n`);
  const metric = family?.metrics[0];
  if (!metric?.buckets) throw new Error(`${name}{${inner}} did not parse as a histogram`);
  return {
    buckets: Object.fromEntries(Object.entries(metric.buckets).map(([bound, count]) => [bound, Number(count)])),
    count: Number(metric.count),
    sum: Number(metric.sum),
  };
}
