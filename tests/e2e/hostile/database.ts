import { createConnection, type Connection, type RowDataPacket } from 'mysql2/promise';
import { stack } from '../../support/stack';
import type { Allowance } from './route-table';

/**
 * A fingerprint of every svc_* table of the stack's MariaDB (row count, highest id, and an
 * order-independent XOR of one MD5 per row over all columns), taken before and after each
 * case over one connection. Tables are found at run time, so a new table is covered the day
 * its migration lands.
 *
 * Bookkeeping that no client request controls is left out, each named here with its reason
 * (never a whole table a route writes to):
 * - `api_keys.last_used_at` — written off the request path, at most once a minute per key.
 * - `rate_counters` rows of the suite's own keys, and rows of windows older than the suite —
 *   every authenticated Bearer request is counted (quota claimed in chunks, unused quota given
 *   back a second later), and old windows are pruned at random (worker/src/router/limits/rate-limiter.ts).
 * - a table whose name holds `nonce` — shell nonces claimed in MySQL (issue 11, finding 6):
 *   each signed request claims one, expired ones are purged.
 * - `cache_entries` rows written before the suite that expire within a day of its start — the
 *   response cache's purge (worker/src/router/response-cache/purge-job.ts) deletes expired
 *   answers other tests left behind once a minute. Every row written during the suite counts.
 * - `stores`' reconcile columns (`reconcile_started_at`, `reconcile_lease_until`,
 *   `reconcile_result`, `reconciled_until`) — the reconcile job claims, passes and releases the
 *   stores other tests registered on its own schedule (commerce/reconcile/reconcile-claims.ts).
 *   The one route that also sets two of them (REST credentials) writes the credentials column
 *   beside them, which still counts.
 * - `outbox` rows queued before the suite, and their `outbox_attempts` — the delivery job
 *   retries other tests' messages to their (often unreachable) sites on its own back-off, which
 *   can come due in the middle of a suite (license/outbox-rows.ts). Every message queued during
 *   the suite, and every attempt at it, counts.
 */
export interface TableState {
  rows: number;
  maxId: number;
  digest: string;
  /** The digest without the table's VOLATILE_COLUMNS (what a `columns` allowance compares). */
  stableDigest: string;
}
export type Fingerprint = Map<string, TableState>;

const EXCLUDED_COLUMNS: Record<string, string[]> = {
  api_keys: ['last_used_at'],
  stores: ['reconcile_started_at', 'reconcile_lease_until', 'reconcile_result', 'reconciled_until'],
};
const EXCLUDED_TABLE = /nonce/i;
/**
 * Columns some route may legitimately change (a `columns` allowance in route-table.ts names
 * them, and only that route's cases may change them): each table's fingerprint also has a
 * digest without these.
 */
const VOLATILE_COLUMNS: Record<string, string[]> = {
  stores: ['verify_failures_in_row', 'last_verified_at', 'last_failure_at', 'last_failure_reason'],
};

export class HostileDatabase {
  private tables: { name: string; short: string; columns: string[]; hasId: boolean }[] = [];
  private readonly startMinute = Math.floor(Date.now() / 60_000);
  /** The suite's start as MariaDB's UTC DATETIME(3) text (same machine, same clock). */
  private readonly startUtc = new Date().toISOString().slice(0, 23).replace('T', ' ');
  /** The fingerprint the last case ended with (run-case.ts). */
  last: Fingerprint | undefined;

  private constructor(
    private readonly connection: Connection,
    private readonly prefix: string,
    private readonly suiteKeyIds: string[],
  ) {}

  static async open(suiteKeyIds: string[]): Promise<HostileDatabase> {
    const env = stack().workerEnv;
    const connection = await createConnection({
      host: env.SVC_DB_HOST ?? '127.0.0.1',
      port: Number(env.SVC_DB_PORT ?? stack().databasePort),
      user: env.SVC_DB_USER,
      password: env.SVC_DB_PASSWORD ?? '',
      database: env.SVC_DB_NAME,
    });
    const database = new HostileDatabase(connection, `${env.SVC_DB_PREFIX ?? 'wp_'}svc_`, suiteKeyIds);
    await database.loadTables();
    return database;
  }

  private async loadTables(): Promise<void> {
    const [rows] = await this.connection.query<RowDataPacket[]>(
      `SELECT TABLE_NAME AS t, COLUMN_NAME AS c, DATA_TYPE AS d FROM information_schema.COLUMNS
       WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME LIKE ? ORDER BY TABLE_NAME, ORDINAL_POSITION`,
      [`${this.prefix.replace(/_/g, '\\_')}%`],
    );
    const byTable = new Map<string, string[]>();
    const numericId = new Set<string>();
    for (const row of rows) {
      byTable.set(row.t, [...(byTable.get(row.t) ?? []), row.c]);
      if (row.c === 'id' && /int$/i.test(row.d)) numericId.add(row.t);
    }
    this.tables = [...byTable]
      .map(([name, columns]) => ({ name, short: name.slice(this.prefix.length), columns, hasId: numericId.has(name) }))
      .filter((table) => !EXCLUDED_TABLE.test(table.short));
  }

