import type { RouterServices } from '../router-services';

/**
 * What running a model call needs (the blocking engine, model-call.ts, and the streaming one,
 * stream-call.ts): the settings (deadline, retries, timeouts), the logger, and the parts
 * providerFor() puts in front of a provider (key pools, images, the response cache).
 */
export type CallServices = Pick<RouterServices, 'config' | 'logger' | 'providers' | 'keyPools' | 'images' | 'responseCache'>;

/** What preparing a call needs besides: model resolution, the usage row, prices and budgets. */
export type PrepareServices = Pick<RouterServices, 'providers' | 'purposes' | 'usage' | 'prices' | 'budgets'>;
