import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../support/free-port';
import { stack } from '../support/stack';
import { testFetch } from '../support/test-fetch';
import { startFreshWordPress, type FreshWordPress } from '../support/fresh-wordpress';
import { buildNodeStandIn, NODE_STAND_IN } from './container/base-images';
import { containerRuntimeMissing, Podman, until } from './container/podman';

jest.setTimeout(600_000);

const missing = containerRuntimeMissing();
if (missing) console.warn(`container tests skipped: ${missing}`);

/**
 * docs/deploy-container.md, "The worker image": the Dockerfile shipped in the worker tarball,
 * built from the unpacked release on a stand-in of node:20-bookworm-slim, run by podman beside a
 * fresh WordPress with the svc-hub plugin (on the host's network, as the worker of a site whose
 * WordPress is not in a container).
 */
(missing ? describe.skip : describe)('the worker image: deploy/container/Dockerfile, built from the release', () => {
  const workDir = mkdtempSync(join(tmpdir(), 'svc-container-image-'));
  const podman = new Podman(join(workDir, 'podman'));
  const suffix = randomBytes(4).toString('hex');
  const tag = `localhost/svc-hub-worker:test-${suffix}`;
  const container = `svc-hub-worker-test-${suffix}`;
  const images: string[] = [];
  const secret = randomBytes(32).toString('hex');
  let version: string;
  let workerUrl: string;
  let site: FreshWordPress | undefined;

  beforeAll(async () => {
    const { repoRoot, emulatorUrl } = stack();
    version = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version;
    const tarball = join(workDir, `svc-hub-worker-${version}.tgz`);
    execFileSync('bash', [join(repoRoot, 'scripts', 'dist-worker.sh'), version, join(workDir, 'dist'), tarball], { stdio: 'inherit' });
    execFileSync('tar', ['-xzf', tarball, '-C', workDir]);
    images.push(...buildNodeStandIn(podman, repoRoot, workDir));
    const build = ['build', '--format', 'docker', '--build-arg', `NODE_IMAGE=${NODE_STAND_IN}`, '--file', 'deploy/container/Dockerfile'];
    podman.run([...build, '--tag', tag, '.'], { cwd: join(workDir, `svc-hub-worker-${version}`) });
    images.unshift(tag);

    const port = await freePort();
    workerUrl = `http://127.0.0.1:${port}`;
    symlinkSync(join(repoRoot, 'plugin'), join(workDir, 'svc-hub'));
    site = await startFreshWordPress(
      join(workDir, 'site'),
      { workerUrl, secret },
      { linkPlugins: [join(workDir, 'svc-hub')], activatePlugins: ['svc-hub/svc-hub.php'] },
    );
    const { database } = site;
    const environment = {
      SVC_HUB_SECRET: secret,
      SVC_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      SVC_DB_HOST: database.host,
      SVC_DB_PORT: String(database.port),
      SVC_DB_USER: database.user,
      SVC_DB_PASSWORD: database.password,
      SVC_DB_NAME: database.name,
      SVC_PUBLIC_URL: site.url,
      SVC_WORKER_HOST: '127.0.0.1',
      SVC_WORKER_PORT: String(port),
      OPENAI_API_KEY: 'sk-container-test',
      OPENAI_BASE_URL: `${emulatorUrl}/openai/v1`,
    };
    const environmentFile = join(workDir, 'worker.env');
    writeFileSync(
      environmentFile,
      Object.entries(environment)
        .map(([name, value]) => `${name}=${value}\n`)
        .join(''),
      { mode: 0o600 },
    );
    podman.run(['run', '--detach', '--name', container, '--network', 'host', '--env-file', environmentFile, tag]);
    await until('the containerised worker answers /health', 60, async () => {
      if (podman.inspect(container, '{{.State.Running}}') !== 'true') throw new Error(podman.attempt(['logs', container]).output);
      return (await testFetch(`${workerUrl}/wp-json/llm/router/v1/health`).catch(() => undefined))?.status === 200;
    });
  });

  afterAll(async () => {
    podman.remove([container], images);
    await site?.stop();
    rmSync(workDir, { recursive: true, force: true });
  });

  it('runs as its own user: not root, the code read-only to it, its state folder writable', () => {
    expect(podman.run(['image', 'inspect', '--format', '{{.Config.User}}', tag])).toBe('svc-hub');
    expect(podman.run(['exec', container, 'id', '-un'])).toBe('svc-hub');
    expect(podman.run(['exec', container, 'id', '-u'])).not.toBe('0');
    expect(podman.attempt(['exec', container, 'touch', '/opt/svc-hub-worker/package.json']).status).not.toBe(0);
    expect(podman.attempt(['exec', container, 'test', '-w', '/var/lib/svc-hub-worker']).status).toBe(0);
  });

  it('answers health "ok" through the WordPress plugin, and its health check says healthy', async () => {
    const answer = await testFetch(`${site!.url}/wp-json/llm/router/v1/health`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ status: 'ok', version, checks: { database: { status: 'ok' } } });
    const check = JSON.parse(podman.run(['image', 'inspect', '--format', '{{json .Config.Healthcheck.Test}}', tag])) as string[];
    expect(check.join(' ')).toContain('/wp-json/llm/router/v1/health');
    expect(podman.attempt(['healthcheck', 'run', container])).toMatchObject({ status: 0 });
    expect(podman.inspect(container, '{{.State.Healthcheck.Status}}')).toBe('healthy');
  });

  it('its health check fails when the worker does not answer', async () => {
    const check = JSON.parse(podman.run(['image', 'inspect', '--format', '{{json .Config.Healthcheck.Test}}', tag])) as string[];
    expect(check[0]).toBe('CMD');
    const closedPort = String(await freePort());
    expect(podman.attempt(['exec', '--env', `SVC_WORKER_PORT=${closedPort}`, container, ...check.slice(1)]).status).toBe(1);
  });

  it("runs the operator CLI inside the container on the container's environment", () => {
    expect(podman.run(['exec', container, 'bin/svc-hub-worker', 'provider', 'list'])).toContain('openai');
  });

  it('stops on SIGTERM (docker stop) with exit 0, well within its grace period', () => {
    const started = Date.now();
    podman.run(['stop', '--time', '30', container]);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(podman.inspect(container, '{{.State.ExitCode}}')).toBe('0');
  });
});
