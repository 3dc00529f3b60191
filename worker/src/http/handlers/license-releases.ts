import { once } from 'node:events';
import type { Request, Response } from 'express';
import { context } from '../server/context';
import type { Services } from '../../services';
import { ApiError } from '../../support/api-error';
import { normaliseSiteUrl } from '../../support/site-url';
import { readReleaseUpload, SLUG_PATTERN } from '../../license/releases/release-inputs';
import { RELEASE_ID_PATTERN, type ReleaseRecord } from '../../license/releases/release-rows';
import { parseUpdateCheck } from '../../license/releases/update-inputs';

/** A release as the admin routes and the CLI show it. */
export function releaseToJson(release: ReleaseRecord) {
  return {
    id: release.id,
    object: 'release',
    type: release.product.type,
    slug: release.product.slug,
    version: release.version,
    channel: release.channel,
    name: release.name,
    requires_wp: release.requiresWp,
    requires_php: release.requiresPhp,
    tested_wp: release.testedWp,
    sha256: release.sha256,
    size_bytes: release.sizeBytes,
    withdrawn: release.withdrawn,
    downloads: release.downloads,
    created_at: release.createdAt.toISOString(),
  };
}

const refused = (status: number, code: string, message: string) => new ApiError(status, code, message);

/** Releases and updates (docs/architecture.md §12, docs/api-notes.md "Releases and updates"). */
export function licenceReleaseHandlers(services: Pick<Services, 'releases' | 'logger'>) {
  const { releases, updates, tokens, claims } = services.releases;
  return {
    async upload(request: Request, response: Response) {
      const input = await readReleaseUpload(request.headers['content-type'], context(response).rawBody);
      const release = await releases.upload(input);
      services.logger.info('release uploaded', {
        release_id: release.id,
        slug: release.product.slug,
        version: release.version,
        actor: context(response).wordpressUser,
      });
      response.status(201).json(releaseToJson(release));
    },

    /** Every release, each with the packages that deliver its product (`package_ids`). */
    async list(_request: Request, response: Response) {
      response.setHeader('Cache-Control', 'no-store');
      const [rows, deliverers] = await Promise.all([releases.rows.list(), releases.coverage.deliverers()]);
      const data = rows.map((release) => ({
        ...releaseToJson(release),
        package_ids: deliverers.get(`${release.product.type}/${release.product.slug}`) ?? [],
      }));
      response.json({ object: 'list', data });
    },

    /** `{ type, slug, version }`: that version current again, every newer one withdrawn. */
    async rollback(_request: Request, response: Response) {
      const raw = context(response).json ?? {};
      const params: Record<string, string> = {};
      if (raw.type !== undefined && raw.type !== 'plugin' && raw.type !== 'theme') params.type = 'must be plugin or theme';
      if (typeof raw.slug !== 'string' || !SLUG_PATTERN.test(raw.slug)) params.slug = "must be the plugin's or theme's folder name";
      if (typeof raw.version !== 'string' || raw.version.length > 40) params.version = 'must be the version to make current';
      if (Object.keys(params).length) throw ApiError.invalidRequest(params);
      const product = { type: (raw.type ?? 'plugin') as 'plugin' | 'theme', slug: raw.slug as string };
      const list = await releases.rollback(product, raw.version as string);
      services.logger.info('release rolled back', { slug: product.slug, version: raw.version, actor: context(response).wordpressUser });
      response.json({ object: 'list', data: list.map(releaseToJson) });
    },

    /** The site's key: per installed product the newest release it may see, with a download URL only when covered. */
    async check(_request: Request, response: Response) {
      const input = parseUpdateCheck(context(response).json ?? {});
      response.setHeader('Cache-Control', 'no-store');
      response.json(await updates.check(context(response).apiKey!.siteUrl, input));
    },

    async info(request: Request, response: Response) {
      const slug = String(request.params.slug ?? '');
      const type = request.query.type === 'theme' ? 'theme' : 'plugin';
      const channel = request.query.channel === 'beta' ? 'beta' : 'stable';
      const info = SLUG_PATTERN.test(slug) ? await updates.info(context(response).apiKey!.siteUrl, { type, slug }, channel) : null;
      if (!info) throw ApiError.notFound('This hub releases no plugin or theme with this slug.');
      response.setHeader('Cache-Control', 'no-store');
      response.json(info);
    },

    /** No Bearer: the token is the authority. Expired → 410; tampered, foreign, used before, withdrawn or no longer covered → 403. */
    async download(request: Request, response: Response) {
      const token = String(request.params.token ?? '');
      const checked = tokens.check(token);
      if (!checked.ok && checked.reason === 'expired')
        throw refused(410, 'svc_download_expired', 'This download link has expired: ask WordPress to check for updates again.');
      if (!checked.ok) throw refused(403, 'svc_download_refused', 'This download link is not valid.');
      const { grant } = checked;
      const asking = request.headers['x-svc-site'];
      if (typeof asking === 'string' && normaliseSiteUrl(asking) !== grant.siteUrl)
        throw refused(403, 'svc_download_refused', 'This download link was issued to another site.');
      const release = RELEASE_ID_PATTERN.test(grant.releaseId) ? await releases.rows.find(grant.releaseId) : null;
      if (!release || release.withdrawn) throw refused(403, 'svc_download_refused', 'This release is not offered any more.');
      if (!(await releases.coverage.coverage(grant.siteUrl, release.product)).covered)
        throw refused(403, 'svc_download_refused', "The site's licence does not cover this product now.");
      if (!(await releases.files.has(release.sha256, release.sizeBytes)))
        throw ApiError.notFound("The release's file is missing on the hub.");
      if (!(await claims.claim(token, grant)))
        throw refused(403, 'svc_download_refused', 'This download link was used before: ask WordPress to check for updates again.');
      response.setHeader('Content-Type', 'application/zip');
      response.setHeader('Content-Length', String(release.sizeBytes));
      response.setHeader('Content-Disposition', `attachment; filename="${release.product.slug}-${release.version}.zip"`);
      response.setHeader('Cache-Control', 'no-store');
      // The last chunk is held back until the download is counted: a client that has every byte has been counted.
      let held: Buffer | null = null;
      try {
        for await (const chunk of releases.files.read(release.sha256)) {
          if (held && !response.write(held)) await once(response, 'drain');
          held = chunk as Buffer;
        }
        await releases.rows.countDownload(release.id);
        response.end(held ?? undefined);
      } catch (error) {
        services.logger.warn('download failed', { release_id: release.id, error: String(error) });
        response.destroy();
      }
    },
  };
}
