import { describeProvider, PROVIDER_DESCRIPTORS } from '../../providers/registry';
import { ApiError } from '../../support/api-error';
import { pricingBlock } from '../catalog/model-listing';
import type { PriceBook } from '../catalog/prices';

/** The providers that take a default price: those that accept models the catalog does not list. */
export const DEFAULT_PRICED_PROVIDERS = PROVIDER_DESCRIPTORS.filter((descriptor) => descriptor.openModels).map(
  (descriptor) => descriptor.id,
);

/** The provider named for a default price; unknown → 404, one whose every model the catalog prices → 400. */
export function defaultPricedProvider(name: string): string {
  if (!describeProvider(name)) throw ApiError.notFound(`No provider "${name}".`);
  if (!DEFAULT_PRICED_PROVIDERS.includes(name))
    throw ApiError.invalidRequest({
      provider: `${name} serves only the models the catalog prices; a default price applies to ${DEFAULT_PRICED_PROVIDERS.join(', ')}`,
    });
  return name;
}

/**
 * One provider's default price as the admin screen and the CLI show it: the admin's, else free
 * for a provider whose models run on the admin's own machine (`shipped`), else none — its
 * unlisted models are unpriced.
 */
export async function defaultPriceOf(prices: PriceBook, provider: string) {
  const admin = (await prices.providers.all()).has(provider);
  const price = await prices.defaultPriceFor(provider);
  return { provider, pricing: pricingBlock(price), source: admin ? 'admin' : price ? 'shipped' : 'none' };
}

/** Every provider that takes a default price, with the one in force. */
export async function defaultPriceList(prices: PriceBook) {
  return { object: 'list', data: await Promise.all(DEFAULT_PRICED_PROVIDERS.map((provider) => defaultPriceOf(prices, provider))) };
}
