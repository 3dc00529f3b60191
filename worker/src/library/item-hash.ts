import { hashJson } from './canonical-json';
import type { ItemKind } from './vocabulary';

/** The fields an item's hash covers besides its files (docs/library.md, "Hashes"). */
export const HASHED_FIELDS: Record<ItemKind, readonly string[]> = {
  template: ['slug', 'title', 'category', 'type', 'tags', 'width', 'height', 'format', 'definition'],
  sample: ['slug', 'type', 'title', 'tags', 'data'],
  asset: ['slug', 'type', 'title', 'tags', 'data'],
};

/**
 * An item's content hash: `sha256-<base64>` of the canonical JSON of its hashed fields plus
 * `files`, a map of file name to that file's own `sha256-<base64>`. Anyone holding the item's
 * public JSON and its files can recompute it; id, version, dates and URLs are not covered.
 */
export function itemHash(kind: ItemKind, item: Record<string, unknown>, fileHashes: Record<string, string>): string {
  const covered: Record<string, unknown> = { files: fileHashes };
  for (const field of HASHED_FIELDS[kind]) covered[field] = item[field];
  return hashJson(covered);
}
