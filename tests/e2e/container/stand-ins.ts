import { cpSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { debianRootfs, importRootfs } from './base-images';
import type { Podman } from './podman';

/** Apache with mod_php and the extensions the official image has built in that WordPress and svc-hub use. */
const WORDPRESS_PACKAGES = ['apache2', 'libapache2-mod-php', 'php-cli', 'php-mysql', 'php-curl', 'php-mbstring', 'php-xml'];

/** The stand-ins' local names, passed to compose.yaml as MARIADB_IMAGE and WORDPRESS_IMAGE. */
export const MARIADB_STAND_IN = 'localhost/svc-hub-test-mariadb:stand-in';
export const WORDPRESS_STAND_IN = 'localhost/svc-hub-test-wordpress:stand-in';

/**
 * Builds the stand-ins of the official mariadb and wordpress (apache) images that compose.yaml
 * names (stand-ins/*: what they emulate of each is said in its Containerfile): Debian 12 with
 * Debian's MariaDB, or Apache and PHP with the stack's cached WordPress (`wordpressTree`).
 * Returns the images made, derived ones first, to remove.
 */
export function buildComposeStandIns(podman: Podman, repoRoot: string, workDir: string, wordpressTree: string): string[] {
  const sources = join(__dirname, 'stand-ins');
  const mariadbBase = 'localhost/svc-hub-test-bookworm:mariadb';
  const wordpressBase = 'localhost/svc-hub-test-bookworm:wordpress';
  importRootfs(podman, debianRootfs(repoRoot, 'mariadb', ['mariadb-server']), mariadbBase, ['bash']);
  importRootfs(podman, debianRootfs(repoRoot, 'wordpress', WORDPRESS_PACKAGES), wordpressBase, ['bash']);
  podman.run(['build', '--quiet', '--format', 'docker', '--tag', MARIADB_STAND_IN, join(sources, 'mariadb')]);
  const context = join(workDir, 'wordpress-stand-in');
  mkdirSync(context, { recursive: true });
  cpSync(join(sources, 'wordpress'), context, { recursive: true });
  cpSync(wordpressTree, join(context, 'wordpress'), { recursive: true });
  podman.run(['build', '--quiet', '--format', 'docker', '--tag', WORDPRESS_STAND_IN, context]);
  return [MARIADB_STAND_IN, WORDPRESS_STAND_IN, mariadbBase, wordpressBase];
}
