import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SHUTDOWN_GRACE_MS } from '../../worker/src/http/server/lifecycle';
import { serviceDirectives } from '../browser/support/systemd-unit';

const ROOT = resolve(__dirname, '..', '..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** The variables in the first column of the tables of docs/configuration.md's worker sections. */
function documentedWorkerVariables(): string[] {
  const names = new Set<string>();
  let workerSection = false;
  for (const line of read('docs/configuration.md').split('\n')) {
    if (/^#{2,3} /.test(line)) workerSection = /worker/i.test(line);
    if (!workerSection || !line.startsWith('|')) continue;
    for (const match of (line.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]+)`/g)) names.add(match[1]!);
  }
  return [...names].sort();
}

/** The names of the example's `NAME=` and commented `#NAME=` lines. */
function exampleVariables(example: string): string[] {
  return [...example.matchAll(/^#?([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]!).sort();
}

describe('deploy/: the environment example and the systemd unit', () => {
  const example = read('deploy/svc-hub-worker.env.example');
  const unit = serviceDirectives(read('deploy/systemd/svc-hub-worker.service'));

  it('the environment example names every worker variable of docs/configuration.md, and no other', () => {
    const documented = documentedWorkerVariables();
    expect(documented.length).toBeGreaterThan(40);
    expect(exampleVariables(example)).toEqual(documented);
  });

  it('the environment example is plain NAME=value lines that systemd and the CLI read alike (no quotes, no spaces)', () => {
    const settings = example.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#'));
    expect(settings.filter((line) => !/^[A-Z][A-Z0-9_]*=[^'"\s]*$/.test(line))).toEqual([]);
    // The required ones are set (empty): an operator fills them in; secrets are never filled.
    expect(settings).toEqual([
      'SVC_HUB_SECRET=',
      'SVC_ENCRYPTION_KEY=',
      'SVC_DB_USER=',
      'SVC_DB_PASSWORD=',
      'SVC_DB_NAME=',
      'SVC_PUBLIC_URL=',
    ]);
  });

  it("the unit runs the release's start script as its own user with the environment file, restarts on failure but not on a configuration error", () => {
    expect(unit).toMatchObject({
      User: 'svc-hub',
      EnvironmentFile: '/etc/svc-hub/worker.env',
      WorkingDirectory: '/opt/svc-hub-worker',
      ExecStart: '/opt/svc-hub-worker/bin/svc-hub-worker',
      Restart: 'on-failure',
      RestartPreventExitStatus: '78', // worker/src/main.ts exits 78 on a ConfigError
      NoNewPrivileges: 'yes',
      ProtectSystem: 'strict',
    });
    expect(read('worker/src/main.ts')).toMatch(/ConfigError[\s\S]*process\.exit\(78\)/);
  });

  it("the unit stops with SIGTERM and waits longer than the worker's own grace period", () => {
    expect(unit.KillSignal).toBe('SIGTERM');
    const stopSeconds = Number(/^(\d+)s$/.exec(unit.TimeoutStopSec ?? '')?.[1]);
    expect(stopSeconds * 1000).toBeGreaterThan(SHUTDOWN_GRACE_MS + 5000); // + flushing and closing the pool
  });
});

/** Every file under `dir` (relative to the repository). */
function filesUnder(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

describe('docs in the box: what ships points only at docs that ship', () => {
  const distWorker = read('scripts/dist-worker.sh');

  it('the worker tarball carries docs/, INSTALL.md, deploy/ and the installer', () => {
    expect(distWorker).toContain('cp -R docs/. "$stage/docs/"');
    expect(distWorker).toContain('cp deploy/INSTALL.md "$stage/"');
    expect(distWorker).toContain('cp -R deploy "$stage/"');
    expect(distWorker).toMatch(/install -m 755 deploy\/bin\/svc-hub-worker deploy\/bin\/svc-hub-install "\$stage\/bin\/"/);
  });

  it('every docs/*.md that a shipped text file names exists, and every deploy/ path it names too', () => {
    // The tarball: deploy/**, INSTALL.md (from deploy/), docs/**; the plugin zip: readme.txt (its
    // docs live in the tarball, which readme.txt names).
    const shipped = [...filesUnder('deploy'), ...filesUnder('docs').filter((path) => path.endsWith('.md')), 'plugin/readme.txt'];
    const missing: string[] = [];
    for (const file of shipped)
      for (const match of read(file).matchAll(/(?<![\w./-])((?:docs|deploy)\/[A-Za-z0-9_./-]*[A-Za-z0-9_])/g)) {
        const path = match[1]!;
        if (!/\.(md|conf|service|example)$|^deploy\/bin\/[a-z-]+$/.test(path)) continue; // a file, not a URL's path
        if (!existsSync(join(ROOT, path))) missing.push(`${file} → ${path}`);
      }
    expect(missing).toEqual([]);
  });

  it("readme.txt's Installation section sets up the worker and nginx before the plugin, and names what got in the way", () => {
    const readme = read('plugin/readme.txt');
    const installation = readme.slice(readme.indexOf('== Installation =='), readme.indexOf('== Frequently Asked Questions =='));
    expect(installation.indexOf('svc-hub-install')).toBeLessThan(installation.indexOf('Upload Plugin'));
    for (const needed of ['sites-enabled/default', 'fastcgi_param HTTP_HOST $http_host;', 'SVC_TRUST_PROXY=loopback', 'INSTALL.md'])
      expect(installation).toContain(needed);
    expect(read('deploy/nginx/svc-hub.conf')).toMatch(/include fastcgi_params;\n\s*fastcgi_param HTTP_HOST \$http_host;/);
  });
});
