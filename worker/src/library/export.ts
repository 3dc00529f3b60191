import { PACK_FORMAT, PACK_FORMAT_VERSION } from './pack';
import type { ItemRow } from './rows';
import type { LibraryState, LibraryStore } from './library-rows';

/** The pack path of an item's file: its starter path when it has one, else by kind, type and slug. */
function filePath(item: ItemRow, name: string): string {
  const meta = item.files[name];
  if (meta?.static_path) return meta.static_path;
  return item.kind === 'template' ? `previews/${item.slug}.svg` : `${item.kind}s/${item.type}/${item.slug}.svg`;
}

function entryOf(item: ItemRow, files: Record<string, string>, contents: Map<string, Buffer>): Record<string, unknown> {
  const [name] = Object.keys(item.files);
  let reference: string | undefined;
  if (name) {
    reference = filePath(item, name);
    files[reference] = contents.get(`${item.id}/${name}`)?.toString('utf8') ?? '';
  }
  if (item.kind === 'template') {
    const { slug, title, category, type, tags, width, height, format, definition, status } = item;
    return { slug, title, category, type, tags, width, height, format, definition, status, preview: reference };
  }
  const { slug, type, title, tags, data, status } = item;
  return { slug, type, title, tags, data, status, ...(reference ? { image: reference } : {}) };
}

/**
 * The whole library, archived items included, as one pack (docs/library.md): importing it
 * into an empty hub recreates the same items with the same hashes.
 */
export async function exportPack(store: LibraryStore, state: LibraryState, source: string): Promise<Record<string, unknown>> {
  const [templates, samples, assets, contents] = await Promise.all([
    store.allItems('template'),
    store.allItems('sample'),
    store.allItems('asset'),
    store.fileContents(),
  ]);
  const files: Record<string, string> = {};
  return {
    format: PACK_FORMAT,
    format_version: PACK_FORMAT_VERSION,
    source,
    library_version: state.version,
    library_hash: state.hash,
    exported_at: new Date().toISOString(),
    templates: templates.map((item) => entryOf(item, files, contents)),
    samples: samples.map((item) => entryOf(item, files, contents)),
    assets: assets.map((item) => entryOf(item, files, contents)),
    files,
  };
}
