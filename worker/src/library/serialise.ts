import { integrityToHex } from './canonical-json';
import { effectiveFields } from './renders/template-fields';
import type { EntryRow, FileMeta, ItemRow, TemplateRow } from './rows';

/** The starter files' folder inside the plugin, as WordPress serves it. */
export const STARTER_FILES_PATH = '/library/starter/';
/** The worker's own route for files that came with an import. */
export const FILES_ROUTE = '/wp-json/svc/v1/image-library/files/';

/** Where a library answer's links point: the site (SVC_PUBLIC_URL) and the plugin's folder (SVC_PLUGIN_URL). */
export interface LibraryLinks {
  publicUrl: string;
  pluginUrl: string;
}

export interface PublicFile {
  hash: string;
  length: number;
  media_type: string;
  url: string;
}

/**
 * A file's absolute URL: the plugin's static copy for starter files (with `?ver=` so a long
 * cache lifetime is safe), else the content-addressed files route on SVC_PUBLIC_URL.
 */
export function fileUrl(links: LibraryLinks, meta: FileMeta): string {
  const hex = integrityToHex(meta.hash) ?? '';
  if (meta.static_path) return `${links.pluginUrl}${STARTER_FILES_PATH}${meta.static_path}?ver=${hex.slice(0, 12)}`;
  return `${links.publicUrl}${FILES_ROUTE}${hex}.svg`;
}

function files(links: LibraryLinks, item: ItemRow): Record<string, PublicFile> {
  return Object.fromEntries(
    Object.entries(item.files).map(([name, meta]) => [
      name,
      { hash: meta.hash, length: meta.length, media_type: meta.media_type, url: fileUrl(links, meta) },
    ]),
  );
}

/** docs/architecture.md §6 template fields, plus `fields` (render inputs) and `files` (name → hash, length, URL) so a client can verify `hash`. */
export function templateToJson(links: LibraryLinks, item: TemplateRow) {
  const listed = files(links, item);
  return {
    id: item.id,
    slug: item.slug,
    title: item.title,
    category: item.category,
    type: item.type,
    tags: item.tags,
    width: item.width,
    height: item.height,
    format: item.format,
    preview_url: listed['preview.svg']?.url ?? null,
    definition: item.definition,
    /** What a render may fill in (docs/library.md "Fields"): declared, or implicit per text and image layer; not hashed (it follows from `definition`). */
    fields: effectiveFields(item.definition),
    files: listed,
    version: item.version,
    hash: item.hash,
    updated_at: item.updatedAt.toISOString(),
  };
}

/** A sample or an editor asset. */
export function entryToJson(links: LibraryLinks, item: EntryRow) {
  const listed = files(links, item);
  return {
    id: item.id,
    slug: item.slug,
    type: item.type,
    title: item.title,
    tags: item.tags,
    data: item.data,
    image_url: listed['image.svg']?.url ?? null,
    files: listed,
    version: item.version,
    hash: item.hash,
    updated_at: item.updatedAt.toISOString(),
  };
}
