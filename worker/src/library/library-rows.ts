import type { RowDataPacket } from 'mysql2/promise';
import type { Database } from '../db/connections';
import { EMPTY_MANIFEST } from './manifest';
import { rowToItem, TABLE_OF, type EntryRow, type ItemRow, type TemplateRow } from './rows';
import type { TemplateQuery } from './query';
import { kindOfId, type ItemKind } from './vocabulary';

export interface LibraryState {
  version: number;
  hash: string;
}

/** `%`, `_` and the escape character itself taken literally in a LIKE pattern (ESCAPE '!'). */
export function likeContains(text: string): string {
  return `%${text.replace(/[!%_]/g, (character) => `!${character}`)}%`;
}

/**
 * Reads of the library. Every value from a request reaches SQL as a parameter; table names
 * come from the fixed TABLE_OF map only. Public reads see active items only.
 */
export class LibraryStore {
  constructor(private readonly database: Database) {}

  private table(kind: ItemKind): string {
    return this.database.table(TABLE_OF[kind]);
  }

  /** The small state row: version and hash (what a 304 needs), nothing else. */
  async state(): Promise<LibraryState> {
    const [rows] = await this.database.pool.query<RowDataPacket[]>(
      `SELECT version, hash FROM ${this.database.table('library_state')} WHERE id = 1`,
    );
    const row = rows[0];
    if (!row || !row.hash) return { version: EMPTY_MANIFEST.version, hash: EMPTY_MANIFEST.hash };
    return { version: Number(row.version), hash: String(row.hash) };
  }

  /** Whether the shipped starter library was ever loaded (the state row's mark). */
  async starterLoaded(): Promise<boolean> {
    const [rows] = await this.database.pool.query<RowDataPacket[]>(
      `SELECT starter_loaded_at FROM ${this.database.table('library_state')} WHERE id = 1`,
    );
    return Boolean(rows[0]?.starter_loaded_at);
  }

  /** The stored manifest as JSON text, with its version and hash. */
  async manifest(): Promise<LibraryState & { text: string }> {
    const [rows] = await this.database.pool.query<RowDataPacket[]>(
      `SELECT version, hash, manifest FROM ${this.database.table('library_state')} WHERE id = 1`,
    );
    const row = rows[0];
    if (!row || !row.hash) return { version: EMPTY_MANIFEST.version, hash: EMPTY_MANIFEST.hash, text: JSON.stringify(EMPTY_MANIFEST) };
    return { version: Number(row.version), hash: String(row.hash), text: String(row.manifest) };
  }

  async listTemplates(query: TemplateQuery): Promise<{ items: TemplateRow[]; total: number }> {
    const conditions = ["status = 'active'"];
    const values: unknown[] = [];
    if (query.category) {
      conditions.push('category = ?');
      values.push(query.category);
    }
    if (query.search) {
      const pattern = likeContains(query.search);
      conditions.push("(title LIKE ? ESCAPE '!' OR slug LIKE ? ESCAPE '!' OR tags LIKE ? ESCAPE '!')");
      values.push(pattern, pattern, pattern);
    }
    const where = conditions.join(' AND ');
    const table = this.table('template');
    const [[count], [rows]] = await Promise.all([
      this.database.pool.query<RowDataPacket[]>(`SELECT COUNT(*) AS total FROM ${table} WHERE ${where}`, values),
      this.database.pool.query<RowDataPacket[]>(`SELECT * FROM ${table} WHERE ${where} ORDER BY slug LIMIT ? OFFSET ?`, [
        ...values,
        query.perPage,
        (query.page - 1) * query.perPage,
      ]),
    ]);
    return { items: rows.map((row) => rowToItem('template', row) as TemplateRow), total: Number(count[0]?.total ?? 0) };
  }

  /** An active template by id (`tpl_…`) or slug. */
  async findTemplate(idOrSlug: string): Promise<TemplateRow | null> {
    const column = kindOfId(idOrSlug) === 'template' ? 'id' : 'slug';
    const [rows] = await this.database.pool.query<RowDataPacket[]>(
      `SELECT * FROM ${this.table('template')} WHERE ${column} = ? AND status = 'active'`,
      [idOrSlug],
    );
    return rows[0] ? (rowToItem('template', rows[0]) as TemplateRow) : null;
  }

  /** Active samples or assets of one type, by slug. */
  async listEntries(kind: 'sample' | 'asset', type: string): Promise<EntryRow[]> {
    const [rows] = await this.database.pool.query<RowDataPacket[]>(
      `SELECT * FROM ${this.table(kind)} WHERE status = 'active' AND type = ? ORDER BY slug`,
      [type],
    );
    return rows.map((row) => rowToItem(kind, row) as EntryRow);
  }

  /** Any item, active or archived, by id (admin). */
  async findItem(id: string): Promise<ItemRow | null> {
    const kind = kindOfId(id);
    if (!kind) return null;
    const [rows] = await this.database.pool.query<RowDataPacket[]>(`SELECT * FROM ${this.table(kind)} WHERE id = ?`, [id]);
    return rows[0] ? rowToItem(kind, rows[0]) : null;
  }

  /** Every item of a kind, archived ones too (export), by slug. */
  async allItems(kind: ItemKind): Promise<ItemRow[]> {
    const [rows] = await this.database.pool.query<RowDataPacket[]>(`SELECT * FROM ${this.table(kind)} ORDER BY slug`);
    return rows.map((row) => rowToItem(kind, row));
  }

  /** A stored file by the hex of its SHA-256. */
  async file(hashHex: string): Promise<{ content: Buffer; mediaType: string } | null> {
    const [rows] = await this.database.pool.query<RowDataPacket[]>(
      `SELECT content, media_type FROM ${this.database.table('library_files')} WHERE hash_hex = ? LIMIT 1`,
      [hashHex],
    );
    return rows[0] ? { content: rows[0].content as Buffer, mediaType: String(rows[0].media_type) } : null;
  }

  /** Every stored file's bytes, by item id and name (export). */
  async fileContents(): Promise<Map<string, Buffer>> {
    const [rows] = await this.database.pool.query<RowDataPacket[]>(
      `SELECT item_id, name, content FROM ${this.database.table('library_files')}`,
    );
    return new Map(rows.map((row) => [`${row.item_id}/${row.name}`, row.content as Buffer]));
  }
}
