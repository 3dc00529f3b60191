// The template renders' section of docs/benchmarks.md (bench/renders.mjs), between markers so
// `BENCH_ONLY=renders npm run bench -- --write` replaces it alone and a full run keeps it fresh.
import { format } from './measure.mjs';
import { RENDERS_AT_ONCE } from './renders.mjs';

export const RENDERS_START = '<!-- bench:renders:start -->';
export const RENDERS_END = '<!-- bench:renders:end -->';

export function renderLines(renders, samples) {
  const row = (name, figures) =>
    `| ${name} | ${figures.perSecond.toFixed(1)} | ${format(figures.p50)} | ${format(figures.p99)} | ${figures.n} |`;
  const { atOnce } = renders;
  return [
    RENDERS_START,
    '### Template renders (`POST /wp-json/svc/v1/image-renders`)',
    '',
    `The starter's \`${renders.template}\` at 1080×1080 PNG (${renders.bytes.toLocaleString('en-US')} bytes) with three text fields and one image ` +
      `field (a 600×600 PNG as a data: URL), on the direct lane, one render at a time, ${samples} renders each: cold has unique text in every ` +
      'render (the cache misses), cached repeats one render (answered from the render cache).',
    '',
    '| renders | renders/s | p50 ms | p99 ms | n |',
    '|---|---|---|---|---|',
    row('cold (cache miss)', renders.cold),
    row('cached (cache hit)', renders.cached),
    '',
    `${RENDERS_AT_ONCE} cold renders asked at once (SVC_RENDER_CONCURRENCY 2, SVC_RENDER_QUEUE 64 for this run, so all of them queue): ` +
      `${atOnce.rendered} rendered, ${atOnce.busy} refused busy, in ${atOnce.seconds.toFixed(1)} s; the worker's RSS ` +
      `${format(atOnce.idle)} MiB before, **${format(atOnce.peak)} MiB at its peak**.`,
    RENDERS_END,
  ];
}

/** docs/benchmarks.md with the renders section replaced (added before "Reading the figures" when missing). */
export function spliceRenders(document, lines) {
  const block = lines.join('\n');
  const start = document.indexOf(RENDERS_START);
  const end = document.indexOf(RENDERS_END);
  if (start >= 0 && end > start) return document.slice(0, start) + block + document.slice(end + RENDERS_END.length);
  const anchor = document.indexOf('\n## Reading the figures');
  return anchor >= 0 ? `${document.slice(0, anchor)}\n${block}\n${document.slice(anchor)}` : `${document.trimEnd()}\n\n${block}\n`;
}

/** The section as the document holds it now (a full run keeps it when it did not measure renders). */
export function keptRenders(document) {
  const start = document.indexOf(RENDERS_START);
  const end = document.indexOf(RENDERS_END);
  return start >= 0 && end > start ? document.slice(start, end + RENDERS_END.length).split('\n') : null;
}
