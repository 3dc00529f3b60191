import { SyncError } from './sync-state';

const TIMEOUT_MS = 30_000;
/** A short excerpt of a hub's answer for an error line, without control characters. */
// eslint-disable-next-line no-control-regex -- replacing control characters is the point.
const excerpt = (text: string) => text.slice(0, 200).replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ');

/** The hub's public library API over fetch (undici), counting every request it makes. */
export class RemoteLibrary {
  requests = 0;
  readonly api: string;

  constructor(
    readonly site: string,
    private readonly userAgent: string,
  ) {
    this.api = `${site}/wp-json/svc/v1`;
  }

  private async get(url: string, headers: Record<string, string> = {}): Promise<Response> {
    this.requests += 1;
    try {
      return await fetch(url, { headers: { 'User-Agent': this.userAgent, ...headers }, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      throw new SyncError(`GET ${url} failed: ${(error as Error).message}`);
    }
  }

  private async json(url: string): Promise<unknown> {
    const response = await this.get(url, { Accept: 'application/json' });
    const text = await response.text();
    if (response.status !== 200) throw new SyncError(`GET ${url} answered ${response.status}: ${excerpt(text)}`);
    try {
      return JSON.parse(text);
    } catch {
      throw new SyncError(`GET ${url} did not answer JSON`);
    }
  }

  /** The manifest; `notModified` when If-None-Match matched (304). */
  async manifest(etag: string | null): Promise<{ notModified: true } | { notModified: false; body: unknown; etag: string | null }> {
    const url = `${this.api}/image-library/manifest`;
    const response = await this.get(url, { Accept: 'application/json', ...(etag ? { 'If-None-Match': etag } : {}) });
    if (response.status === 304) {
      await response.arrayBuffer();
      return { notModified: true };
    }
    const text = await response.text();
    if (response.status !== 200) throw new SyncError(`GET ${url} answered ${response.status}: ${excerpt(text)}`);
    try {
      return { notModified: false, body: JSON.parse(text), etag: response.headers.get('etag') };
    } catch {
      throw new SyncError(`GET ${url} did not answer JSON`);
    }
  }

  template(id: string): Promise<unknown> {
    return this.json(`${this.api}/image-templates/${encodeURIComponent(id)}`);
  }

  /** The list of samples (`kind` sample) or editor assets of one type. */
  async entries(kind: 'sample' | 'asset', type: string): Promise<unknown[]> {
    const route = kind === 'sample' ? 'image-samples' : 'image-editor-assets';
    const body = (await this.json(`${this.api}/${route}/${encodeURIComponent(type)}`)) as { data?: unknown };
    if (!Array.isArray(body?.data)) throw new SyncError(`GET ${route}/${type} did not answer a list`);
    return body.data;
  }

  async file(url: string): Promise<Buffer> {
    if (!/^https?:\/\//i.test(url)) throw new SyncError(`a file URL is not http(s): ${url.slice(0, 100)}`);
    const response = await this.get(url);
    const bytes = Buffer.from(await response.arrayBuffer());
    if (response.status !== 200) throw new SyncError(`GET ${url} answered ${response.status}`);
    return bytes;
  }
}
