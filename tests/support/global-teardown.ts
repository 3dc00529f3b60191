import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { EMULATOR_HANDLE, type EmulatorProcess } from '../emulators/process';
import { RECEIVER_HANDLE, type ReceiverProcess } from './client-receiver-process';
import { STACK_FILE_VARIABLE, stack, stackScriptEnvironment } from './stack';

/**
 * Stops every process the global setup started (the stack by recorded process group, then
 * the provider emulator and the client receiver) and removes the stack's folder.
 */
export default async function globalTeardown(): Promise<void> {
  const emulator = (globalThis as Record<string, unknown>)[EMULATOR_HANDLE] as EmulatorProcess | undefined;
  const receiver = (globalThis as Record<string, unknown>)[RECEIVER_HANDLE] as ReceiverProcess | undefined;
  try {
    if (!process.env[STACK_FILE_VARIABLE]) return;
    const info = stack();
    execFileSync('bash', [join(info.repoRoot, 'scripts', 'stack-stop.sh')], {
      env: stackScriptEnvironment(info.dir),
      stdio: 'inherit',
    });
    if (!process.env.SVC_E2E_KEEP) rmSync(info.dir, { recursive: true, force: true });
  } finally {
    await emulator?.stop();
    delete (globalThis as Record<string, unknown>)[EMULATOR_HANDLE];
    await receiver?.stop();
    delete (globalThis as Record<string, unknown>)[RECEIVER_HANDLE];
  }
}
