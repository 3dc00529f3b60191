// The image library's section of docs/benchmarks.md (bench/library.mjs), kept between markers
// so `BENCH_ONLY=library npm run bench -- --write` can replace it alone.
import { format } from './measure.mjs';

export const LIBRARY_START = '<!-- bench:library:start -->';
export const LIBRARY_END = '<!-- bench:library:end -->';

export function libraryLines(library, samples) {
  const row = Object.fromEntries(library.rows.map((entry) => [entry.id, entry]));
  const over = (id) => format(row[id].p50 - row.baseline.p50);
  return [
    LIBRARY_START,
    '### Image library: template list and manifest 304',
    '',
    `${samples} samples per target, the targets called in turn (\`fetch\`). The list is the default first page (20 of ` +
      `${library.templates} templates, ${library.listBytes.toLocaleString('en-US')} bytes, each with its layer definition); the 304 sends the manifest's ` +
      `ETag as \`If-None-Match\` and is answered from the library's one state row (version ${library.version}; the whole manifest is ` +
      `${library.manifestBytes.toLocaleString('en-US')} bytes).`,
    '',
    '| target | p50 ms | p90 ms | p99 ms | n |',
    '|---|---|---|---|---|',
    ...library.rows.map((entry) => `| ${entry.name} | ${format(entry.p50)} | ${format(entry.p90)} | ${format(entry.p99)} | ${entry.n} |`),
    '',
    `Through WordPress, over its own \`GET /wp-json/\` (p50): the list **${over('wordpressList')} ms**, the 304 **${over('wordpress304')} ms**. ` +
      `Direct lane p50: list ${format(row.directList.p50)} ms, 304 ${format(row.direct304.p50)} ms.`,
    LIBRARY_END,
  ];
}

/** The budget row of docs/architecture.md §8 for the manifest. */
export function libraryBudgetRow(library) {
  if (!library) return '| manifest: a 304 answer without reading the template rows | not measured in this run | – |';
  const row = Object.fromEntries(library.rows.map((entry) => [entry.id, entry]));
  return (
    `| manifest: a 304 answer without reading the template rows | p50 ${format(row.direct304.p50)} ms direct, ${format(row.wordpress304.p50)} ms through WordPress; ` +
    'answered from the state row (tests/e2e/library.test.ts renames the item tables away and still gets the 304) | **pass** |'
  );
}

/** docs/benchmarks.md with the library section (and the manifest's budget row) replaced; the section is added before "Reading the figures" when missing. */
export function spliceLibrary(document, lines, budgetRow) {
  document = document.replace(/^\| manifest: a 304 answer without reading the template rows \|.*$/m, budgetRow);
  const block = lines.join('\n');
  const start = document.indexOf(LIBRARY_START);
  const end = document.indexOf(LIBRARY_END);
  if (start >= 0 && end > start) return document.slice(0, start) + block + document.slice(end + LIBRARY_END.length);
  const anchor = document.indexOf('\n## Reading the figures');
  return anchor >= 0 ? `${document.slice(0, anchor)}\n${block}\n${document.slice(anchor)}` : `${document.trimEnd()}\n\n${block}\n`;
}
