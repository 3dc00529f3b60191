import { request } from 'undici';
import { hostPortOf } from './outbound-allow';
import { OutboundRefusedError, pinnedAgent, type OutboundGuard } from './outbound-guard';

/**
 * Fetching an image a client named by URL, and reading a `data:` URL, for every area that takes
 * images from clients (the router's chat images, docs/architecture.md §9; the library's render
 * fields, docs/library.md "Rendering"): https only (plain http only for a `host:port` in
 * SVC_OUTBOUND_ALLOW), public addresses only (the outbound guard), one of the caller's image
 * types by the header and by the bytes, at most `maxBytes`, within `fetchTimeoutMs`, no redirects.
 * A bad image is an ImageProblem whose message completes "the field …" in a 400.
 */

export interface ImageLimits {
  /** Largest image, in bytes once decoded (SVC_IMAGE_MAX_BYTES). */
  maxBytes: number;
  /** Whole fetch of one URL: connect, headers and body (SVC_IMAGE_FETCH_TIMEOUT_MS). */
  fetchTimeoutMs: number;
}

export interface FetchedImage {
  mediaType: string;
  bytes: Buffer;
}

/** What is wrong with one image, worded to follow the field's name. */
export class ImageProblem extends Error {}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The image type the bytes themselves say, or null (PNG, JPEG, GIF, WebP signatures; SVG by its root element). */
export function sniffImageType(bytes: Buffer): string | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.subarray(0, 6).toString('latin1'))) return 'image/gif';
  if (bytes.length >= 12 && bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'image/webp';
  const head = bytes
    .subarray(0, 1024)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  if (/^\s*(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*(?:<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head)) return 'image/svg+xml';
  return null;
}

/** Refuses bytes whose own type is not the declared one (a type list in the message). */
export function checkImageBytes(bytes: Buffer, declared: string, allowed: readonly string[]): void {
  const sniffed = sniffImageType(bytes);
  if (sniffed === null || sniffed !== declared || !allowed.includes(sniffed)) {
    throw new ImageProblem(`must be an image of type ${allowed.join(', ')} (its bytes are ${sniffed ?? 'not an image'})`);
  }
}

/** Checks base64 data of a declared type without decoding it: the type, the alphabet, the size. */
export function checkBase64Image(mediaType: string, base64: string, allowed: readonly string[], maxBytes: number): void {
  if (!allowed.includes(mediaType.toLowerCase())) {
    throw new ImageProblem(`must be an image of type ${allowed.join(', ')} (got ${mediaType.slice(0, 60) || 'none'})`);
  }
  if (base64.length === 0 || base64.length % 4 !== 0 || !BASE64.test(base64)) throw new ImageProblem('must carry valid base64 data');
  const bytes = (base64.length / 4) * 3 - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0);
  if (bytes > maxBytes) throw new ImageProblem(`must be an image of at most ${maxBytes} bytes`);
}

/** `data:<image type>;base64,<data>` split and checked (not decoded): its type and base64. */
export function parseDataUrl(url: string, allowed: readonly string[], maxBytes: number): { mediaType: string; base64: string } {
  const match = /^data:([^;,]*)((?:;[^;,]*)*),(.*)$/is.exec(url);
  if (!match || !/;base64/i.test(match[2]!)) throw new ImageProblem('must be a data: URL of the form data:image/png;base64,…');
  const mediaType = match[1]!.toLowerCase();
  checkBase64Image(mediaType, match[3]!, allowed, maxBytes);
  return { mediaType, base64: match[3]! };
}

/** Fetches one image URL through the guard (see the file's comment); an ImageProblem when refused. */
export async function fetchImage(
  guard: OutboundGuard,
  allow: readonly string[],
  limits: ImageLimits,
  address: string,
  allowed: readonly string[],
): Promise<FetchedImage> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new ImageProblem('must be an absolute https URL or a data: URL');
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && allow.includes(hostPortOf(url)))) {
    throw new ImageProblem('must be an https URL or a data: URL');
  }
  const signal = AbortSignal.timeout(limits.fetchTimeoutMs);
  let agent: ReturnType<typeof pinnedAgent> | undefined;
  try {
    const target = await guard.check(url.toString());
    agent = pinnedAgent(target, limits.fetchTimeoutMs);
    const response = await request(target.url, {
      method: 'GET',
      dispatcher: agent,
      signal,
      headersTimeout: limits.fetchTimeoutMs,
      bodyTimeout: limits.fetchTimeoutMs,
      headers: { accept: allowed.join(', '), 'user-agent': 'svc-hub image fetch' },
    });
    if (response.statusCode !== 200) {
      await response.body.dump().catch(() => undefined);
      throw new ImageProblem(`could not be fetched (the server answered HTTP ${response.statusCode})`);
    }
    const mediaType = String(response.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim()
      .toLowerCase();
    if (!allowed.includes(mediaType)) {
      await response.body.dump().catch(() => undefined);
      throw new ImageProblem(
        `must point to an image of type ${allowed.join(', ')} (the server sent ${mediaType.slice(0, 60) || 'no type'})`,
      );
    }
    const body = response.body as AsyncIterable<Buffer> & { destroy(): void };
    const bytes = await readCapped(body, Number(response.headers['content-length'] ?? NaN), limits.maxBytes);
    checkImageBytes(bytes, mediaType, allowed);
    return { mediaType, bytes };
  } catch (error) {
    if (error instanceof ImageProblem) throw error;
    if (error instanceof OutboundRefusedError)
      throw new ImageProblem('must point to a public address (private, loopback and link-local addresses are refused)');
    if (signal.aborted) throw new ImageProblem(`could not be fetched within ${limits.fetchTimeoutMs} ms`);
    const code = (error as { code?: string }).code;
    throw new ImageProblem(`could not be fetched${code ? ` (${code})` : ''}`);
  } finally {
    agent?.destroy().catch(() => undefined);
  }
}

async function readCapped(body: AsyncIterable<Buffer> & { destroy(): void }, declared: number, maxBytes: number): Promise<Buffer> {
  const tooLarge = () => new ImageProblem(`must point to an image of at most ${maxBytes} bytes`);
  if (declared > maxBytes) {
    body.destroy();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > maxBytes) {
      body.destroy();
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  if (size === 0) throw new ImageProblem('points to an empty image');
  return Buffer.concat(chunks, size);
}
