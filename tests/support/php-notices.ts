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
const OURS = /plugins\/svc-hub|mu-plugins|woocommerce-stand-in|\bsvc-hub\b|svc_hub/;

const debugLog = (): string => join(stack().dir, 'logs', 'wordpress-debug.log');
let offset = 0;

beforeAll(() => {
  offset = existsSync(debugLog()) ? statSync(debugLog()).size : 0;
});

afterAll(() => {
  if (!existsSync(debugLog())) return;
  const added = readFileSync(debugLog()).subarray(offset).toString('utf8');
  const ours = added.split('\n').filter((line) => PROBLEM.test(line) && OURS.test(line));
  expect(ours).toEqual([]);
});
