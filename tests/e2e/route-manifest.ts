import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ManifestRoute, RouteManifest } from '../../worker/src/http/routes/manifest';

export type { ManifestRoute };

/**
 * The route manifest the build writes from worker/src/http/routes/ (plugin/build/routes.json,
 * scripts/write-route-manifest.mjs; the e2e global setup writes it before any test file loads).
 * Test tables key their extra data by route id and check that every id here has an entry.
 */
export const MANIFEST_FILE = join(__dirname, '..', '..', 'plugin', 'build', 'routes.json');

function readManifest(): RouteManifest {
  try {
    return JSON.parse(readFileSync(MANIFEST_FILE, 'utf8')) as RouteManifest;
  } catch (error) {
    throw new Error(`${MANIFEST_FILE} is missing or unreadable (npm run build writes it): ${(error as Error).message}`);
  }
}

export const MANIFEST_ROUTES: ManifestRoute[] = readManifest().routes;

/** Ids of a table's entries that the manifest has no route for, and manifest ids it has no entry for. */
export function tableGaps(
  table: Record<string, unknown>,
  routes: ManifestRoute[] = MANIFEST_ROUTES,
): { missing: string[]; unknown: string[] } {
  const ids = new Set(routes.map((route) => route.id));
  return {
    missing: routes.map((route) => route.id).filter((id) => !(id in table)),
    unknown: Object.keys(table).filter((id) => !ids.has(id)),
  };
}
