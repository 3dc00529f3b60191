import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** What the e2e global setup started; tests read it through `stack()`. */
export interface StackInfo {
  dir: string;
  wordpressUrl: string;
  workerUrl: string;
  databasePort: number;
  workerEnv: Record<string, string>;
  repoRoot: string;
}

export const STACK_FILE_VARIABLE = 'SVC_E2E_STACK_FILE';

export function parseEnvFile(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (!match) continue;
    values[match[1]!] = match[2]!.trim().replace(/^(['"])(.*)\1$/, '$2');
  }
  return values;
}

export function stack(): StackInfo {
  const file = process.env[STACK_FILE_VARIABLE];
  if (!file) throw new Error('The e2e stack is not running: run the tests through jest --selectProjects e2e.');
  return JSON.parse(readFileSync(file, 'utf8')) as StackInfo;
}

export function readWorkerEnv(dir: string): Record<string, string> {
  return parseEnvFile(readFileSync(join(dir, 'worker.env'), 'utf8'));
}
