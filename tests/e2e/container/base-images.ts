import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Podman } from './podman';

/**
 * Stand-ins for the public base images the container files name, which this machine cannot pull
 * (docs/deploy-container.md, "Tests"): Debian 12 (bookworm) made with debootstrap from Debian's
 * archive, cached as a tarball under the stack's cache, imported under a local name of the test's.
 */
export const NODE_STAND_IN = 'localhost/svc-hub-test-node:20-bookworm-slim';

const MIRROR = 'http://deb.debian.org/debian';

function cacheDir(repoRoot: string): string {
  const dir = join(process.env.SVC_STACK_CACHE ?? join(repoRoot, '.stack', 'cache'), 'container');
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** A bookworm root file system with `packages` (and what they need), as a tarball; made once per package list. */
export function debianRootfs(repoRoot: string, name: string, packages: string[]): string {
  const list = createHash('sha256').update(packages.join(',')).digest('hex').slice(0, 8);
  const tarball = join(cacheDir(repoRoot), `bookworm-${name}-${list}.tar`);
  if (existsSync(tarball)) return tarball;
  const work = mkdtempSync(join(cacheDir(repoRoot), `${name}-`));
  try {
    const rootfs = join(work, 'rootfs');
    const include = packages.length > 0 ? [`--include=${packages.join(',')}`] : [];
    execFileSync('debootstrap', ['--variant=minbase', ...include, 'bookworm', rootfs, MIRROR], { stdio: ['ignore', 'ignore', 'inherit'] });
    // What an image does not need: apt's downloaded packages and lists.
    for (const dir of ['var/cache/apt/archives', 'var/lib/apt/lists']) execFileSync('find', [join(rootfs, dir), '-type', 'f', '-delete']);
    execFileSync('tar', ['--numeric-owner', '-C', rootfs, '-cf', `${tarball}.part`, '.']);
    renameSync(`${tarball}.part`, tarball);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return tarball;
}

/** Imports a root file system tarball as image `tag`, with a PATH and a command. */
export function importRootfs(podman: Podman, tarball: string, tag: string, command: string[]): void {
  podman.run([
    'import',
    '--change',
    'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
    '--change',
    `CMD ${JSON.stringify(command)}`,
    tarball,
    tag,
  ]);
}

/**
 * node:20-bookworm-slim's stand-in: bookworm (minbase) with this machine's Node.js 20 binary in
 * /usr/local/bin, where the official image has it. Returns the images it made, to remove.
 */
export function buildNodeStandIn(podman: Podman, repoRoot: string, workDir: string): string[] {
  const base = 'localhost/svc-hub-test-bookworm:minbase';
  importRootfs(podman, debianRootfs(repoRoot, 'minbase', []), base, ['bash']);
  const context = join(workDir, 'node-stand-in');
  mkdirSync(context, { recursive: true });
  copyFileSync(process.execPath, join(context, 'node'));
  writeFileSync(join(context, 'Containerfile'), `FROM ${base}\nCOPY node /usr/local/bin/node\nCMD ["node"]\n`);
  podman.run(['build', '--quiet', '--tag', NODE_STAND_IN, context]);
  return [NODE_STAND_IN, base]; // the images made, the derived one first
}
