import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

/** The product version, from the repository's package.json (worker/dist or worker/src → ../../). */
export function productVersion(): string {
  try {
    const manifest = JSON.parse(readFileSync(resolve(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as { version?: string };
    return manifest.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}
