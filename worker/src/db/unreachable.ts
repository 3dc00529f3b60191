/** mysql2's codes for a database that is down, restarting, or cut off (not for a bad query). */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_SERVER_SHUTDOWN',
  'ER_CONNECTION_KILLED',
  'ER_CON_COUNT_ERROR',
]);

/**
 * True when `error` says the database cannot be reached right now (MariaDB restarting, the
 * network cut): mysql2 marks connection-level errors `fatal`, and a server shutting down
 * answers ER_SERVER_SHUTDOWN. A request that fails so is 503 svc_unavailable, not 500.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, fatal } = error as { code?: unknown; fatal?: unknown };
  return typeof code === 'string' && (UNREACHABLE_CODES.has(code) || (fatal === true && code.startsWith('PROTOCOL_')));
}
