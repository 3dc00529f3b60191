import type { PoolConnection, ResultSetHeader, RowDataPacket } from 'mysql2/promise';
import type { Database } from '../db/connections';
import { withTransaction } from '../db/transaction';
import { prefixedId } from '../support/ids';
import { integrityToHex } from './canonical-json';
import { buildManifest, type ManifestEntry, type ManifestItems } from './manifest';
import type { ItemInput } from './pack';
import { TABLE_OF, type FileMeta } from './rows';
import type { LibraryState } from './library-rows';
import { ID_PREFIX, kindOfId, type ItemKind, type ItemStatus } from './vocabulary';

export type Origin = 'starter' | 'import';
export type Outcome = 'created' | 'updated' | 'unchanged';

/** One library change in progress: its connection, its time, whether anything changed. */
export interface Change {
  connection: PoolConnection;
  at: Date;
  changed: boolean;
  starterLoadedAt: Date | null;
}

const json = (value: unknown) => JSON.stringify(value);

function fileMeta(item: ItemInput): Record<string, FileMeta> {
  return Object.fromEntries(
    item.files.map((file) => [
      file.name,
      { hash: file.hash, length: file.length, media_type: file.mediaType, static_path: file.staticPath },
    ]),
  );
}

/** Column values of an item row besides id, status, origin, version, hash and dates. */
function contentColumns(item: ItemInput): Record<string, unknown> {
  const { fields } = item;
  const shared = { slug: item.slug, title: fields.title, tags: json(fields.tags), files: json(fileMeta(item)) };
  if (item.kind === 'template') {
    return {
      ...shared,
      category: fields.category,
      type: fields.type,
      width: fields.width,
      height: fields.height,
      format: fields.format,
      definition: json(fields.definition),
    };
  }
  return { ...shared, type: fields.type, data: json(fields.data) };
}

/**
 * Every library change runs here, in one transaction that first locks the state row (so
 * changes are serialised across workers), then changes items, then — if anything changed —
 * raises the library version by one and stores the rebuilt manifest and its hash. A change
 * that changes nothing (the same pack imported twice) leaves the version alone.
 */
