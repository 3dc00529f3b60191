import { hasImages, type ImageInliner } from '../request/image-inline';
import type { Provider } from '../../providers/types';

/** Each provider's wrapper, made once: the same provider instance serves every call. */
const wrappers = new WeakMap<Provider, { images: ImageInliner; fetchesImageUrls: boolean; wrapped: Provider }>();

/**
 * The provider with each chat request's images prepared first (image-inline.ts): inline data
 * checked, and URLs fetched and inlined when the provider's descriptor says it cannot fetch
 * them. A bad image fails the attempt with a 400 before the provider is called; in a stream
 * that happens before the first event, so the client gets the 400 as a JSON answer.
 */
export function withImagesPrepared(provider: Provider, images: ImageInliner, fetchesImageUrls: boolean): Provider {
  const known = wrappers.get(provider);
  if (known && known.images === images && known.fetchesImageUrls === fetchesImageUrls) return known.wrapped;
  const wrapped = prepareImages(provider, images, fetchesImageUrls);
  wrappers.set(provider, { images, fetchesImageUrls, wrapped });
  return wrapped;
}

function prepareImages(provider: Provider, images: ImageInliner, fetchesImageUrls: boolean): Provider {
  return {
    name: provider.name,
    chat: (request, options) =>
      hasImages(request)
        ? images.prepare(request, fetchesImageUrls).then((ready) => provider.chat(ready, options))
        : provider.chat(request, options),
    stream: (request, options) => ({
      async *[Symbol.asyncIterator]() {
        yield* provider.stream(await images.prepare(request, fetchesImageUrls), options);
      },
    }),
    ...(provider.embed ? { embed: provider.embed.bind(provider) } : {}),
    ...(provider.generateImages && { generateImages: provider.generateImages.bind(provider) }),
    ...(provider.editImages && { editImages: provider.editImages.bind(provider) }),
    close: () => provider.close(),
  };
}
