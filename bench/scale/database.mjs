// Reads the stack's database for `npm run bench -- scale` (the worker's own credentials from
// worker.env; a connection per question, so a restarted MariaDB needs nothing).
import { createConnection } from 'mysql2/promise';

export function databaseReader(stack) {
  const env = stack.workerEnv;
  const table = (name) => `\`${env.SVC_DB_PREFIX}svc_${name}\``;
  async function query(sql, parameters = []) {
    const connection = await createConnection({
      host: env.SVC_DB_HOST,
      port: Number(env.SVC_DB_PORT),
      user: env.SVC_DB_USER,
      password: env.SVC_DB_PASSWORD,
      database: env.SVC_DB_NAME,
    });
    try {
      const [rows] = await connection.query(sql, parameters);
      return rows;
    } finally {
      await connection.end();
    }
  }
  return {
    table,
    query,
    /** Usage rows of the calls whose request id starts with `prefix`, counted by status, and the set of request ids. */
    async usage(prefix) {
      const rows = await query(`SELECT request_id, status FROM ${table('usage')} WHERE request_id LIKE ?`, [`${prefix}-%`]);
      const statuses = {};
      for (const row of rows) statuses[row.status] = (statuses[row.status] ?? 0) + 1;
      return { rows: rows.length, statuses, ids: new Set(rows.map((row) => row.request_id)) };
    },
    /** Outbox messages of these sites: id, status, attempts. */
    async outbox(siteUrls) {
      return query(`SELECT id, site_url, status, attempts FROM ${table('outbox')} WHERE site_url IN (?) ORDER BY sequence`, [siteUrls]);
    },
    async attempts(messageIds) {
      const rows = await query(
        `SELECT message_id, COUNT(*) AS attempts FROM ${table('outbox_attempts')} WHERE message_id IN (?) GROUP BY message_id`,
        [messageIds],
      );
      return new Map(rows.map((row) => [row.message_id, Number(row.attempts)]));
    },
  };
}
