import { createConnection, type RowDataPacket } from 'mysql2/promise';
import { stack } from './stack';

/** One query on the e2e stack's database (`{prefix}` in the SQL is the table prefix). */
export async function queryStack(sql: string, values: unknown[] = []): Promise<RowDataPacket[]> {
  const env = stack().workerEnv;
  const connection = await createConnection({
    host: env.SVC_DB_HOST,
    port: Number(env.SVC_DB_PORT),
    user: env.SVC_DB_USER,
    password: env.SVC_DB_PASSWORD,
    database: env.SVC_DB_NAME,
    timezone: 'Z',
  });
  try {
    const [rows] = await connection.query<RowDataPacket[]>(sql.replaceAll('{prefix}', env.SVC_DB_PREFIX ?? ''), values);
    return rows;
  } finally {
    await connection.end();
  }
}

export { eventually } from './eventually';
