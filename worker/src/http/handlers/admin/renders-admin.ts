import type { Request, Response } from 'express';
import { RENDER_STATUSES, type RenderFilters, type RenderRow, type RenderStatus } from '../../../library/renders/render-log';
import type { Services } from '../../../services';
import { readPage } from '../../../support/pagination';
import { Problems } from '../../../support/problems';
import { normaliseSiteUrl } from '../../../support/site-url';
import { setPageHeaders } from '../../answers/pagination';

const DAY = 24 * 60 * 60 * 1000;
/** A template's id (`tpl_…`) as the log keeps it; a key id (`key_…`), or the admin's own renders' id. */
const TEMPLATE_ID = /^tpl_[0-9A-Z]{26}$/;
const KEY_ID = /^[A-Za-z0-9_:-]{1,40}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ][0-9:.]+(Z|[+-]\d\d:?\d\d)?)?$/;

type TemplateNames = Map<string, { slug: string; title: string }>;

function renderToJson(row: RenderRow, names: TemplateNames) {
  return {
    object: 'render',
    id: row.id,
    created_at: row.createdAt,
    request_id: row.requestId,
    key_id: row.keyId,
    site_url: row.siteUrl,
    team: row.team,
    campaign: row.campaign,
    template_id: row.templateId,
    template_slug: names.get(row.templateId)?.slug ?? null,
    template_title: names.get(row.templateId)?.title ?? null,
    template_hash: row.templateHash,
    format: row.format,
    width: row.width,
    height: row.height,
    bytes: row.bytes,
    cache_hit: row.cacheHit,
    generated_layers: row.generatedLayers,
    duration_ms: row.durationMs,
    status: row.status,
    error_code: row.errorCode,
  };
}

const text = (value: unknown) => (value === undefined || value === '' ? undefined : value);

/** `site_url`, `template_id`, `key_id`, `status`: each optional, each checked (400 naming the field). */
function readFilters(query: Record<string, unknown>): RenderFilters {
  const problems = new Problems();
  const filters: RenderFilters = {};
  const site = text(query.site_url);
  if (site !== undefined) {
    const siteUrl = normaliseSiteUrl(site);
    if (siteUrl === null) problems.add('site_url', 'must be an absolute http(s) URL');
    else filters.siteUrl = siteUrl;
  }
  const template = text(query.template_id);
  if (template !== undefined) {
    if (typeof template !== 'string' || !TEMPLATE_ID.test(template)) problems.add('template_id', 'must be a template id (tpl_…)');
    else filters.templateId = template;
  }
  const key = text(query.key_id);
  if (key !== undefined) {
    if (typeof key !== 'string' || !KEY_ID.test(key)) problems.add('key_id', 'must be an API key id (key_…)');
    else filters.keyId = key;
  }
  const status = text(query.status);
  if (status !== undefined) {
    if (!RENDER_STATUSES.includes(status as RenderStatus)) problems.add('status', `must be one of ${RENDER_STATUSES.join(', ')}`);
    else filters.status = status as RenderStatus;
  }
  problems.throwIfAny();
  return filters;
}

function readDate(value: unknown, name: string, fallback: Date, problems: Problems): Date {
  if (value === undefined || value === '') return fallback;
  const parsed = typeof value === 'string' && ISO_DATE.test(value) ? new Date(value) : null;
  if (!parsed || Number.isNaN(parsed.getTime())) {
    problems.add(name, 'must be an ISO 8601 date or date-time');
    return fallback;
  }
  return parsed;
}

/** `from` (default 30 days before `to`), `to` (default now): [from, to). */
function readRange(query: Record<string, unknown>, now = new Date()): { from: Date; to: Date } {
  const problems = new Problems();
  const to = readDate(query.to, 'to', now, problems);
  const from = readDate(query.from, 'from', new Date(to.getTime() - 30 * DAY), problems);
  if (from > to) problems.add('from', 'must not be after to');
  problems.throwIfAny();
  return { from, to };
}

/**
 * The render log for the admin screen (docs/library.md "Rendering"): the latest renders,
 * newest first and paginated, by site, template, key and status; and the totals of a period.
 */
export function rendersAdminHandlers(services: Pick<Services, 'library' | 'config'>) {
  const log = services.library.renderLog;
  /** Each template's slug and title (archived ones too); a deleted template's are null. */
  const namesOf = async (ids: string[]): Promise<TemplateNames> => {
    const names: TemplateNames = new Map();
    for (const id of new Set(ids.filter(Boolean))) {
      const item = await services.library.store.findItem(id);
      if (item) names.set(id, { slug: item.slug, title: item.title });
    }
    return names;
  };
  return {
    async list(request: Request, response: Response) {
      const query = request.query as Record<string, unknown>;
      const filters = readFilters(query);
      const page = readPage(query);
      const { items, total } = await log.recentRenders({ limit: page.perPage, offset: (page.page - 1) * page.perPage, filters });
      setPageHeaders(request, response, page, total, services.config.publicUrl);
      const names = await namesOf(items.map((row) => row.templateId));
      response.json({ object: 'list', data: items.map((row) => renderToJson(row, names)) });
    },

    async summary(request: Request, response: Response) {
      const summary = await log.renderSummary(readRange(request.query as Record<string, unknown>));
      const names = await namesOf(summary.byTemplate.map((row) => row.templateId));
      response.json({
        object: 'render_summary',
        from: summary.from,
        to: summary.to,
        renders: summary.renders,
        cache_hits: summary.cacheHits,
        failures: summary.failures,
        bytes: summary.bytes,
        generated_layers: summary.generatedLayers,
        average_duration_ms: summary.averageDurationMs,
        by_template: summary.byTemplate.map((row) => ({
          template_id: row.templateId,
          template_slug: names.get(row.templateId)?.slug ?? null,
          renders: row.renders,
          cache_hits: row.cacheHits,
        })),
        by_format: summary.byFormat,
      });
    },
  };
}