export class LibraryWriter {
  constructor(
    private readonly database: Database,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async change<T>(work: (change: Change) => Promise<T>): Promise<{ result: T; state: LibraryState; changed: boolean }> {
    return withTransaction(this.database, async (connection) => {
      const [rows] = await connection.query<RowDataPacket[]>(
        `SELECT version, hash, starter_loaded_at FROM ${this.database.table('library_state')} WHERE id = 1 FOR UPDATE`,
      );
      if (!rows[0])
        throw new Error(
          'The library state row is missing; run the migrations (svc-hub-worker migrate; in a checkout: npm run hub -- migrate).',
        );
      const change: Change = { connection, at: this.now(), changed: false, starterLoadedAt: rows[0].starter_loaded_at as Date | null };
      const result = await work(change);
      let state: LibraryState = { version: Number(rows[0].version), hash: String(rows[0].hash) };
      if (change.changed) state = await this.commitVersion(connection, state.version + 1, change.at);
      return { result, state, changed: change.changed };
    });
  }

  private async commitVersion(connection: PoolConnection, version: number, at: Date): Promise<LibraryState> {
    const entries = async (kind: ItemKind): Promise<ManifestEntry[]> => {
      const type = kind === 'template' ? '' : ', type';
      const [rows] = await connection.query<RowDataPacket[]>(
        `SELECT id, slug${type}, hash, version, updated_at FROM ${this.database.table(TABLE_OF[kind])} WHERE status = 'active'`,
      );
      return rows.map((row) => ({
        id: String(row.id),
        slug: String(row.slug),
        ...(kind === 'template' ? {} : { type: String(row.type) }),
        hash: String(row.hash),
        version: Number(row.version),
        updated_at: (row.updated_at as Date).toISOString(),
      }));
    };
    const items: ManifestItems = { templates: await entries('template'), samples: await entries('sample'), assets: await entries('asset') };
    const manifest = buildManifest(version, at, items);
    await connection.query(
      `UPDATE ${this.database.table('library_state')} SET version = ?, hash = ?, manifest = ?, updated_at = ? WHERE id = 1`,
      [version, manifest.hash, json(manifest), at],
    );
    return { version, hash: manifest.hash };
  }

  /** Creates or replaces an item by (kind, slug); unchanged content and status is left alone. */
  async upsert(change: Change, item: ItemInput, origin: Origin): Promise<{ id: string; outcome: Outcome }> {
    const table = this.database.table(TABLE_OF[item.kind]);
    const [rows] = await change.connection.query<RowDataPacket[]>(`SELECT id, hash, status FROM ${table} WHERE slug = ? FOR UPDATE`, [
      item.slug,
    ]);
    const existing = rows[0];
    if (existing && existing.hash === item.hash && existing.status === item.status)
      return { id: String(existing.id), outcome: 'unchanged' };
    change.changed = true;
    const columns = contentColumns(item);
    if (!existing) {
      const id = prefixedId(ID_PREFIX[item.kind]);
      const values = {
        id,
        ...columns,
        status: item.status,
        origin,
        version: 1,
        hash: item.hash,
        created_at: change.at,
        updated_at: change.at,
      };
      await change.connection.query(`INSERT INTO ${table} SET ?`, [values]);
      await this.writeFiles(change, id, item);
      return { id, outcome: 'created' };
    }
    const id = String(existing.id);
    if (existing.hash === item.hash) {
      await change.connection.query(`UPDATE ${table} SET status = ?, version = version + 1, updated_at = ? WHERE id = ?`, [
        item.status,
        change.at,
        id,
      ]);
    } else {
      const values = { ...columns, status: item.status, origin, hash: item.hash, updated_at: change.at };
      await change.connection.query(`UPDATE ${table} SET ?, version = version + 1 WHERE id = ?`, [values, id]);
      await change.connection.query(`DELETE FROM ${this.database.table('library_files')} WHERE item_id = ?`, [id]);
      await this.writeFiles(change, id, item);
    }
    return { id, outcome: 'updated' };
  }

  private async writeFiles(change: Change, id: string, item: ItemInput): Promise<void> {
    if (item.files.length === 0) return;
    const rows = item.files.map((file) => [id, file.name, integrityToHex(file.hash), file.mediaType, file.length, file.content]);
    await change.connection.query(
      `INSERT INTO ${this.database.table('library_files')} (item_id, name, hash_hex, media_type, length, content) VALUES ?`,
      [rows],
    );
  }

  /** Archives or restores an item; null when no item has this id. */
  async setStatus(id: string, status: ItemStatus) {
    const kind = kindOfId(id);
    if (!kind) return null;
    const table = this.database.table(TABLE_OF[kind]);
    const { result, state } = await this.change(async (change) => {
      const [rows] = await change.connection.query<RowDataPacket[]>(`SELECT status FROM ${table} WHERE id = ? FOR UPDATE`, [id]);
      if (!rows[0]) return false;
      if (rows[0].status !== status) {
        await change.connection.query(`UPDATE ${table} SET status = ?, version = version + 1, updated_at = ? WHERE id = ?`, [
          status,
          change.at,
          id,
        ]);
        change.changed = true;
      }
      return true;
    });
    return result ? state : null;
  }

  /** Deletes an item and its files; null when no item has this id. */
  async remove(id: string) {
    const kind = kindOfId(id);
    if (!kind) return null;
    const { result, state } = await this.change(async (change) => {
      const [outcome] = await change.connection.query<ResultSetHeader>(`DELETE FROM ${this.database.table(TABLE_OF[kind])} WHERE id = ?`, [
        id,
      ]);
      if (outcome.affectedRows === 0) return false;
      await change.connection.query(`DELETE FROM ${this.database.table('library_files')} WHERE item_id = ?`, [id]);
      change.changed = true;
      return true;
    });
    return result ? state : null;
  }

  /** Records that the shipped starter library (with this hash) was loaded, in the same change. */
  async markStarterLoaded(change: Change, starterHash: string): Promise<void> {
    await change.connection.query(
      `UPDATE ${this.database.table('library_state')} SET starter_loaded_at = ?, starter_hash = ? WHERE id = 1`,
      [change.at, starterHash],
    );
  }
}
