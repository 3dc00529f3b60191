import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../support/free-port';
import { stack } from '../support/stack';
import { testFetch } from '../support/test-fetch';
import { buildNodeStandIn, NODE_STAND_IN } from './container/base-images';
import { containerRuntimeMissing, Podman, until } from './container/podman';
import { buildComposeStandIns, MARIADB_STAND_IN, WORDPRESS_STAND_IN } from './container/stand-ins';

jest.setTimeout(900_000);

const missing =
  containerRuntimeMissing() ??
  (spawnSync('sh', ['-c', 'command -v podman-compose']).status === 0 ? undefined : 'podman-compose is not installed');
if (missing) console.warn(`container compose tests skipped: ${missing}`);

/**
 * docs/deploy-container.md, "Compose": deploy/container/compose.yaml from the unpacked release,
 * brought up by podman-compose with stand-ins of the mariadb and wordpress images and of the
 * worker's base; WordPress installed and the plugin put in wp-content/plugins (as docs/deploy.md's
 * "unzip it into wp-content/plugins/"), then the whole chain answers through WordPress.
 */
(missing ? describe.skip : describe)('compose: MariaDB, WordPress and the worker (deploy/container/compose.yaml)', () => {
  const workDir = mkdtempSync(join(tmpdir(), 'svc-container-compose-'));
  const podman = new Podman(join(workDir, 'podman'));
  const project = `svc-hub-test-${randomBytes(4).toString('hex')}`;
  const images: string[] = [];
  let release: string;
  let version: string;
  let siteUrl: string;

  const compose = (...args: string[]) =>
    execFileSync('podman-compose', ['-p', project, '-f', 'deploy/container/compose.yaml', ...args], {
      cwd: release,
      env: { ...podman.environment, BUILDAH_FORMAT: 'docker' }, // keeps the image's HEALTHCHECK
      stdio: ['ignore', 'ignore', 'pipe'],
    });
  const container = (service: string) => `${project}_${service}_1`;
  const cli = (...args: string[]) => podman.run(['exec', container('worker'), 'bin/svc-hub-worker', ...args]).split('\n');
  const wordpressAnswers = async () => ((await testFetch(`${siteUrl}/wp-login.php`).catch(() => undefined))?.status ?? 500) < 500;

  beforeAll(async () => {
    const { repoRoot } = stack();
    version = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version;
    const tarball = join(workDir, `svc-hub-worker-${version}.tgz`);
    execFileSync('bash', [join(repoRoot, 'scripts', 'dist-worker.sh'), version, join(workDir, 'dist'), tarball], { stdio: 'inherit' });
    execFileSync('tar', ['-xzf', tarball, '-C', workDir]);
    release = join(workDir, `svc-hub-worker-${version}`);
    const wordpressTree = join(process.env.SVC_STACK_CACHE ?? join(repoRoot, '.stack', 'cache'), 'wordpress');
    images.push(...buildNodeStandIn(podman, repoRoot, workDir), ...buildComposeStandIns(podman, repoRoot, workDir, wordpressTree));

    const port = await freePort();
    siteUrl = `http://127.0.0.1:${port}`;
    const environment = {
      DB_PASSWORD: randomBytes(12).toString('hex'),
      SVC_HUB_SECRET: randomBytes(32).toString('hex'),
      SVC_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      SVC_PUBLIC_URL: siteUrl,
      WORDPRESS_PORT: `127.0.0.1:${port}`,
      MARIADB_IMAGE: MARIADB_STAND_IN,
      WORDPRESS_IMAGE: WORDPRESS_STAND_IN,
      NODE_IMAGE: NODE_STAND_IN,
    };
    const lines = Object.entries(environment).map(([name, value]) => `${name}=${value}\n`);
    writeFileSync(join(release, 'deploy', 'container', '.env'), lines.join(''), { mode: 0o600 });
    compose('up', '-d', '--build');
    images.unshift('localhost/svc-hub-worker:local');
    await until('WordPress answers with its database', 120, wordpressAnswers);

    const wordpress = container('wordpress');
    podman.run(['cp', join(repoRoot, 'scripts', 'php', 'install.php'), `${wordpress}:/tmp/install.php`]);
    podman.run(['cp', join(repoRoot, 'plugin'), `${wordpress}:/var/www/html/wp-content/plugins/svc-hub`]);
    const install = ['--env', `WP_URL=${siteUrl}`, '--env', `WP_ADMIN_PASSWORD=${randomBytes(12).toString('hex')}`];
    podman.run(['exec', ...install, '--env', 'WP_PLUGINS=svc-hub/svc-hub.php', wordpress, 'php', '/tmp/install.php', '/var/www/html']);
    podman.run(['exec', wordpress, 'chown', '-R', 'www-data:www-data', '/var/www/html']);
  });

  afterAll(() => {
    if (release)
      spawnSync('podman-compose', ['-p', project, '-f', 'deploy/container/compose.yaml', 'down', '-v'], {
        cwd: release,
        env: podman.environment,
      });
    podman.attempt(['network', 'rm', `${project}_default`]); // podman-compose 1.0.3's down leaves it
    podman.remove([], images);
    rmSync(workDir, { recursive: true, force: true });
  });

  it('the shipped .env.example names every variable compose.yaml requires', () => {
    const required = [...readFileSync(join(release, 'deploy', 'container', 'compose.yaml'), 'utf8').matchAll(/\$\{(\w+):\?/g)].map(
      (match) => match[1],
    );
    const example = readFileSync(join(release, 'deploy', 'container', '.env.example'), 'utf8');
    expect(required.length).toBeGreaterThan(0);
    for (const name of new Set(required)) expect(example).toMatch(new RegExp(`^${name}=`, 'm'));
  });

  it('health answers through WordPress: the worker behind it, its database the same MariaDB', async () => {
    const answer = await testFetch(`${siteUrl}/wp-json/llm/router/v1/health`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ version, checks: { database: { status: 'ok' } } });
    expect(podman.attempt(['healthcheck', 'run', container('worker')])).toMatchObject({ status: 0 });
    expect(podman.run(['exec', container('worker'), 'id', '-un'])).toBe('svc-hub');
    expect(podman.run(['port', container('worker')])).toBe(''); // reached on the compose network only
  });

  it('a key made with the CLI in the worker container is served through WordPress, and survives down and up', async () => {
    const client = 'https://client.example';
    const key = cli('key', 'create', '--site', client, '--team', 'compose', '--name', 'compose').at(-1)!;
    cli('entitlement', 'grant', '--site', client, '--features', 'llm.chat');
    const models = () => testFetch(`${siteUrl}/wp-json/llm/router/v1/models`, { headers: { Authorization: `Bearer ${key}` } });
    expect((await models()).status).toBe(200);
    const refused = await testFetch(`${siteUrl}/wp-json/llm/router/v1/models`, { headers: { Authorization: 'Bearer svc_live_wrong' } });
    expect(refused.status).toBe(401);
    compose('down');
    compose('up', '-d');
    await until('WordPress answers again', 120, wordpressAnswers);
    await until('the worker serves the key again', 60, async () => (await models().catch(() => undefined))?.status === 200);
  });
});
