// The "WordPress lane behind php-fpm" section of docs/benchmarks.md (bench/nginx.mjs), kept
// between markers: `npm run bench -- nginx --write` replaces it alone, and the full run's
// --write (bench/run.mjs) carries it over.
import { format, percentile } from './measure.mjs';

export const FRONT_START = '<!-- bench:wordpress-front:start -->';
export const FRONT_END = '<!-- bench:wordpress-front:end -->';

const median = (values) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

/**
 * `runs`: per run, each target's { p50, p90, p99, n } (target 0 the worker called directly).
 * `machine`: { startedAt, php, nginx, samples }.
 */
export function frontLines(targets, runs, machine) {
  const medians = targets.map((_, index) => ({
    p50: median(runs.map((run) => run[index].p50)),
    p90: median(runs.map((run) => run[index].p90)),
    p99: median(runs.map((run) => run[index].p99)),
  }));
  const over = (index) => format(medians[index].p50 - medians[0].p50);
  return [
    FRONT_START,
    '### WordPress lane behind php-fpm: the fast lane and the full boot',
    '',
    `Run ${machine.startedAt} (\`npm run bench -- nginx\`): a blocking chat at concurrency 1 through Debian's nginx ${machine.nginx} → ` +
      `php-fpm ${machine.php} (the shipped pool, deploy/php-fpm/svc-hub.conf; OPcache as Debian's php-fpm enables it) → WordPress, a plain ` +
      'WordPress site with no location for the worker (a host that only runs PHP in front), beside the worker called directly. ' +
      'Both WordPress rows are one server and one pool: the fast lane is the must-use loader the plugin installs (plugin/README.md, ' +
      '"The fast lane"), the full boot the same site with `fastcgi_param SVC_HUB_FAST_LANE off`. ' +
      `${runs.length} runs of ${machine.samples} samples per target, the targets called in turn; each figure is the median of the runs ` +
      `(each run's p50 in brackets).`,
    '',
    '| target | p50 ms | p90 ms | p99 ms |',
    '|---|---|---|---|',
    ...targets.map(
      (target, index) =>
        `| ${target.name} | ${format(medians[index].p50)} (${runs.map((run) => format(run[index].p50)).join(', ')}) | ` +
        `${format(medians[index].p90)} | ${format(medians[index].p99)} |`,
    ),
    '',
    `Over the direct lane at p50: the fast lane **+${over(1)} ms**, the full boot **+${over(2)} ms** (target of issue 28: the WordPress lane within 5 ms).`,
    FRONT_END,
  ];
}

/** docs/benchmarks.md with the section replaced, or added before "Reading the figures". */
export function spliceFront(document, lines) {
  const block = lines.join('\n');
  const start = document.indexOf(FRONT_START);
  const end = document.indexOf(FRONT_END);
  if (start >= 0 && end > start) return document.slice(0, start) + block + document.slice(end + FRONT_END.length);
  const anchor = document.indexOf('\n## Reading the figures');
  return anchor >= 0 ? `${document.slice(0, anchor)}\n${block}\n${document.slice(anchor)}` : `${document.trimEnd()}\n\n${block}\n`;
}

/** A new document (the full run's) with the old document's section carried over. */
export function keepFrontSection(oldDocument, newDocument) {
  const start = oldDocument.indexOf(FRONT_START);
  const end = oldDocument.indexOf(FRONT_END);
  if (start < 0 || end < start || newDocument.includes(FRONT_START)) return newDocument;
  return spliceFront(newDocument, [oldDocument.slice(start, end + FRONT_END.length)]);
}
