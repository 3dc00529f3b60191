import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The PHP side's unit checks: each `*.php` script here runs on the PHP CLI without WordPress,
 * prints "ok" and exits 0, or prints what failed and exits non-zero.
 */
const scripts = readdirSync(__dirname).filter((name) => name.endsWith('.php'));

describe('PHP unit scripts', () => {
  it('exist', () => {
    expect(scripts).toContain('signer-vector.php');
  });

  it.each(scripts)('%s passes', (script) => {
    const result = spawnSync('php', [join(__dirname, script)], { encoding: 'utf8' });
    expect(`${result.stdout}${result.stderr}`.trim()).toMatch(/ok$/);
    expect(result.status).toBe(0);
  });
});