  private select(table: (typeof this.tables)[number], maxId?: number): string {
    const columns = table.columns.filter((column) => !(EXCLUDED_COLUMNS[table.short] ?? []).includes(column));
    const stable = columns.filter((column) => !(VOLATILE_COLUMNS[table.short] ?? []).includes(column));
    const digest = (names: string[]) =>
      `COALESCE(BIT_XOR(CAST(CONV(LEFT(MD5(CONCAT_WS(0x1f, ${names.map((column) => `IFNULL(\`${column}\`, 0x00)`).join(', ')})), 16), 16, 10) AS UNSIGNED)), 0)`;
    const conditions: string[] = [];
    if (table.short === 'rate_counters') {
      conditions.push(`window_start >= ${this.startMinute}`);
      if (this.suiteKeyIds.length > 0)
        conditions.push(`key_id NOT IN (${this.suiteKeyIds.map((id) => this.connection.escape(id)).join(', ')})`);
    }
    if (table.short === 'cache_entries') {
      const start = this.connection.escape(this.startUtc);
      conditions.push(`(created_at >= ${start} OR expires_at > ${start} + INTERVAL 1 DAY)`);
    }
    if (table.short === 'outbox') conditions.push(`created_at >= ${this.connection.escape(this.startUtc)}`);
    if (table.short === 'outbox_attempts')
      conditions.push(
        `message_id IN (SELECT id FROM \`${this.prefix}outbox\` WHERE created_at >= ${this.connection.escape(this.startUtc)})`,
      );
    if (maxId !== undefined) conditions.push(`id <= ${Number(maxId)}`);
    const where = conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : '';
    const id = table.hasId ? 'COALESCE(MAX(id), 0)' : '0';
    return `SELECT '${table.short}' AS t, COUNT(*) AS n, ${id} AS m, ${digest(columns)} AS x, ${digest(stable)} AS y FROM \`${table.name}\`${where}`;
  }

  async fingerprint(): Promise<Fingerprint> {
    const [rows] = await this.connection.query<RowDataPacket[]>(this.tables.map((table) => this.select(table)).join(' UNION ALL '));
    return new Map(
      rows.map((row) => [
        row.t as string,
        { rows: Number(row.n), maxId: Number(row.m), digest: String(row.x), stableDigest: String(row.y) },
      ]),
    );
  }

  /** Each change between two fingerprints that `allow` does not explain, in words. */
  async differences(before: Fingerprint, after: Fingerprint, allow: Allowance[], requests: number): Promise<string[]> {
    const problems: string[] = [];
    for (const [name, was] of before) {
      const now = after.get(name);
      if (!now) {
        problems.push(`svc_${name} disappeared`);
        continue;
      }
      if (now.rows === was.rows && now.digest === was.digest) continue;
      const allowance = allow.find((item) => item.table === name);
      const table = this.tables.find((item) => item.short === name);
      if (allowance?.change === 'columns') {
        if (now.rows === was.rows && now.maxId === was.maxId && now.stableDigest === was.stableDigest) continue;
        problems.push(
          `svc_${name} changed beyond ${VOLATILE_COLUMNS[name]?.join(', ') ?? '(no volatile columns)'}: rows ${was.rows} → ${now.rows}`,
        );
        continue;
      }
      if (allowance?.change === 'rows-added' && table?.hasId) {
        const [[kept]] = (await this.connection.query<RowDataPacket[]>(this.select(table, was.maxId))) as unknown as [RowDataPacket[]];
        const added = now.rows - was.rows;
        if (Number(kept!.n) === was.rows && String(kept!.x) === was.digest && added >= 0 && added <= requests) continue;
        problems.push(`svc_${name}: ${added} row(s) added (allowed: at most ${requests}) or an existing row changed`);
        continue;
      }
      problems.push(`svc_${name} changed: rows ${was.rows} → ${now.rows}, digest ${was.digest} → ${now.digest}`);
    }
    for (const name of after.keys()) if (!before.has(name)) problems.push(`svc_${name} appeared`);
    return problems;
  }

  /** Waits until two fingerprints a second apart agree (background work of earlier suites done). */
  async settle(timeoutMs = 20_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let last = await this.fingerprint();
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const next = await this.fingerprint();
      if ((await this.differences(last, next, [], 0)).length === 0) return;
      last = next;
    }
    throw new Error('the svc_* tables did not settle: some background work keeps writing');
  }

  close(): Promise<void> {
    return this.connection.end();
  }
}
