import { ApiError } from '../../support/api-error';
import { checkBase64Image, fetchImage, ImageProblem, parseDataUrl, type ImageLimits } from '../../support/image-fetch';
import type { OutboundGuard } from '../../support/outbound-guard';
import type { ChatRequest, ContentPart, ImageSource } from '../../providers/types';

export type { ImageLimits } from '../../support/image-fetch';

/** The image types every provider takes (OpenAI, Anthropic and Gemini agree on these four). */
export const IMAGE_MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

type DataSource = Extract<ImageSource, { kind: 'data' }>;

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
    return { kind: 'data', ...parseDataUrl(url, IMAGE_MEDIA_TYPES, this.limits.maxBytes) };
  }

  private checkData(mediaType: string, base64: string): void {
    checkBase64Image(mediaType, base64, IMAGE_MEDIA_TYPES, this.limits.maxBytes);
  }

  /** One URL through the shared fetch (support/image-fetch.ts): guard, types by header and bytes, cap, timeout. */
  private async fetchImage(address: string): Promise<DataSource> {
    const image = await fetchImage(this.guard, this.allow, this.limits, address, IMAGE_MEDIA_TYPES);
    return { kind: 'data', mediaType: image.mediaType, base64: image.bytes.toString('base64') };
  }
}
