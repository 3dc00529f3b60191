import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const LIB = resolve(__dirname, '..', '..', 'scripts', 'lib.sh');

/** Sources scripts/lib.sh for the stack in `dir`, then prints what the script sees and what a child inherits. */
function sourceLib(dir: string, environment: NodeJS.ProcessEnv = {}): { script: string; child: string } {
  const output = execFileSync(
    'bash',
    [
      '-c',
      `source "${LIB}"; echo "$SVC_STACK_WP_PORT $SVC_STACK_DB_PORT"; bash -c 'echo "\${SVC_STACK_WP_PORT:-unset} \${SVC_STACK_DB_PORT:-unset}"'`,
    ],
    {
      env: { PATH: process.env.PATH, SVC_STACK_DIR: dir, ...environment },
      encoding: 'utf8',
    },
  );
  const [script, child] = output.trim().split('\n');
  return { script: script!, child: child! };
}

describe("scripts/lib.sh and a stack's recorded ports", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'svc-knobs-'));
    writeFileSync(
      join(dir, 'stack.env'),
      'SVC_STACK_WP_PORT=9101\nSVC_STACK_WORKER_PORT=9102\nSVC_STACK_DB_PORT=9103\nSVC_STACK_PHP_WORKERS=4\n',
    );
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the ports from stack.env for the script itself', () => {
    expect(sourceLib(dir).script).toBe('9101 9103');
  });

  it('does not hand them to child processes, which may address another stack (npm test beside a dev stack)', () => {
    expect(sourceLib(dir).child).toBe('unset unset');
  });

  it('lets knobs the caller set win, and passes those on', () => {
    expect(sourceLib(dir, { SVC_STACK_WP_PORT: '9201' })).toEqual({ script: '9201 9103', child: '9201 unset' });
  });
});
