import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnvFile, stack } from '../../support/stack';

export interface WordPressUser {
  login: string;
  password: string;
}

/** The stack's administrator (created by the installer). */
export function administrator(): WordPressUser {
  const secrets = parseEnvFile(readFileSync(join(stack().dir, 'secrets.env'), 'utf8'));
  return { login: 'admin', password: secrets.WP_ADMIN_PASSWORD! };
}

/**
 * A new WordPress user with `role`, made with WordPress's own wp_insert_user() on the PHP
 * CLI against the stack's site (there is no wp-cli here).
 */
export function createUser(role: 'editor' | 'author' | 'subscriber'): WordPressUser {
  const info = stack();
  const user = { login: `${role}-${randomBytes(4).toString('hex')}`, password: randomBytes(12).toString('hex') };
  const url = new URL(info.wordpressUrl);
  execFileSync('php', [join(__dirname, 'create-user.php'), join(info.dir, 'wordpress'), user.login, user.password, role], {
    env: { ...process.env, WP_HOST: url.host },
    encoding: 'utf8',
  });
  return user;
}
