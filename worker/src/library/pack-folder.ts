import { readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { PACK_PATH } from './pack';

/**
 * A pack kept as a folder: `pack.json` (the pack without `files`) and the SVG files it names,
 * at their pack paths below the folder. The shipped starter library is such a folder; the CLI
 * imports one too. Paths are checked against PACK_PATH (no "..", no absolute paths) and must
 * resolve inside the folder before anything is read.
 */
export function readPackFolder(folder: string): Record<string, unknown> {
  const root = resolve(folder);
  const pack = JSON.parse(readFileSync(join(root, 'pack.json'), 'utf8')) as Record<string, unknown>;
  const files: Record<string, string> = {};
  for (const list of ['templates', 'samples', 'assets']) {
    const entries = Array.isArray(pack[list]) ? (pack[list] as Record<string, unknown>[]) : [];
    for (const entry of entries) {
      for (const field of ['preview', 'image']) {
        const path = entry?.[field];
        if (typeof path !== 'string' || !PACK_PATH.test(path) || path in files) continue;
        const absolute = resolve(root, path);
        if (relative(root, absolute).startsWith(`..${sep}`)) continue;
        files[path] = readFileSync(absolute, 'utf8');
      }
    }
  }
  return { ...pack, files };
}
