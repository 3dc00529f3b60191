import type { RowDataPacket } from 'mysql2/promise';
import type { ItemKind, ItemStatus } from './vocabulary';

/** A file as an item row lists it (the bytes are in library_files). */
export interface FileMeta {
  hash: string;
  length: number;
  media_type: string;
  /** Path under plugin/library/starter/ when WordPress serves the same bytes as a static file. */
  static_path: string | null;
}

interface CommonRow {
  id: string;
  slug: string;
  title: string;
  tags: string[];
  files: Record<string, FileMeta>;
  status: ItemStatus;
  origin: 'starter' | 'import';
  version: number;
  hash: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface TemplateRow extends CommonRow {
  kind: 'template';
  category: string;
  type: string;
  width: number;
  height: number;
  format: string;
  definition: Record<string, unknown>;
}

export interface EntryRow extends CommonRow {
  kind: 'sample' | 'asset';
  type: string;
  data: Record<string, unknown>;
}

export type ItemRow = TemplateRow | EntryRow;

export const TABLE_OF: Record<ItemKind, string> = { template: 'library_templates', sample: 'library_samples', asset: 'library_assets' };

const common = (row: RowDataPacket) => ({
  id: String(row.id),
  slug: String(row.slug),
  title: String(row.title),
  tags: JSON.parse(String(row.tags)) as string[],
  files: JSON.parse(String(row.files)) as Record<string, FileMeta>,
  status: row.status as ItemStatus,
  origin: row.origin as 'starter' | 'import',
  version: Number(row.version),
  hash: String(row.hash),
  createdAt: row.created_at as Date,
  updatedAt: row.updated_at as Date,
});

export function rowToItem(kind: ItemKind, row: RowDataPacket): ItemRow {
  if (kind === 'template') {
    return {
      ...common(row),
      kind,
      category: String(row.category),
      type: String(row.type),
      width: Number(row.width),
      height: Number(row.height),
      format: String(row.format),
      definition: JSON.parse(String(row.definition)) as Record<string, unknown>,
    };
  }
  return { ...common(row), kind, type: String(row.type), data: JSON.parse(String(row.data)) as Record<string, unknown> };
}
