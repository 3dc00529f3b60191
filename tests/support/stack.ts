import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnvFile } from '../../worker/src/cli/environment';

export { parseEnvFile };

/** What the e2e global setup started; tests read it through `stack()`. */
export interface StackInfo {
  dir: string;
  wordpressUrl: string;
  workerUrl: string;
  databasePort: number;
  workerEnv: Record<string, string>;
  repoRoot: string;
  /** The LLM provider emulator every provider's base URL points into (tests/emulators). */
  emulatorUrl: string;
  /** The test client site that receives propagated entitlement changes (client-receiver.ts). */
  receiverUrl: string;
}

export const STACK_FILE_VARIABLE = 'SVC_E2E_STACK_FILE';

export function stack(): StackInfo {
  const file = process.env[STACK_FILE_VARIABLE];
  if (!file) throw new Error('The e2e stack is not running: run the tests through jest --selectProjects e2e.');
  return JSON.parse(readFileSync(file, 'utf8')) as StackInfo;
}

export function readWorkerEnv(dir: string): Record<string, string> {
  return parseEnvFile(readFileSync(join(dir, 'worker.env'), 'utf8'));
}
