import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { importCycles, importGraph } from './import-graph';

const WORKER_SOURCES = resolve(__dirname, '..', '..', 'worker', 'src');

const describeCycle = (files: string[]) => files.join(' ↔ ');

describe('import cycles in worker/src', () => {
  /** docs/architecture.md §0: no import cycles — ESLint's import/no-cycle does not see type-only ones. */
  it('has none, type-only imports and re-exports included', () => {
    expect(importCycles(importGraph(WORKER_SOURCES)).map(describeCycle)).toEqual([]);
  });
});

describe('the import graph', () => {
  let root: string;
  const write = (files: Record<string, string>) => {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
  };
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'svc-cycles-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('finds a cycle made only of type imports, and one closed by a re-export', () => {
    write({
      'a.ts': "import type { B } from './b';\nexport interface A { b: B }\n",
      'b.ts': "import type { A } from './a';\nexport interface B { a: A }\n",
      'c/index.ts': "export { D } from '../d';\nexport const C = 1;\n",
      'd.ts': "import { C } from './c';\nexport const D = C;\n",
    });
    expect(importCycles(importGraph(root))).toEqual([
      ['a.ts', 'b.ts'],
      ['c/index.ts', 'd.ts'],
    ]);
  });

  it('reports a longer cycle as one group, and leaves out packages, tests and one-way arrows', () => {
    write({
      'one.ts': "import { two } from './two';\nimport express from 'express';\nexport const one = two;\n",
      'two.ts': "export { three as two } from './three';\n",
      'three.ts': "import type { one } from './one';\nexport const three: typeof one = 3;\n",
      'leaf.ts': "import { one } from './one';\nexport const leaf = one;\n",
      'leaf.test.ts': "import { leaf } from './leaf';\nimport './one';\n",
    });
    expect(importCycles(importGraph(root))).toEqual([['one.ts', 'three.ts', 'two.ts']]);
  });

  it('finds no cycle in a tree without one', () => {
    write({ 'a.ts': "import { b } from './b';\nexport const a = b;\n", 'b.ts': 'export const b = 1;\n' });
    expect(importCycles(importGraph(root))).toEqual([]);
  });
});
