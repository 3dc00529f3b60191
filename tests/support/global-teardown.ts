import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { STACK_FILE_VARIABLE, stack } from './stack';

/** Stops every process the global setup started (by recorded process group) and removes its folder. */
export default async function globalTeardown(): Promise<void> {
  if (!process.env[STACK_FILE_VARIABLE]) return;
  const info = stack();
  execFileSync('bash', [join(info.repoRoot, 'scripts', 'stack-stop.sh')], {
    env: { ...process.env, SVC_STACK_DIR: info.dir },
    stdio: 'inherit',
  });
  if (!process.env.SVC_E2E_KEEP) rmSync(info.dir, { recursive: true, force: true });
}
