import { integrityToHex } from './canonical-json';
import type { EntryRow, FileMeta, ItemRow, TemplateRow } from './rows';

/** Where WordPress serves the plugin's starter files (DESIGN §1: the plugin lives at /wp-content/plugins/svc-hub/). */
export const STARTER_FILES_PATH = '/wp-content/plugins/svc-hub/library/starter/';
/** The worker's own route for files that came with an import. */
export const FILES_ROUTE = '/wp-json/svc/v1/image-library/files/';

export interface PublicFile {
  hash: string;
  length: number;
  media_type: string;
  url: string;
}

/**
 * A file's absolute URL: the plugin's static copy for starter files (with `?ver=` so a long
 * cache lifetime is safe), else the content-addressed files route. Both on SVC_PUBLIC_URL.
 */
export function fileUrl(publicUrl: string, meta: FileMeta): string {
  const hex = integrityToHex(meta.hash) ?? '';
  if (meta.static_path) return `${publicUrl}${STARTER_FILES_PATH}${meta.static_path}?ver=${hex.slice(0, 12)}`;
  return `${publicUrl}${FILES_ROUTE}${hex}.svg`;
}

function files(publicUrl: string, item: ItemRow): Record<string, PublicFile> {
  return Object.fromEntries(
    Object.entries(item.files).map(([name, meta]) => [name, { hash: meta.hash, length: meta.length, media_type: meta.media_type, url: fileUrl(publicUrl, meta) }]),
  );
}

/** DESIGN §6 template fields, plus `files` (name → hash, length, URL) so a client can verify `hash`. */
export function templateToJson(publicUrl: string, item: TemplateRow) {
  const listed = files(publicUrl, item);
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
    files: listed,
    version: item.version,
    hash: item.hash,
    updated_at: item.updatedAt.toISOString(),
  };
}

/** A sample or an editor asset. */
export function entryToJson(publicUrl: string, item: EntryRow) {
  const listed = files(publicUrl, item);
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

export function itemToJson(publicUrl: string, item: ItemRow) {
  return item.kind === 'template' ? templateToJson(publicUrl, item) : entryToJson(publicUrl, item);
}
