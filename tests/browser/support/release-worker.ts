import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseEnvFile } from '../../support/stack';
import { stopProcessGroup, waitForHttp } from '../../support/process-group';
import { SYSTEMD_DEFAULT_PATH, fillEnvironmentExample, serviceDirectives } from './systemd-unit';

/** Where the unit expects the release, and its environment file (deploy/systemd/svc-hub-worker.service). */
const UNIT_INSTALL_DIR = '/opt/svc-hub-worker';
const UNIT_ENVIRONMENT_FILE = '/etc/svc-hub/worker.env';

export interface ReleaseWorker {
  /** The unpacked release: bin/, worker/dist, node_modules, deploy/ … */
  root: string;
  log: string;
  /** The environment file written from the example (the unit's EnvironmentFile). */
  environmentFile: string;
  /** PATH as the unit gives it (systemd's default, after the folder of this Node.js). */
  path: string;
  /** Sends SIGTERM as systemd does; resolves with the exit code once the worker has exited. */
  stop(): Promise<number | null>;
}

/**
 * Unpacks the worker tarball into `dir` and starts it as its systemd unit does: the unit's
 * ExecStart and WorkingDirectory (/opt/svc-hub-worker mapped to the unpacked release), an
 * environment file written from deploy/svc-hub-worker.env.example with `values` filled in and
 * loaded as systemd's EnvironmentFile (nothing else of this process's environment but PATH),
 * in a process group of its own. Resolves once `/wp-json/llm/router/v1/health` answers.
 */
export async function startReleaseWorker(tarball: string, dir: string, values: Record<string, string>): Promise<ReleaseWorker> {
  execFileSync('tar', ['-xzf', tarball, '-C', dir]);
  const root = join(dir, execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' }).split('/')[0]!);
  const unit = serviceDirectives(readFileSync(join(root, 'deploy', 'systemd', 'svc-hub-worker.service'), 'utf8'));
  const local = (path: string | undefined, from: string, to: string) => {
    if (!path?.startsWith(from)) throw new Error(`the unit's path ${path} is not under ${from}`);
    return to + path.slice(from.length);
  };
  const environmentFile = local(unit.EnvironmentFile, UNIT_ENVIRONMENT_FILE, join(dir, 'worker.env'));
  const example = readFileSync(join(root, 'deploy', 'svc-hub-worker.env.example'), 'utf8');
  writeFileSync(environmentFile, fillEnvironmentExample(example, values), { mode: 0o600 });
  const log = join(dir, 'worker.log');
  const path = `${dirname(process.execPath)}:${SYSTEMD_DEFAULT_PATH}`;
  const output = openSync(log, 'a');
  const child: ChildProcess = spawn(local(unit.ExecStart, UNIT_INSTALL_DIR, root), [], {
    cwd: local(unit.WorkingDirectory, UNIT_INSTALL_DIR, root),
    env: { ...parseEnvFile(readFileSync(environmentFile, 'utf8')), PATH: path },
    detached: true,
    stdio: ['ignore', output, output],
  });
  closeSync(output);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const group = child.pid!;
  const stop = async () => {
    child.kill((unit.KillSignal ?? 'SIGTERM') as NodeJS.Signals);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), 30_000)));
    const code = await Promise.race([exited, timeout]);
    clearTimeout(timer);
    await stopProcessGroup(group, 1); // anything left in the group, as systemd's KillMode=mixed would
    if (code === 'timeout') throw new Error('the worker did not stop within 30 s of SIGTERM');
    return code;
  };
  try {
    await waitForHttp(`http://${values.SVC_WORKER_HOST}:${values.SVC_WORKER_PORT}/wp-json/llm/router/v1/health`, group, 60);
  } catch (error) {
    await stopProcessGroup(group, 5);
    throw new Error(`${String(error)}\n--- ${log} ---\n${readFileSync(log, 'utf8').slice(-3000)}`);
  }
  return { root, log, environmentFile, path, stop };
}
