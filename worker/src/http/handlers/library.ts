import type { Request, Response } from 'express';
import { setPageHeaders } from '../answers/pagination';
import { ApiError } from '../../support/api-error';
import { hexToIntegrity } from '../../library/canonical-json';
import { ifNoneMatchHits, strongTag } from '../../library/etag';
import type { Library } from '../../library/library';
import { assetType, parseTemplateQuery, sampleType, templateKey } from '../../library/query';
import { entryToJson, templateToJson } from '../../library/serialise';
import { VersionCache } from '../../library/version-cache';

/** JSON answers may be stored but must be revalidated (the ETag makes that a cheap 304). */
export const REVALIDATE = 'public, no-cache';
/** Content-addressed files never change at their URL. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Sets ETag and Cache-Control; answers 304 (no body) when If-None-Match matches. True when it did. */
function notModified(request: Request, response: Response, hash: string, cacheControl: string): boolean {
  const tag = strongTag(hash);
  response.setHeader('ETag', tag);
  response.setHeader('Cache-Control', cacheControl);
  if (!ifNoneMatchHits(request.get('if-none-match'), tag)) return false;
  response.status(304).end();
  return true;
}

/** Public answers as they are sent, kept per library version. */
interface ListAnswer {
  text: string;
  total: number;
}
interface ItemAnswer {
  text: string;
  hash: string;
}

/**
 * The public routes of /wp-json/svc/v1 (docs/architecture.md §6). Each first reads the library's state row
 * (version and hash, one primary-key row): the manifest's 304 needs nothing else, and every
 * other answer is kept per version (VersionCache), so the item tables are read once per
 * library change and answer per worker. Workers stay consistent: the version comes from MySQL.
 */
export function libraryHandlers(library: Library) {
  const { store, publicUrl, links } = library;
  const lists = new VersionCache<ListAnswer>(500);
  const details = new VersionCache<ItemAnswer | null>(500);
  let manifestCache: { version: number; hash: string; text: string } | null = null;
  const sendJson = (response: Response, text: string) => response.type('application/json').send(text);
  const entries = async (kind: 'sample' | 'asset', type: string, response: Response) => {
    const { version } = await store.state();
    const answer = await lists.get(version, `${kind}s/${type}`, async () => {
      const items = await store.listEntries(kind, type);
      return { total: items.length, text: JSON.stringify({ object: 'list', data: items.map((item) => entryToJson(links, item)) }) };
    });
    response.setHeader('Cache-Control', REVALIDATE);
    sendJson(response, answer.text);
  };

  return {
    async templates(request: Request, response: Response) {
      const query = parseTemplateQuery(request.query);
      const { version } = await store.state();
      const key = `templates?${query.page}&${query.perPage}&${query.category ?? ''}&${query.search ?? ''}`;
      const answer = await lists.get(version, key, async () => {
        const { items, total } = await store.listTemplates(query);
        return { total, text: JSON.stringify({ object: 'list', data: items.map((item) => templateToJson(links, item)) }) };
      });
      setPageHeaders(request, response, query, answer.total, publicUrl);
      response.setHeader('Cache-Control', REVALIDATE);
      sendJson(response, answer.text);
    },

    async template(request: Request, response: Response) {
      const key = templateKey(request.params.id);
      if (!key) throw ApiError.notFound('No image template has this id or slug.');
      const { version } = await store.state();
      const answer = await details.get(version, key, async () => {
        const item = await store.findTemplate(key);
        return item && { hash: item.hash, text: JSON.stringify(templateToJson(links, item)) };
      });
      if (!answer) throw ApiError.notFound('No image template has this id or slug.');
      if (notModified(request, response, answer.hash, REVALIDATE)) return;
      sendJson(response, answer.text);
    },

    async samples(request: Request, response: Response) {
      await entries('sample', sampleType(request.params.type), response);
    },

    async assets(request: Request, response: Response) {
      await entries('asset', assetType(request.params.type), response);
    },

    async manifest(request: Request, response: Response) {
      const state = await store.state();
      if (notModified(request, response, state.hash, REVALIDATE)) return;
      if (manifestCache?.version !== state.version) manifestCache = await store.manifest();
      response.setHeader('ETag', strongTag(manifestCache.hash));
      sendJson(response, manifestCache.text);
    },

    /** An imported SVG by its SHA-256: sandboxed, never sniffed, cached for a year. */
    async file(request: Request, response: Response) {
      const match = /^([0-9a-f]{64})\.svg$/.exec(String(request.params.file ?? ''));
      const file = match ? await store.file(match[1]!) : null;
      if (!file) throw ApiError.notFound('No library file has this name.');
      response.setHeader('Content-Security-Policy', 'sandbox');
      response.setHeader('X-Content-Type-Options', 'nosniff');
      if (notModified(request, response, hexToIntegrity(match![1]!), IMMUTABLE)) return;
      response.setHeader('Content-Type', file.mediaType);
      response.send(file.content);
    },
  };
}
