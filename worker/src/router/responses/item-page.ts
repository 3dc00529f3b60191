import { Problems } from '../../support/problems';
import type { ResponseItem } from './response-item';

export interface ItemPageRequest {
  limit: number;
  order: 'asc' | 'desc';
  after: string | null;
}

const MAX_LIMIT = 100;

/** `limit` 1–100 (default 20), `order` asc|desc (default desc), `after` an item id; anything else → 400. */
export function readItemPage(query: Record<string, unknown>): ItemPageRequest {
  const problems = new Problems();
  const { limit, order, after } = query;
  let count = 20;
  if (limit !== undefined) {
    if (typeof limit !== 'string' || !/^\d{1,3}$/.test(limit) || Number(limit) < 1 || Number(limit) > MAX_LIMIT)
      problems.add('limit', `must be an integer from 1 to ${MAX_LIMIT}`);
    else count = Number(limit);
  }
  if (order !== undefined && order !== 'asc' && order !== 'desc') problems.add('order', 'must be asc or desc');
  if (after !== undefined && (typeof after !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(after)))
    problems.add('after', 'must be an item id');
  problems.throwIfAny();
  return { limit: count, order: order === 'asc' ? 'asc' : 'desc', after: typeof after === 'string' ? after : null };
}

/** One page of a response's input items, in OpenAI's list shape. */
export function itemPage(items: ResponseItem[], page: ItemPageRequest) {
  const ordered = page.order === 'asc' ? items : [...items].reverse();
  const start = page.after === null ? 0 : ordered.findIndex((item) => item.id === page.after) + 1;
  const data = page.after !== null && start === 0 ? [] : ordered.slice(start, start + page.limit);
  return {
    object: 'list',
    data,
    first_id: (data[0]?.id as string | undefined) ?? null,
    last_id: (data[data.length - 1]?.id as string | undefined) ?? null,
    has_more: start + data.length < ordered.length && data.length > 0,
  };
}
