// npm run bench — the figures DESIGN §8 budgets, measured side by side in one run on a private
// stack. Prints a markdown table; with --write, also replaces docs/benchmarks.md's latest run.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpus } from 'node:os';
import { format, interleave } from './measure.mjs';
import { repoRoot, startStack } from './stack.mjs';

const samples = Number(process.env.BENCH_SAMPLES ?? 300);
const stack = await startStack();
let rows;
try {
  process.stderr.write(`[bench] ${samples} interleaved samples per target, concurrency 1\n`);
  rows = await interleave(
    [
      { name: 'WordPress `GET /wp-json/` (baseline)', url: `${stack.wordpressUrl}/wp-json/` },
      { name: 'WordPress lane `GET /wp-json/llm/router/v1/health`', url: `${stack.wordpressUrl}/wp-json/llm/router/v1/health` },
      { name: 'direct lane `GET /wp-json/llm/router/v1/health`', url: `${stack.workerUrl}/wp-json/llm/router/v1/health` },
    ],
    { samples },
  );
} finally {
  stack.stop();
}

const [baseline, viaWordPress, direct] = rows;
const lines = [
  `Run ${new Date().toISOString()} on ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown cpu'}), Node ${process.version}, php -S with ${4} workers.`,
  '',
  '| target | p50 ms | p90 ms | p99 ms | n |',
  '|---|---|---|---|---|',
  ...rows.map((row) => `| ${row.name} | ${format(row.p50)} | ${format(row.p90)} | ${format(row.p99)} | ${row.n} |`),
  '',
  `Plugin overhead through WordPress (health p50 − \`/wp-json/\` p50): **${format(viaWordPress.p50 - baseline.p50)} ms** ` +
    `(ratio ${(viaWordPress.p50 / baseline.p50).toFixed(2)}×; budget ≤ 3 ms). Direct lane p50: ${format(direct.p50)} ms.`,
];
process.stdout.write(`${lines.join('\n')}\n`);
if (process.argv.includes('--write')) {
  const document = [
    '# Benchmarks',
    '',
    'Measured by `npm run bench -- --write` (bench/run.mjs) on a private stack started for the run:',
    'MariaDB, WordPress 6.1 on `php -S` (4 workers, opcache as Debian ships it), the worker. Each target',
    'is called in turn, so all of them see the same machine conditions. Health reads the database',
    '(a `SELECT 1` shared for one second), so it is a real forwarded route, not a constant.',
    '',
    '## WordPress lane vs WordPress itself',
    '',
    ...lines,
    '',
  ].join('\n');
  writeFileSync(join(repoRoot, 'docs', 'benchmarks.md'), document);
  process.stderr.write('[bench] wrote docs/benchmarks.md\n');
}
