import { request } from 'undici';
import { ApiError } from '../../support/api-error';
import { hostPortOf } from '../../support/outbound-allow';
import { OutboundRefusedError, pinnedAgent, type OutboundGuard } from '../../support/outbound-guard';
import type { ChatRequest, ContentPart, ImageSource } from '../../providers/types';

/** The image types every provider takes (OpenAI, Anthropic and Gemini agree on these four). */
export const IMAGE_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export interface ImageLimits {
  /** Largest image, in bytes once decoded (SVC_IMAGE_MAX_BYTES). */
  maxBytes: number;
  /** Whole fetch of one URL: connect, headers and body (SVC_IMAGE_FETCH_TIMEOUT_MS). */
  fetchTimeoutMs: number;
}

type DataSource = Extract<ImageSource, { kind: 'data' }>;

/** A problem with one image: the client's field and what is wrong, for a 400 naming it. */
class ImageProblem extends Error {}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The request has an image part somewhere (most have none: nothing to prepare). */
export function hasImages(chat: ChatRequest): boolean {
  return chat.messages.some((message) => message.parts?.some((part) => part.type === 'image'));
}

/**
 * Images in a chat request, checked and made ready for the provider (docs/architecture.md §9, issue 14 §1).
 * Inline data is always checked: an image media type, valid base64, at most `maxBytes`. For a
 * provider that cannot fetch URLs itself, each URL is fetched here through the outbound guard —
 * https only (plain http only for a `host:port` in SVC_OUTBOUND_ALLOW), public addresses only,
 * an image type, the size cap, a timeout, no redirects — and replaced by its data. A bad image
 * is a 400 svc_invalid_request naming `messages[i].content[j].image_url.url`. Fetches are kept
 * per image, so a retry or a fallback to another such provider does not fetch again.
 */
export class ImageInliner {
  private readonly fetched = new WeakMap<ImageSource, Promise<DataSource>>();

  constructor(
    private readonly guard: OutboundGuard,
    private readonly allow: string[],
    private readonly limits: ImageLimits,
  ) {}

  /** The request with every image checked, and URLs turned into data when `fetchUrls` is false. */
  async prepare(chat: ChatRequest, fetchUrls: boolean): Promise<ChatRequest> {
    if (!hasImages(chat)) return chat;
    const messages = await Promise.all(
      chat.messages.map(async (message, i) => {
        if (!message.parts?.some((part) => part.type === 'image')) return message;
        const parts = await Promise.all(
          message.parts.map((part, j) => this.preparePart(part, fetchUrls, `messages[${i}].content[${j}].image_url.url`)),
        );
        return { ...message, parts };
      }),
    );
    return { ...chat, messages };
  }

  private async preparePart(part: ContentPart, fetchUrls: boolean, field: string): Promise<ContentPart> {
    if (part.type !== 'image') return part;
    try {
      if (part.source.kind === 'data') {
        this.checkData(part.source.mediaType, part.source.base64);
        return part;
      }
      if (/^data:/i.test(part.source.url)) return { ...part, source: this.fromDataUrl(part.source.url) };
      if (fetchUrls) return part;
      let pending = this.fetched.get(part.source);
      if (!pending) {
        pending = this.fetchImage(part.source.url);
        this.fetched.set(part.source, pending);
      }
      return { ...part, source: await pending };
    } catch (error) {
      if (error instanceof ImageProblem) throw ApiError.invalidRequest({ [field]: error.message });
      throw error;
    }
  }

  /** `data:<image type>;base64,<data>` as a data source (a data: URL handed on as a URL). */
  private fromDataUrl(url: string): DataSource {
    const match = /^data:([^;,]*)((?:;[^;,]*)*),(.*)$/is.exec(url);
    if (!match || !/;base64/i.test(match[2]!)) throw new ImageProblem('must be a data: URL of the form data:image/png;base64,…');
    const mediaType = match[1]!.toLowerCase();
    this.checkData(mediaType, match[3]!);
    return { kind: 'data', mediaType, base64: match[3]! };
  }

