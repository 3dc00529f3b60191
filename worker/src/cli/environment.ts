import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/**
 * The CLI runs beside a worker: when the database settings are not in its environment it
 * loads them from SVC_ENV_FILE, else from the file `npm start` writes (.stack/worker.env).
 */
export function cliEnvironment(environment: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  if (environment.SVC_DB_USER) return environment;
  const file = environment.SVC_ENV_FILE ?? resolve(__dirname, '..', '..', '..', '.stack', 'worker.env');
  if (!existsSync(file)) return environment;
  return { ...parseEnvFile(readFileSync(file, 'utf8')), ...environment };
}

/** `KEY=value` lines (optionally `export`ed or quoted); the value is split at the first `=`. */
export function parseEnvFile(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (match) values[match[1]!] = match[2]!.trim().replace(/^(['"])(.*)\1$/, '$2');
  }
  return values;
}
