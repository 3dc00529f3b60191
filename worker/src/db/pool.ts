import { createPool, type Pool, type PoolOptions } from 'mysql2/promise';
import type { DatabaseConfig } from '../config';

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