  private checkData(mediaType: string, base64: string): void {
    if (!(IMAGE_MEDIA_TYPES as readonly string[]).includes(mediaType.toLowerCase())) {
      throw new ImageProblem(`must be an image of type ${IMAGE_MEDIA_TYPES.join(', ')} (got ${mediaType.slice(0, 60) || 'none'})`);
    }
    if (base64.length === 0 || base64.length % 4 !== 0 || !BASE64.test(base64)) throw new ImageProblem('must carry valid base64 data');
    const bytes = (base64.length / 4) * 3 - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0);
    if (bytes > this.limits.maxBytes) throw new ImageProblem(`must be an image of at most ${this.limits.maxBytes} bytes`);
  }

  private async fetchImage(address: string): Promise<DataSource> {
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      throw new ImageProblem('must be an absolute https URL or a data: URL');
    }
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && this.allow.includes(hostPortOf(url)))) {
      throw new ImageProblem('must be an https URL or a data: URL');
    }
    const signal = AbortSignal.timeout(this.limits.fetchTimeoutMs);
    let agent: ReturnType<typeof pinnedAgent> | undefined;
    try {
      const target = await this.guard.check(url.toString());
      agent = pinnedAgent(target, this.limits.fetchTimeoutMs);
      const response = await request(target.url, {
        method: 'GET',
        dispatcher: agent,
        signal,
        headersTimeout: this.limits.fetchTimeoutMs,
        bodyTimeout: this.limits.fetchTimeoutMs,
        headers: { accept: IMAGE_MEDIA_TYPES.join(', '), 'user-agent': 'svc-hub image fetch' },
      });
      if (response.statusCode !== 200) {
        await response.body.dump().catch(() => undefined);
        throw new ImageProblem(`could not be fetched (the server answered HTTP ${response.statusCode})`);
      }
      const mediaType = String(response.headers['content-type'] ?? '')
        .split(';')[0]!
        .trim()
        .toLowerCase();
      if (!(IMAGE_MEDIA_TYPES as readonly string[]).includes(mediaType)) {
        await response.body.dump().catch(() => undefined);
        throw new ImageProblem(
          `must point to an image of type ${IMAGE_MEDIA_TYPES.join(', ')} (the server sent ${mediaType.slice(0, 60) || 'no type'})`,
        );
      }
      const body = await this.readCapped(
        response.body as AsyncIterable<Buffer> & { destroy(): void },
        Number(response.headers['content-length'] ?? NaN),
      );
      return { kind: 'data', mediaType, base64: body.toString('base64') };
    } catch (error) {
      if (error instanceof ImageProblem) throw error;
      if (error instanceof OutboundRefusedError)
        throw new ImageProblem('must point to a public address (private, loopback and link-local addresses are refused)');
      if (signal.aborted) throw new ImageProblem(`could not be fetched within ${this.limits.fetchTimeoutMs} ms`);
      const code = (error as { code?: string }).code;
      throw new ImageProblem(`could not be fetched${code ? ` (${code})` : ''}`);
    } finally {
      agent?.destroy().catch(() => undefined);
    }
  }

  private async readCapped(body: AsyncIterable<Buffer> & { destroy(): void }, declared: number): Promise<Buffer> {
    const tooLarge = () => new ImageProblem(`must point to an image of at most ${this.limits.maxBytes} bytes`);
    if (declared > this.limits.maxBytes) {
      body.destroy();
      throw tooLarge();
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of body) {
      size += chunk.length;
      if (size > this.limits.maxBytes) {
        body.destroy();
        throw tooLarge();
      }
      chunks.push(chunk);
    }
    if (size === 0) throw new ImageProblem('points to an empty image');
    return Buffer.concat(chunks, size);
  }
}
