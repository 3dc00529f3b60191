/**
 * The Prometheus text exposition format, version 0.0.4
 * (https://prometheus.io/docs/instrumenting/exposition_formats/#text-based-format):
 * `# HELP` and `# TYPE` lines, then one sample per line, `name{label="value",…} number`.
 * Only formatting lives here; the registry decides what is written.
 */

export const EXPOSITION_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

export type MetricType = 'counter' | 'gauge' | 'histogram';

/** A HELP text: backslash and line feed escaped. */
export function escapeHelp(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');
}

/** A label value: backslash, double quote and line feed escaped. */
export function escapeLabelValue(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

/** A sample value as Prometheus reads it (Go's ParseFloat): `+Inf`, `-Inf`, `NaN`, or the number. */
export function formatValue(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return '+Inf';
  if (value === -Infinity) return '-Inf';
  return String(value);
}

/** `{a="x",b="y"}` (or "" when there are no labels). */
export function formatLabels(names: readonly string[], values: readonly string[]): string {
  if (names.length === 0) return '';
  let text = '{';
  for (let index = 0; index < names.length; index++) {
    if (index > 0) text += ',';
    text += `${names[index]}="${escapeLabelValue(values[index] ?? '')}"`;
  }
  return `${text}}`;
}

/** The `# HELP` and `# TYPE` lines that open a metric family. */
export function familyHeader(name: string, help: string, type: MetricType): string {
  return `# HELP ${name} ${escapeHelp(help)}\n# TYPE ${name} ${type}\n`;
}

/** One sample line. */
export function sampleLine(name: string, names: readonly string[], values: readonly string[], value: number): string {
  return `${name}${formatLabels(names, values)} ${formatValue(value)}\n`;
}

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

/** Throws on a name the format does not allow (checked once, when a metric is defined). */
export function checkNames(name: string, labelNames: readonly string[]): void {
  if (!METRIC_NAME.test(name)) throw new Error(`metric name ${JSON.stringify(name)} is not valid in the Prometheus text format`);
  for (const label of labelNames) {
    if (!LABEL_NAME.test(label) || label.startsWith('__')) throw new Error(`label name ${JSON.stringify(label)} of ${name} is not valid`);
  }
}
