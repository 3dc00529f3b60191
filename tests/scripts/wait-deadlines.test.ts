import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { WAIT_MS } from '../support/eventually';

/**
 * The class of flaky test that fails only on a loaded machine: a wait for a condition with a
 * short deadline of its own (tests/README.md "Waiting"). Every deadline in the tests is at least
 * WAIT_MS, or comes from a parameter, or is the documented bound a test exists to check.
 */
const ROOT = join(__dirname, '..');
/** Deadlines that are themselves what the test checks (a documented time), by file. */
const DOCUMENTED_BOUNDS: Record<string, string> = {
  'e2e/key-revocation-workers.test.ts': 'REVOCATION_BOUND_MS', // docs/api-notes.md: a revoked key is refused everywhere within 5 s
};
const DEADLINE = /Date\.now\(\)\s*\+\s*([A-Za-z_][\w.]*|[\d_]+)/g;
/** A wait counted in tries (`for (let tries = 0; … tries < 50; …)`): its deadline is tries × pause, as short as the above. */
const COUNTED = /\blet tries\b/;

function sources(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'fixtures' ? [] : sources(path);
    return /\.(ts|js|mjs)$/.test(entry.name) ? [path] : [];
  });
}

/** Deadlines set with a literal or constant below WAIT_MS (`Date.now() + 5000`), or counted in tries, per file and line. */
export function shortDeadlines(text: string, file: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, index) => {
    if (COUNTED.test(line)) found.push(`${file}:${index + 1}: ${line.trim()} (a wait counted in tries: use eventually)`);
    if (!/deadline|By\b|until/i.test(line)) return;
    for (const match of line.matchAll(DEADLINE)) {
      const term = match[1]!;
      const literal = /^[\d_]+$/.test(term) ? Number(term.replace(/_/g, '')) : null;
      if (literal !== null && literal < WAIT_MS) found.push(`${file}:${index + 1}: ${line.trim()}`);
      if (literal === null && /^[A-Z_]+$/.test(term) && term !== 'WAIT_MS' && DOCUMENTED_BOUNDS[file] !== term)
        found.push(`${file}:${index + 1}: ${line.trim()} (a constant deadline: use WAIT_MS, or list it as a documented bound)`);
    }
  });
  return found;
}

describe('waits in the tests', () => {
  it('give every condition at least WAIT_MS (tests/support/eventually.ts), whatever the load', () => {
    const files = sources(ROOT).filter((path) => !path.endsWith('wait-deadlines.test.ts'));
    const found = files.flatMap((path) => shortDeadlines(readFileSync(path, 'utf8'), relative(ROOT, path)));
    expect(found).toEqual([]);
  });

  it('finds a short deadline written the usual ways', () => {
    expect(shortDeadlines('const deadline = Date.now() + 5000;', 'x.ts')).toHaveLength(1);
    expect(shortDeadlines('for (const deadline = Date.now() + 3_000; Date.now() < deadline; ) {}', 'x.ts')).toHaveLength(1);
    expect(shortDeadlines('const suspendedBy = Date.now() + 10_000;', 'x.ts')).toHaveLength(1);
    expect(shortDeadlines('const deadline = Date.now() + BOUND_MS;', 'x.ts')).toHaveLength(1);
    expect(shortDeadlines('const deadline = Date.now() + WAIT_MS;', 'x.ts')).toEqual([]);
    expect(shortDeadlines('const deadline = Date.now() + timeoutMs;', 'x.ts')).toEqual([]);
    expect(shortDeadlines('const deadline = Date.now() + 60_000;', 'x.ts')).toEqual([]);
    expect(shortDeadlines('const expiresAt = Date.now() + 5000;', 'x.ts')).toEqual([]);
    expect(shortDeadlines("for (let tries = 0; row.status === 'open' && tries < 50; tries += 1) {", 'x.ts')).toHaveLength(1);
  });
});
