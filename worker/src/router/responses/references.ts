import { ApiError } from '../../support/api-error';
import type { SourcedItem } from './input-items';
import type { ResponseStore } from './response-rows';

/** The most `item_reference` items one request may carry (each is one lookup). */
export const MAX_REFERENCES = 100;

/**
 * Replaces each `item_reference` of the input with the item it names, from the key's stored
 * responses (the Vercel AI SDK sends them for earlier assistant turns when `store` is on). An id
 * the key has no stored item for → 404 naming `input[n].id`, the same for another key's item.
 */
export async function resolveReferences(items: SourcedItem[], store: ResponseStore, apiKeyId: string): Promise<SourcedItem[]> {
  const references = items.filter(({ item }) => item.type === 'item_reference');
  if (references.length === 0) return items;
  if (references.length > MAX_REFERENCES)
    throw ApiError.invalidRequest({ input: `must hold at most ${MAX_REFERENCES} item_reference items` });
  const resolved: SourcedItem[] = [];
  for (const entry of items) {
    if (entry.item.type !== 'item_reference') {
      resolved.push(entry);
      continue;
    }
    const item = await store.findItem(entry.item.id as string, apiKeyId);
    if (!item) {
      throw new ApiError(404, 'svc_not_found', 'No stored item with this id.', {
        params: { [`input[${entry.index}].id`]: 'no stored item with this id for this API key' },
      });
    }
    resolved.push({ item, index: entry.index });
  }
  return resolved;
}
