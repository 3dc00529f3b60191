import type { Problems } from '../../support/problems';
import type { ContentPart, ImageSource } from '../../providers/types';
import { absent, isObject } from './fields';

/** The most parts one message's content may hold; a longer list is refused without walking it. */
export const MAX_CONTENT_PARTS = 500;
const DETAILS = ['auto', 'low', 'high'] as const;
const DATA_URL = /^data:(image\/[a-zA-Z0-9.+-]+);base64,([A-Za-z0-9+/=\s]*)$/;

/** An image_url's url: https, or a base64 `data:image/…` URL. */
function imageSource(url: unknown, name: string, problems: Problems): ImageSource | null {
  if (typeof url === 'string' && url.startsWith('data:')) {
    const match = DATA_URL.exec(url);
    if (match && match[2]!.length > 0) return { kind: 'data', mediaType: match[1]!, base64: match[2]!.replace(/\s/g, '') };
    problems.add(name, 'must be a data:image/<type>;base64,<data> URL');
    return null;
  }
  if (typeof url === 'string' && /^https:\/\/[^\s]+$/i.test(url) && url.length <= 8192) {
    try {
      new URL(url);
      return { kind: 'url', url };
    } catch {
      // falls through to the problem below
    }
  }
  problems.add(name, 'must be an https URL or a data:image/…;base64 URL');
  return null;
}

function part(raw: unknown, name: string, images: boolean, problems: Problems): ContentPart | null {
  if (!isObject(raw)) {
    problems.add(name, 'must be an object {type, …}');
    return null;
  }
  if (raw.type === 'text') {
    if (typeof raw.text === 'string') return { type: 'text', text: raw.text };
    problems.add(`${name}.text`, 'must be a string');
    return null;
  }
  if (raw.type === 'image_url' && images) {
    const image = raw.image_url;
    if (!isObject(image)) {
      problems.add(`${name}.image_url`, 'must be an object {url, detail?}');
      return null;
    }
    const source = imageSource(image.url, `${name}.image_url.url`, problems);
    if (!absent(image.detail) && !DETAILS.includes(image.detail as never))
      problems.add(`${name}.image_url.detail`, 'must be auto, low or high');
    if (!source) return null;
    return absent(image.detail) ? { type: 'image', source } : { type: 'image', source, detail: image.detail as (typeof DETAILS)[number] };
  }
  problems.add(`${name}.type`, images ? 'must be text or image_url' : 'must be text (this role takes text parts only)');
  return null;
}

/**
 * A message's `content`: a string, or a list of parts (`text`; `image_url` where `images`).
 * Returns the text (text parts joined by newlines) and, for a list, the parts in order.
 */
export function content(raw: unknown, name: string, images: boolean, problems: Problems): { text: string; parts?: ContentPart[] } {
  if (typeof raw === 'string') return { text: raw };
  if (!Array.isArray(raw)) {
    problems.add(name, images ? 'must be a string or a list of text and image_url parts' : 'must be a string or a list of text parts');
    return { text: '' };
  }
  if (raw.length > MAX_CONTENT_PARTS) {
    problems.add(name, `must hold at most ${MAX_CONTENT_PARTS} parts`);
    return { text: '' };
  }
  const parts: ContentPart[] = [];
  raw.forEach((item, index) => {
    const parsed = part(item, `${name}[${index}]`, images, problems);
    if (parsed) parts.push(parsed);
  });
  const text = parts.flatMap((item) => (item.type === 'text' ? [item.text] : [])).join('\n');
  return { text, parts };
}
