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
  /** The port reserved for the svc-client test site (client-site.ts), allowed in SVC_OUTBOUND_ALLOW. */
  clientSitePort: number;
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

/** The knobs a stack records in its stack.env (scripts/write-config.sh). */
const STACK_PORT_KNOBS = ['SVC_STACK_WP_PORT', 'SVC_STACK_WORKER_PORT', 'SVC_STACK_DB_PORT'];

/**
 * The environment for a script of scripts/ that addresses the stack in `dir`: this process's,
 * without ports meant for another stack (a dev stack's, or ones the caller of `npm test`
 * exported), so the script reads the stack's own from its stack.env.
 */
export function stackScriptEnvironment(dir: string): NodeJS.ProcessEnv {
  const environment: NodeJS.ProcessEnv = { ...process.env, SVC_STACK_DIR: dir };
  for (const knob of STACK_PORT_KNOBS) delete environment[knob];
  return environment;
}
