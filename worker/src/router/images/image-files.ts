import { createHash } from 'node:crypto';

/** How long a `response_format: url` image is served (OpenAI's DALL·E URLs last 60 minutes). */
export const IMAGE_URL_TTL_MS = 60 * 60 * 1000;
/** The most bytes of such images this worker keeps at once; the oldest go first beyond it. */
export const IMAGE_FILES_MAX_BYTES = 256 * 1024 * 1024;
/** The worker's route for them (route row `router.images.file`). */
export const IMAGE_FILES_ROUTE = '/wp-json/llm/router/v1/images/files/';

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/webp': 'webp' };

interface Kept {
  bytes: Buffer;
  mediaType: string;
  expiresAt: number;
}

/**
 * The images a `response_format: url` call answered (docs/api-notes.md "Images"), in this
 * worker's memory, named by their SHA-256 — content-addressed as the library's files are —
 * served for IMAGE_URL_TTL_MS after they were last stored, within IMAGE_FILES_MAX_BYTES.
 * A restart forgets them: the URL is short-lived by contract.
 */
export class ImageFiles {
  private readonly kept = new Map<string, Kept>();
  private bytes = 0;

  constructor(
    private readonly publicUrl: string,
    private readonly ttlMs = IMAGE_URL_TTL_MS,
    private readonly maxBytes = IMAGE_FILES_MAX_BYTES,
    private readonly now: () => number = Date.now,
  ) {}

  /** Keeps the image and answers its absolute URL on SVC_PUBLIC_URL. */
  store(bytes: Buffer, mediaType: string): string {
    const name = `${createHash('sha256').update(bytes).digest('hex')}.${EXTENSIONS[mediaType] ?? 'png'}`;
    this.drop(name);
    this.kept.set(name, { bytes, mediaType, expiresAt: this.now() + this.ttlMs });
    this.bytes += bytes.length;
    for (const [oldest] of this.kept) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(oldest);
    }
    return `${this.publicUrl}${IMAGE_FILES_ROUTE}${name}`;
  }

  /** The image under `name` while it has not expired; null otherwise. */
  file(name: string): { bytes: Buffer; mediaType: string } | null {
    const found = this.kept.get(name);
    if (!found) return null;
    if (found.expiresAt <= this.now()) {
      this.drop(name);
      return null;
    }
    return found;
  }

  private drop(name: string): void {
    const found = this.kept.get(name);
    if (!found) return;
    this.bytes -= found.bytes.length;
    this.kept.delete(name);
  }
}
