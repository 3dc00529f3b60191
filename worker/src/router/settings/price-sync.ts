import { describeProvider, PROVIDER_DESCRIPTORS } from '../../providers/registry';
import type { ListedPrice, ListedPrices } from '../../providers/types';
import { ApiError } from '../../support/api-error';
import { shippedPrice, type PriceOverride, type StoredPrice } from '../catalog/prices';
import type { RouterServices } from '../router-services';
import { fetchPriceList, priceListFailed } from './price-list-fetch';

/** What a sync did (docs/api-notes.md "Price sync"). */
export interface PriceSyncSummary {
  object: 'price_sync';
  provider: string;
  url: string;
  /** Models the list priced. */
  listed: number;
  added: number;
  changed: number;
  unchanged: number;
  /** Listed models whose price the admin set: the admin's price stands. */
  kept: number;
  /** Entries not taken, with why (a variable or absurd price, an id the hub cannot name). */
  refused: Array<{ model: string; reason: string }>;
}

export type PriceSyncServices = Pick<RouterServices, 'prices' | 'providers' | 'config'>;

const WRITE_BATCH = 500;

/** The providers that publish a price list (`hub price sync <provider>`). */
export const SYNCABLE_PROVIDERS = PROVIDER_DESCRIPTORS.filter((descriptor) => descriptor.priceList).map((descriptor) => descriptor.id);

/**
 * Loads a provider's published prices into the admin's price book as `<provider>/<model>` prices
 * marked with the provider as their source: a later sync replaces them, never a price the admin
 * set. Idempotent: a second run finds everything unchanged. A list that cannot be fetched or read
 * changes nothing (502 naming why).
 */
export async function syncPrices(router: PriceSyncServices, provider: string, progress: (line: string) => void): Promise<PriceSyncSummary> {
  const source = describeProvider(provider)?.priceList;
  if (!source) throw ApiError.notFound(`No price list to sync for "${provider}"; one is published by: ${SYNCABLE_PROVIDERS.join(', ')}.`);
  const status = (await router.providers.statuses()).find((entry) => entry.name === provider);
  const baseUrl = (status?.base_url ?? describeProvider(provider)!.defaultBaseUrl ?? '').replace(/\/+$/, '');
  const url = `${baseUrl}${source.path}`;
  progress(`Fetching ${url} …`);
  const body = await fetchPriceList(router.providers.guard, provider, url, `svc-hub/${router.config.version}`);
  let listed: ListedPrices;
  try {
    listed = source.parse(body);
  } catch (error) {
    throw priceListFailed(provider, error instanceof Error ? error.message : String(error));
  }
  progress(`${listed.prices.length} models priced in the list, ${listed.refused.length} refused.`);
  const stored = await router.prices.stored();
  const summary: PriceSyncSummary = {
    object: 'price_sync',
    provider,
    url,
    listed: listed.prices.length,
    added: 0,
    changed: 0,
    unchanged: 0,
    kept: 0,
    refused: listed.refused,
  };
  const writes: Array<[string, PriceOverride]> = [];
  for (const entry of listed.prices) {
    const modelId = `${provider}/${entry.model}`;
    const price = toOverride(entry);
    const current = stored.get(modelId);
    if (current?.source === 'admin') summary.kept += 1;
    else if (current ? samePrice(current, price) : sameAsShipped(modelId, price)) summary.unchanged += 1;
    else {
      summary[current ? 'changed' : 'added'] += 1;
      writes.push([modelId, price]);
    }
  }
  for (let start = 0; start < writes.length; start += WRITE_BATCH) {
    progress(`Storing prices ${start + 1}–${Math.min(start + WRITE_BATCH, writes.length)} of ${writes.length} …`);
    await router.prices.setMany(writes.slice(start, start + WRITE_BATCH), provider);
  }
  router.prices.forget(); // a price another process stored shows here at once
  return summary;
}

function toOverride(entry: ListedPrice): PriceOverride {
  const optional = (value: string | null) => (value === null ? null : Number(value));
  return {
    inputPerMtok: Number(entry.inputPerMtok),
    outputPerMtok: Number(entry.outputPerMtok),
    cacheReadPerMtok: optional(entry.cacheReadPerMtok),
    cacheWritePerMtok: optional(entry.cacheWritePerMtok),
    currency: 'USD',
  };
}

const samePrice = (a: StoredPrice | PriceOverride, b: PriceOverride) =>
  a.inputPerMtok === b.inputPerMtok &&
  a.outputPerMtok === b.outputPerMtok &&
  a.cacheReadPerMtok === b.cacheReadPerMtok &&
  a.cacheWritePerMtok === b.cacheWritePerMtok;

/** A catalog model listed at its shipped price needs no row (the cache prices the list leaves out are the shipped ones). */
function sameAsShipped(modelId: string, price: PriceOverride): boolean {
  const shipped = shippedPrice(modelId);
  return (
    shipped !== null &&
    shipped.inputPerMtok === price.inputPerMtok &&
    shipped.outputPerMtok === price.outputPerMtok &&
    (price.cacheReadPerMtok ?? shipped.cacheReadPerMtok) === shipped.cacheReadPerMtok &&
    (price.cacheWritePerMtok ?? shipped.cacheWritePerMtok) === shipped.cacheWritePerMtok
  );
}
