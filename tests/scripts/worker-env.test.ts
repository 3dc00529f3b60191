import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PROVIDER_ENVIRONMENT_VARIABLES } from '../../worker/src/providers/registry';

const SCRIPT = resolve(__dirname, '..', '..', 'scripts', 'write-config.sh');

/**
 * scripts/write-config.sh writes a stack's worker.env from the caller's environment. A worker
 * restarted later (a test that stops and starts it) reads only that file, so every provider's
 * variables must be in it — derived from the descriptors, not a list a new provider must join.
 */
describe('write-config.sh: worker.env carries every provider variable the caller sets', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'svc-worker-env-'));
    mkdirSync(join(dir, 'wordpress'));
    writeFileSync(
      join(dir, 'stack.env'),
      'SVC_STACK_WP_PORT=9101\nSVC_STACK_WORKER_PORT=9102\nSVC_STACK_DB_PORT=9103\nSVC_STACK_PHP_WORKERS=4\n',
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('copies each of them, and nothing unset', () => {
    const set = Object.fromEntries(PROVIDER_ENVIRONMENT_VARIABLES.map((name, index) => [name, `value-${index}`]));
    execFileSync('bash', [SCRIPT], { env: { PATH: process.env.PATH, HOME: process.env.HOME, SVC_STACK_DIR: dir, ...set }, stdio: 'pipe' });
    const written = readFileSync(join(dir, 'worker.env'), 'utf8');
    for (const [name, value] of Object.entries(set)) expect(written).toContain(`\n${name}=${value}\n`);
    expect(PROVIDER_ENVIRONMENT_VARIABLES).toEqual(expect.arrayContaining(['DEEPSEEK_API_KEY', 'GROQ_BASE_URL', 'XAI_API_KEY']));
  });
});
