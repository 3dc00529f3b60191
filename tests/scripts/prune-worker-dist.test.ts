import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const LIB = resolve(__dirname, '..', '..', 'scripts', 'lib.sh');

/** A tree with worker/src and worker/dist, pruned by scripts/lib.sh's prune_worker_dist. */
function prune(root: string, files: Record<string, string>): (path: string) => boolean {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  execFileSync('bash', ['-c', `source "${LIB}" && REPO_ROOT="${root}" && prune_worker_dist`]);
  return (path) => existsSync(join(root, path));
}

describe('prune_worker_dist (the build leaves no compiled file whose source is gone)', () => {
  const root = mkdtempSync(join(tmpdir(), 'svc-prune-'));
  let exists: (path: string) => boolean;
  beforeAll(() => {
    exists = prune(root, {
      'worker/src/http/routes/index.ts': '',
      'worker/src/main.ts': '',
      'worker/dist/main.js': '',
      'worker/dist/main.js.map': '',
      'worker/dist/http/routes/index.js': '',
      'worker/dist/http/routes.js': '',
      'worker/dist/http/routes.js.map': '',
      'worker/dist/router/gone/old.js': '',
      'worker/dist/.build-stamp': '',
    });
  });

  it('keeps what has a source, and what is not compiled code', () => {
    expect(exists('worker/dist/main.js')).toBe(true);
    expect(exists('worker/dist/main.js.map')).toBe(true);
    expect(exists('worker/dist/http/routes/index.js')).toBe(true);
    expect(exists('worker/dist/.build-stamp')).toBe(true);
  });

  it('removes a module moved into a folder of its name, and a folder left empty', () => {
    expect(exists('worker/dist/http/routes.js')).toBe(false);
    expect(exists('worker/dist/http/routes.js.map')).toBe(false);
    expect(exists('worker/dist/router/gone')).toBe(false);
  });

  afterAll(() => rmSync(root, { recursive: true, force: true }));
});
