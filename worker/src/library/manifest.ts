import { hashJson } from './canonical-json';

/**
 * The sync manifest (docs/architecture.md §6): the library version, when it was made, a hash over the
 * rest of the manifest (its ETag), counts, and every active item's id and hash. It is built
 * in the transaction of each library change and stored in the one state row, so answering
 * it (and every 304) never reads the item tables.
 */

export interface ManifestEntry {
  id: string;
  slug: string;
  /** Samples and assets: the `{type}` whose list holds the item. */
  type?: string;
  hash: string;
  version: number;
  updated_at: string;
}

export interface ManifestItems {
  templates: ManifestEntry[];
  samples: ManifestEntry[];
  assets: ManifestEntry[];
}

export interface Manifest {
  version: number;
  generated_at: string;
  hash: string;
  counts: { templates: number; samples: number; assets: number };
  items: ManifestItems;
}

/** The hash of a manifest: `sha256-<base64>` of the canonical JSON of everything but `hash`. */
export function manifestHash(manifest: Omit<Manifest, 'hash'> & { hash?: string }): string {
  const { hash: _ignored, ...rest } = manifest;
  return hashJson(rest);
}

export function buildManifest(version: number, generatedAt: Date, items: ManifestItems): Manifest {
  const sorted: ManifestItems = {
    templates: [...items.templates].sort((a, b) => (a.id < b.id ? -1 : 1)),
    samples: [...items.samples].sort((a, b) => (a.id < b.id ? -1 : 1)),
    assets: [...items.assets].sort((a, b) => (a.id < b.id ? -1 : 1)),
  };
  const body = {
    version,
    generated_at: generatedAt.toISOString(),
    counts: { templates: sorted.templates.length, samples: sorted.samples.length, assets: sorted.assets.length },
    items: sorted,
  };
  const hash = manifestHash(body);
  return { version: body.version, generated_at: body.generated_at, hash, counts: body.counts, items: body.items };
}

/** The empty library before anything was loaded (the migration's first state row). */
export const EMPTY_MANIFEST = buildManifest(0, new Date(0), { templates: [], samples: [], assets: [] });
