#!/usr/bin/env node
// write-route-manifest.mjs [PLUGIN_BUILD_DIR] – the shell's route manifest, written from the
// worker's route rows (worker/dist/http/routes/, compiled by tsc beforehand) into the plugin:
//   plugin/build/routes.php   the rows WordPress registers (a PHP array: opcache keeps it compiled)
//   plugin/build/routes.json  every route with its id, for the tests (manifest ⊆ their tables)
// A file whose content is unchanged is left alone. Run by build_worker (scripts/lib.sh), so
// `npm run build`, `npm start`, `npm test`, the e2e global setup and `npm run dist` all write it.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const out = resolve(process.argv[2] ?? join(root, 'plugin', 'build'));
const require = createRequire(import.meta.url);
const { ROUTE_ROWS } = require(join(root, 'worker', 'dist', 'http', 'routes', 'index.js'));
const { routeManifest } = require(join(root, 'worker', 'dist', 'http', 'routes', 'manifest.js'));

const manifest = routeManifest(ROUTE_ROWS);

/** A PHP literal: strings single-quoted, lists and maps as array( … ). */
function php(value, indent = '') {
  if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return String(value);
  const inner = `${indent}\t`;
  const entries = Array.isArray(value)
    ? value.map((item) => `${inner}${php(item, inner)},`)
    : Object.entries(value).map(([key, item]) => `${inner}${php(key)} => ${php(item, inner)},`);
  return `array(\n${entries.join('\n')}\n${indent})`;
}

const header =
  '<?php\n// Written by scripts/write-route-manifest.mjs from worker/src/http/routes/: do not edit.\n// Read by Svc_Hub_Route_Table (includes/forwarding/class-svc-hub-route-table.php).\n';
const files = {
  'routes.php': `${header}\ndefined( 'ABSPATH' ) || exit;\n\nreturn ${php(manifest.shell)};\n`,
  'routes.json': `${JSON.stringify(manifest, null, 2)}\n`,
};
mkdirSync(out, { recursive: true });
for (const [name, content] of Object.entries(files)) {
  const file = join(out, name);
  let current = null;
  try {
    current = readFileSync(file, 'utf8');
  } catch {
    // not written yet
  }
  if (current !== content) writeFileSync(file, content);
}
process.stdout.write(`route manifest: ${manifest.routes.length} routes, ${manifest.shell.length} WordPress rows → ${out}\n`);
