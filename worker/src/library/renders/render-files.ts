import { createHash } from 'node:crypto';

/** How long a `response: "url"` render is served after it was last stored. */
export const RENDER_URL_TTL_MS = 15 * 60 * 1000;
/** The most bytes of such renders this worker keeps at once; the oldest go first beyond it. */
export const RENDER_FILES_MAX_BYTES = 128 * 1024 * 1024;
/** The worker's route for them (route row `library.image-render-file`). */
export const RENDER_FILES_ROUTE = '/wp-json/svc/v1/image-renders/files/';

export const RENDER_EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
};
export const RENDER_FILE_NAME = /^[0-9a-f]{64}\.(?:png|jpeg|webp|svg)$/;

interface Kept {
  bytes: Buffer;
  mediaType: string;
  expiresAt: number;
}

/**
 * Renders answered as a URL (docs/library.md "Rendering"), in this worker's memory, named by
 * the SHA-256 of their bytes (content-addressed), served for RENDER_URL_TTL_MS within
 * RENDER_FILES_MAX_BYTES. A restart forgets them: the URL is short-lived by contract.
 */
export class RenderFiles {
  private readonly kept = new Map<string, Kept>();
  private bytes = 0;

  constructor(
    private readonly publicUrl: string,
    private readonly ttlMs = RENDER_URL_TTL_MS,
    private readonly maxBytes = RENDER_FILES_MAX_BYTES,
    private readonly now: () => number = Date.now,
  ) {}

  /** Keeps the render; its absolute URL on SVC_PUBLIC_URL and when it expires. */
  store(bytes: Buffer, mediaType: string): { url: string; expiresAt: Date } {
    const name = `${createHash('sha256').update(bytes).digest('hex')}.${RENDER_EXTENSIONS[mediaType] ?? 'png'}`;
    this.drop(name);
    const expiresAt = this.now() + this.ttlMs;
    this.kept.set(name, { bytes, mediaType, expiresAt });
    this.bytes += bytes.length;
    for (const [oldest] of this.kept) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(oldest);
    }
    return { url: `${this.publicUrl}${RENDER_FILES_ROUTE}${name}`, expiresAt: new Date(expiresAt) };
  }

  /** The render under `name` while it has not expired; null otherwise. */
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
    this.kept.delete(name);
    this.bytes -= found.bytes.length;
  }
}
