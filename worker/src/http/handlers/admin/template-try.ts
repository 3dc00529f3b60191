import { performance } from 'node:perf_hooks';
import type { Request, Response } from 'express';
import { effectiveFields } from '../../../library/renders/template-fields';
import type { TemplateRow } from '../../../library/rows';
import type { Services } from '../../../services';
import { ApiError } from '../../../support/api-error';
import { Problems } from '../../../support/problems';
import { context } from '../../server/context';

/** The body of a try: the render request's fields without `template` (the path names it) and `response`. */
const TRY_FIELDS = new Set(['fields', 'width', 'height', 'format']);

/** The render log's key id of the admin's own renders (docs/library.md "Rendering": not a customer's key, charged to no one). */
export const ADMIN_RENDERER = 'admin';

async function activeTemplate(services: Pick<Services, 'library'>, request: Request): Promise<TemplateRow> {
  const template = await services.library.store.findTemplate(String(request.params.id ?? ''));
  if (!template) throw ApiError.notFound('No active template has this id or slug.');
  return template;
}

/**
 * "Try a template" in the admin screen's library (docs/library.md "Rendering"): a template's
 * fields as the form shows them (the declared ones, or the implicit ones), and a render of it
 * with the form's values, made by the library's renderer as the admin — in the render log under
 * key `admin` and the hub's own site, charged to no customer (no image generator: generated layers
 * are not drawn by a try) — answered as a data URL with the time it took and whether it came from
 * the render cache.
 */
export function templateTryHandlers(services: Pick<Services, 'library' | 'config'>) {
  return {
    async fields(request: Request, response: Response) {
      const template = await activeTemplate(services, request);
      response.json({
        object: 'template_form',
        template: {
          id: template.id,
          slug: template.slug,
          title: template.title,
          width: template.width,
          height: template.height,
          format: template.format,
          hash: template.hash,
        },
        fields: effectiveFields(template.definition),
      });
    },

    async render(request: Request, response: Response) {
      const template = await activeTemplate(services, request);
      const body = context(response).json ?? {};
      const problems = new Problems();
      for (const name of Object.keys(body))
        if (!TRY_FIELDS.has(name)) problems.add(name, 'is not a field of a try (fields, width, height, format)');
      problems.throwIfAny();
      const started = performance.now();
      const rendered = await services.library.renderer.render(
        { ...body, template: template.id },
        { requestId: context(response).requestId, keyId: ADMIN_RENDERER, siteUrl: services.config.publicUrl, team: '' },
      );
      response.setHeader('Cache-Control', 'no-store');
      response.json({
        object: 'template_render',
        template: rendered.template,
        media_type: rendered.mediaType,
        bytes: rendered.bytes.length,
        cache: rendered.cache,
        duration_ms: Math.round(performance.now() - started),
        data_url: `data:${rendered.mediaType};base64,${rendered.bytes.toString('base64')}`,
      });
    },
  };
}
