import { randomUUID } from 'node:crypto';
import { call, type JsonAnswer, type Lane } from './lanes';
import { shellHeaders } from './signed-request';
import { logIn, type WordPressSession } from './wordpress-session';

export const LIBRARY = '/wp-json/svc/v1';
export const LIBRARY_ADMIN = '/wp-json/svc-hub/v1/admin/library';

let session: Promise<WordPressSession> | null = null;

/**
 * An admin call on a lane: through WordPress with a logged-in administrator (cookie + REST
 * nonce), or straight to the worker signed as the shell would sign it.
 */
export async function libraryAdmin(lane: Lane, method: string, path: string, body?: unknown): Promise<JsonAnswer> {
  const text = body === undefined ? undefined : JSON.stringify(body);
  const contentType: Record<string, string> = text === undefined ? {} : { 'Content-Type': 'application/json' };
  if (lane === 'wordpress') {
    session ??= logIn();
    return call('wordpress', LIBRARY_ADMIN + path, { method, body: text, headers: { ...(await session).headers, ...contentType } });
  }
  return call('direct', LIBRARY_ADMIN + path, {
    method,
    body: text,
    headers: { ...contentType, ...shellHeaders({ method, path: LIBRARY_ADMIN + path, body: text ?? '' }) },
  });
}

export const svg = (fill: string, extra = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect width="100" height="100" fill="${fill}"/>${extra}</svg>`;

export interface TemplateSpec {
  slug: string;
  title?: string;
  category?: string;
  tags?: string[];
  fill?: string;
  preview?: string;
}

/** A pack of small, valid templates (each with its own preview SVG). */
export function templatePack(specs: TemplateSpec[]): Record<string, unknown> {
  const files: Record<string, string> = {};
  const templates = specs.map((spec) => {
    files[`previews/${spec.slug}.svg`] = spec.preview ?? svg(spec.fill ?? '#ff7a59');
    return {
      slug: spec.slug,
      title: spec.title ?? `Template ${spec.slug}`,
      category: spec.category ?? 'social-post',
      type: 'instagram-post',
      width: 1080,
      height: 1080,
      format: 'png',
      tags: spec.tags ?? ['e2e'],
      preview: `previews/${spec.slug}.svg`,
      definition: {
        schema: 1,
        background: spec.fill ?? '#ff7a59',
        layers: [
          {
            id: 'title',
            type: 'text',
            x: 80,
            y: 80,
            width: 900,
            height: 120,
            text: spec.title ?? spec.slug,
            style: { font_family: 'Inter', font_size: 96, color: '#ffffff' },
          },
        ],
      },
    };
  });
  return { format: 'svc-hub-library-pack', format_version: 1, templates, files };
}

/** A token for slugs and tags that no other test uses (lower-case letters and digits). */
export const token = () => `t${randomUUID().replace(/-/g, '').slice(0, 10)}`;
