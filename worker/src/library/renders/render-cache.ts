import type { RenderedImage } from './fill-template';

/**
 * Finished renders kept in memory by their key (template hash and canonical inputs,
 * render-key.ts), least recently used first out, bounded in entries and in bytes
 * (SVC_RENDER_CACHE_ENTRIES, SVC_RENDER_CACHE_MB; docs/configuration.md). Identical renders
 * asked at once share one render (single flight): the second waits for the first.
 */
export class RenderCache {
  private readonly entries = new Map<string, RenderedImage>();
  private readonly pending = new Map<string, Promise<RenderedImage>>();
  private bytes = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes: number,
  ) {}

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  /** The kept render (now most recently used), or undefined. */
  get(key: string): RenderedImage | undefined {
    const found = this.entries.get(key);
    if (!found) return undefined;
    this.entries.delete(key);
    this.entries.set(key, found);
    return found;
  }

  /**
   * The kept render, or the one in flight for the same key, or `render()`'s result kept.
   * `hit` tells whether this caller's answer was already there (kept or in flight).
   */
  async through(key: string, render: () => Promise<RenderedImage>): Promise<{ image: RenderedImage; hit: boolean }> {
    const kept = this.get(key);
    if (kept) return { image: kept, hit: true };
    const inFlight = this.pending.get(key);
    if (inFlight) return { image: await inFlight, hit: true };
    const running = render().then((image) => {
      this.put(key, image);
      return image;
    });
    this.pending.set(key, running);
    try {
      return { image: await running, hit: false };
    } finally {
      this.pending.delete(key);
    }
  }

  private put(key: string, image: RenderedImage): void {
    if (this.maxEntries === 0 || image.bytes.length > this.maxBytes) return;
    this.entries.set(key, image);
    this.bytes += image.bytes.length;
    for (const [oldest, kept] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= kept.bytes.length;
    }
  }
}
