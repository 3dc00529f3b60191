import { format } from 'mysql2';
import { createPool, type Pool, type PoolOptions } from 'mysql2/promise';
import type { DatabaseConfig } from '../config';

/**
 * mysql2's own formatting, except that a statement without values is sent as it is: mysql2
 * passes `[]` for none and its formatter then scans the whole text for a placeholder anyway —
 * on a batch of usage rows, a few hundred KB of literals (router/usage/sql-values.ts) every 200 ms.
 */
export function queryFormat(this: { config: { stringifyObjects?: boolean; timezone?: string } }, sql: string, values: unknown): string {
  if (values === undefined || values === null || (Array.isArray(values) && values.length === 0)) return sql;
  return format(
    sql,
    values as Parameters<typeof format>[1],
    this.config.stringifyObjects,
    this.config.timezone as Parameters<typeof format>[3],
  );
}

/** The worker's view of the site database: one pool and the table-name rule `{prefix}svc_<name>`. */
export interface Database {
  pool: Pool;
  table(name: string): string;
  close(): Promise<void>;
}

export function createDatabase(config: DatabaseConfig, overrides: Partial<PoolOptions> = {}): Database {
  const pool = createPool({
    host: config.host,
    port: config.port,
    user: config.user,
    password: config.password,
    database: config.name,
    charset: 'utf8mb4_unicode_ci',
    timezone: 'Z',
    dateStrings: false,
    connectionLimit: 10,
    connectTimeout: 5000,
    enableKeepAlive: true,
    supportBigNumbers: true,
    queryFormat,
    ...overrides,
  });
  pool.on('connection', (connection) => {
    // DATETIME columns hold UTC; the session must agree whatever the server's zone is.
    connection.query("SET time_zone = '+00:00'");
  });
  return {
    pool,
    table: (name) => `\`${config.prefix}svc_${name}\``,
    close: () => pool.end(),
  };
}

/** Waits until the database answers, retrying with a short pause (the stack may still be starting). */
export async function waitForDatabase(database: Database, timeoutMs: number, onRetry: (error: Error) => void): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await database.pool.query('SELECT 1');
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      onRetry(error as Error);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}
