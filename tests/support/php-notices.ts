import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { stack } from './stack';

/**
 * Run after every e2e file (jest setupFilesAfterEnv): fails the file when WordPress's debug log
 * (WP_DEBUG_LOG, scripts/write-config.sh) gained a PHP notice, warning, deprecation or error
 * that our code caused while it ran — the plugin, or the test stack's own PHP (mu-plugins, the
 * WooCommerce stand-in). WordPress 7.1 itself logs none on PHP 8.2.
 */
const PROBLEM = /PHP (Notice|Warning|Deprecated|Fatal error|Parse error|Recoverable fatal error)/;
const OURS = /plugins\/svc-hub|mu-plugins|woocommerce-stand-in|\bsvc-hub\b|svc_hub|svc-client|svc_client|client-plugins|client-php/;

/** The hub site's log, and the svc-client test site's (tests/support/client-site.ts) when one ran. */
const debugLogs = (): string[] => ['wordpress-debug.log', 'client-wordpress-debug.log'].map((name) => join(stack().dir, 'logs', name));
const offsets = new Map<string, number>();

beforeAll(() => {
  for (const log of debugLogs()) offsets.set(log, existsSync(log) ? statSync(log).size : 0);
});

afterAll(() => {
  const ours: string[] = [];
  for (const log of debugLogs()) {
    if (!existsSync(log)) continue;
    const added = readFileSync(log)
      .subarray(offsets.get(log) ?? 0)
      .toString('utf8');
    ours.push(...added.split('\n').filter((line) => PROBLEM.test(line) && OURS.test(line)));
  }
  expect(ours).toEqual([]);
});
