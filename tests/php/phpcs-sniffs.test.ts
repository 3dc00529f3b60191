import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The custom PHP_CodeSniffer sniffs (scripts/phpcs/SvcHub) against their samples in
 * tests/php/phpcs/<Sniff>/: each `bad*.php` yields exactly the findings its `// expect: Code…`
 * comments name, on those lines; each `good*.php` yields none. Needs Debian's php-codesniffer
 * (scripts/ensure-packages.sh installs it).
 */
const ROOT = join(__dirname, '..', '..');
const STANDARD = join(ROOT, 'scripts', 'phpcs', 'SvcHub');
const SAMPLES = join(__dirname, 'phpcs');
const SNIFFS: Record<string, string> = {
  DirectAccess: 'SvcHub.Files.DirectAccess',
  EscapeOutput: 'SvcHub.Security.EscapeOutput',
  NonceVerification: 'SvcHub.Security.NonceVerification',
  PreparedSQL: 'SvcHub.DB.PreparedSQL',
};

interface Finding {
  line: number;
  code: string;
}

function findings(sniff: string, file: string): Finding[] {
  const result = spawnSync('phpcs', [`--standard=${STANDARD}`, `--sniffs=${sniff}`, '--report=json', '-q', file], { encoding: 'utf8' });
  if (result.error) throw result.error;
  const report = JSON.parse(result.stdout) as { files: Record<string, { messages: { line: number; source: string }[] }> };
  return Object.values(report.files)
    .flatMap((entry) => entry.messages)
    .map((message) => ({ line: message.line, code: message.source.slice(sniff.length + 1) }))
    .sort((a, b) => a.line - b.line || a.code.localeCompare(b.code));
}

function expected(file: string): Finding[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((text, index) =>
      (
        text
          .match(/\/\/ expect: ([\w ]+)$/)?.[1]
          ?.trim()
          .split(/\s+/) ?? []
      ).map((code) => ({ line: index + 1, code })),
    )
    .sort((a, b) => a.line - b.line || a.code.localeCompare(b.code));
}

const cases = Object.entries(SNIFFS).flatMap(([folder, sniff]) =>
  readdirSync(join(SAMPLES, folder))
    .filter((name) => name.endsWith('.php'))
    .map((name) => ({ sniff, sample: `${folder}/${name}`, file: join(SAMPLES, folder, name) })),
);

describe('custom PHP_CodeSniffer sniffs', () => {
  it('each has a bad and a good sample', () => {
    for (const folder of Object.keys(SNIFFS)) {
      const names = cases.filter((entry) => entry.sample.startsWith(`${folder}/`)).map((entry) => entry.sample);
      expect(names.some((name) => name.includes('/bad'))).toBe(true);
      expect(names.some((name) => name.includes('/good'))).toBe(true);
    }
  });

  it.each(cases)('$sample gives exactly the expected findings', ({ sniff, sample, file }) => {
    const want = expected(file);
    if (sample.includes('/bad')) expect(want.length).toBeGreaterThan(0);
    else expect(want).toEqual([]);
    expect(findings(sniff, file)).toEqual(want);
  });
});
