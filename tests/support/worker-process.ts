import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { stack, stackScriptEnvironment } from './stack';

/** The e2e stack's worker process group (recorded by scripts/stack-start.sh). */
export function workerGroup(): number {
  return Number(readFileSync(join(stack().dir, 'run', 'worker.pgid'), 'utf8'));
}

export function groupAlive(group: number): boolean {
  try {
    process.kill(-group, 0);
    return true;
  } catch {
    return false;
  }
}

/** Waits (up to `seconds`) until the process group is gone; false if it is still there. */
export async function waitForGroupExit(group: number, seconds: number): Promise<boolean> {
  const deadline = Date.now() + seconds * 1000;
  while (groupAlive(group) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  return !groupAlive(group);
}

export async function stopWorker(): Promise<void> {
  const group = workerGroup();
  process.kill(-group, 'SIGTERM');
  if (!(await waitForGroupExit(group, 12))) throw new Error(`worker group ${group} did not stop within 12 s`);
}

/** Starts the worker again (MariaDB and WordPress, still running, are reused). */
export function startWorker(): void {
  const info = stack();
  execFileSync('bash', [join(info.repoRoot, 'scripts', 'stack-start.sh')], {
    env: stackScriptEnvironment(info.dir),
    stdio: 'inherit',
  });
}
