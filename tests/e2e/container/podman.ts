import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Why the container tests cannot run here, or undefined when they can (podman and runc on PATH). */
export function containerRuntimeMissing(): string | undefined {
  for (const command of ['podman', 'runc'])
    if (spawnSync('sh', ['-c', `command -v ${command}`]).status !== 0)
      return `${command} is not installed (bash scripts/ensure-packages.sh podman runc debootstrap podman-compose)`;
  return undefined;
}

/**
 * A podman of the test's own: its settings file makes it run containers with runc and with open-file
 * and process limits no higher than the machine's, so it also works where the OCI runtime may not
 * raise limits or the cgroup hierarchy is a hybrid one (docs/deploy-container.md, "Tests").
 */
export class Podman {
  readonly environment: NodeJS.ProcessEnv;

  constructor(dir: string) {
    mkdirSync(dir, { recursive: true });
    const settings = join(dir, 'containers.conf');
    writeFileSync(
      settings,
      ['[containers]', 'default_ulimits = ["nofile=1024:1024", "nproc=4096:4096"]', '[engine]', 'runtime = "runc"', ''].join('\n'),
    );
    this.environment = { ...process.env, CONTAINERS_CONF: settings };
  }

  /** Runs podman; returns its standard output, trimmed; throws with its standard error on failure. */
  run(args: string[], options: { cwd?: string } = {}): string {
    return execFileSync('podman', args, {
      cwd: options.cwd,
      env: this.environment,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    }).trim();
  }

  /** Runs podman and returns its exit status and output, whatever the status. */
  attempt(args: string[]): { status: number | null; output: string } {
    const result = spawnSync('podman', args, { env: this.environment, encoding: 'utf8' });
    return { status: result.status, output: `${result.stdout}${result.stderr}` };
  }

  /** A container's `podman inspect` field, e.g. `{{.State.ExitCode}}`. */
  inspect(name: string, format: string): string {
    return this.run(['inspect', '--format', format, name]);
  }

  /** Removes containers and images by name, ignoring the ones that are not there. */
  remove(containers: string[], images: string[]): void {
    if (containers.length > 0) this.attempt(['rm', '--force', '--volumes', ...containers]);
    if (images.length > 0) this.attempt(['rmi', '--force', ...images]);
  }
}

/** Polls `check` every half second until it returns true; fails after `seconds` with `what`. */
export async function until(what: string, seconds: number, check: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${seconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
