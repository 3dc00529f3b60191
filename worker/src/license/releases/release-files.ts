import { createHash } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Release zips on disk, content-addressed (docs/commerce.md "Releases and updates"):
 * `{folder}/{sha256[0..2]}/{sha256}.zip`, written to a temporary name and renamed, so a file
 * under its final name is always whole; the same bytes uploaded twice are one file.
 */
export class ReleaseFiles {
  constructor(private readonly folder: string) {}

  private path(sha256: string): string {
    return join(this.folder, sha256.slice(0, 2), `${sha256}.zip`);
  }

  /** Stores the zip; its sha256. */
  async put(zip: Buffer): Promise<string> {
    const sha256 = createHash('sha256').update(zip).digest('hex');
    const path = this.path(sha256);
    if (await this.has(sha256, zip.length)) return sha256;
    await mkdir(join(this.folder, sha256.slice(0, 2)), { recursive: true, mode: 0o750 });
    const temporary = `${path}.${process.pid}.${Date.now()}.part`;
    await writeFile(temporary, zip, { mode: 0o640 });
    await rename(temporary, path);
    return sha256;
  }

  async has(sha256: string, size: number): Promise<boolean> {
    try {
      return (await stat(this.path(sha256))).size === size;
    } catch {
      return false;
    }
  }

  read(sha256: string): ReadStream {
    return createReadStream(this.path(sha256));
  }
}
