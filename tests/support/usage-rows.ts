import { createConnection, type RowDataPacket } from 'mysql2/promise';
import { stack } from './stack';

/** The usage rows (`{prefix}svc_usage`) of the given request ids, straight from the database. */
export async function usageRows(requestIds: string[]): Promise<RowDataPacket[]> {
  const env = stack().workerEnv;
  const connection = await createConnection({
    host: env.SVC_DB_HOST,
    port: Number(env.SVC_DB_PORT),
    user: env.SVC_DB_USER,
    password: env.SVC_DB_PASSWORD,
    database: env.SVC_DB_NAME,
  });
  try {
    const [rows] = await connection.query<RowDataPacket[]>(`SELECT * FROM ${env.SVC_DB_PREFIX}svc_usage WHERE request_id IN (?)`, [
      requestIds,
    ]);
    return rows;
  } finally {
    await connection.end();
  }
}
