import { readPage, type Page } from '../support/pagination';
import { ApiError } from '../support/api-error';
import { ASSET_TYPES, ITEM_ID_PATTERN, SAMPLE_TYPES, SLUG_PATTERN, TEMPLATE_CATEGORIES, type TemplateCategory } from './vocabulary';

export const SEARCH_MAX_CHARACTERS = 100;

export interface TemplateQuery extends Page {
  category?: TemplateCategory;
  search?: string;
}

/**
 * `GET /image-templates` query: `page`, `per_page` (1–100, default 20; never clamped),
 * `category` (one of the documented set), `search` (1–100 characters, matched literally).
 * Anything wrong → 400 svc_invalid_request naming each parameter and what it allows.
 */
export function parseTemplateQuery(query: Record<string, unknown>): TemplateQuery {
  const problems: Record<string, string> = {};
  let page: Page = { page: 1, perPage: 20 };
  try {
    page = readPage(query);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    Object.assign(problems, error.data.params);
  }
  const { category, search } = query;
  if (category !== undefined && (typeof category !== 'string' || !(TEMPLATE_CATEGORIES as readonly string[]).includes(category))) {
    problems.category = `must be one of ${TEMPLATE_CATEGORIES.join(', ')}`;
  }
  if (search !== undefined && (typeof search !== 'string' || search.trim() === '' || [...search].length > SEARCH_MAX_CHARACTERS)) {
    problems.search = `must be text of 1 to ${SEARCH_MAX_CHARACTERS} characters`;
  }
  if (Object.keys(problems).length > 0) throw ApiError.invalidRequest(problems);
  return { ...page, category: category as TemplateCategory | undefined, search: (search as string | undefined)?.trim() };
}

/** `{id}` of `/image-templates/{id}`: an id or a slug by their patterns, else null (→ 404, no query). */
export function templateKey(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  return ITEM_ID_PATTERN.test(value) && value.startsWith('tpl_') ? value : SLUG_PATTERN.test(value) ? value : null;
}

function typeFrom<T extends string>(allowed: readonly T[], what: string, value: unknown): T {
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  throw new ApiError(404, 'svc_not_found', `Unknown ${what} type; the types are ${allowed.join(', ')}.`, { allowed: [...allowed] });
}

/** `{type}` of `/image-samples/{type}`: one of SAMPLE_TYPES, else 404 naming them. */
export const sampleType = (value: unknown) => typeFrom(SAMPLE_TYPES, 'sample', value);
/** `{type}` of `/image-editor-assets/{type}`: one of ASSET_TYPES, else 404 naming them. */
export const assetType = (value: unknown) => typeFrom(ASSET_TYPES, 'editor asset', value);
