/** How much the worker logs (SVC_LOG_LEVEL): this level and those above it. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/**
 * One JSON line per event on stderr. Callers pass facts, never secrets: no key, body or
 * Authorization header is ever handed to the logger.
 */
export function createLogger(level: LogLevel, write: (line: string) => void = (line) => process.stderr.write(line)): Logger {
  const emit =
    (eventLevel: LogLevel) =>
    (message: string, fields: Record<string, unknown> = {}) => {
      if (ORDER[eventLevel] < ORDER[level]) return;
      write(`${JSON.stringify({ time: new Date().toISOString(), level: eventLevel, message, ...fields })}\n`);
    };
  return { debug: emit('debug'), info: emit('info'), warn: emit('warn'), error: emit('error') };
}

export const silentLogger: Logger = createLogger('error', () => undefined);
