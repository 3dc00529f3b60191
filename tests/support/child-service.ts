import { spawn, type ChildProcess } from 'node:child_process';

export interface ChildService<Hello> {
  /** The JSON line the child printed once it listened (e.g. `{ "url": … }`). */
  hello: Hello;
  pid: number;
  stop(): Promise<void>;
}

/**
 * Starts a test service (the provider emulator, the client receiver) as a Node child process
 * and waits for the one JSON line it prints when it listens. A child process keeps answering
 * while a test process is blocked (the suite runs the stack scripts and the CLI synchronously).
 */
export function spawnChildService<Hello>(
  script: string,
  name: string,
  options: { env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<ChildService<Hello>> {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const child: ChildProcess = spawn(process.execPath, [script], { stdio: ['pipe', 'pipe', 'inherit'], env: options.env ?? process.env });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => fail(new Error(`the ${name} did not start within ${timeoutMs} ms`)), timeoutMs);
    const fail = (error: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    };
    child.once('error', fail);
    child.once('exit', (code) => fail(new Error(`the ${name} exited (code ${code}) before it listened`)));
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (chunk: string) => {
      output += chunk;
      const end = output.indexOf('\n');
      if (end < 0) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      child.removeAllListeners('error');
      child.stdout!.removeAllListeners('data');
      child.stdout!.resume();
      resolve({ hello: JSON.parse(output.slice(0, end)) as Hello, pid: child.pid!, stop: () => stopChild(child) });
    });
  });
}

/** SIGTERM, then SIGKILL after 5 s; resolves once the child has exited. */
function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(killer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
