import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { stack } from './stack';

/** Runs the operator CLI against the e2e stack's database; returns stdout lines. */
export function hub(...args: string[]): string[] {
  const info = stack();
  const output = execFileSync('node', [join(info.repoRoot, 'worker', 'dist', 'cli', 'hub.js'), ...args], {
    env: { PATH: process.env.PATH, SVC_ENV_FILE: join(info.dir, 'worker.env') },
    encoding: 'utf8',
  });
  return output.trimEnd().split('\n');
}

/**
 * Makes `source` a store of the hub signing with `secret`: added, or — when an earlier file of the
 * same run (one stack, files in turn) added it — given this secret. Several files play the suite's
 * own WordPress as a store.
 */
export function registerStore(source: string, secret: string): void {
  const known = hub('store', 'list').some((line) => line.includes(source));
  if (known) hub('store', 'rotate', source, '--secret', secret);
  else hub('store', 'add', '--source', source, '--secret', secret);
}

export interface TestKey {
  id: string;
  key: string;
  webhookSecret: string;
  siteUrl: string;
}

/** A fresh client key for a fresh site, optionally entitled to `features`. */
export function createKey(features: string[] = [], scope: 'client' | 'admin' = 'client'): TestKey {
  const siteUrl = `https://site-${randomUUID().slice(0, 8)}.example`;
  const lines = hub('key', 'create', '--site', siteUrl, '--team', 'e2e', '--scope', scope, '--name', 'e2e');
  const id = /(key_[0-9A-Z]{26})/.exec(lines[0]!)![1]!;
  if (features.length > 0) hub('entitlement', 'grant', '--site', siteUrl, '--features', features.join(','));
  return { id, key: lines[lines.length - 1]!, webhookSecret: lines[lines.length - 2]!, siteUrl };
}
