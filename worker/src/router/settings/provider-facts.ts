import { isOfflineProvider } from '../../providers/registry';
import type { ProviderDescriptor } from '../../providers/types';

/**
 * What the admin screen needs to know about a provider besides its live settings, from its
 * descriptor, so the screen keeps no copy of its own (GET /admin/providers, docs/providers.md).
 */
export interface ProviderFacts {
  /** No network (mock): no key or base URL, only the on/off switch. */
  offline: boolean;
  needs_key: boolean;
  /** Any model name is accepted (priced 0 until the admin sets a price). */
  open_models: boolean;
  /** Where requests go when no base URL is set (null: the admin must give one). */
  default_base_url: string | null;
  /** The environment variables that configure it (docs/configuration.md). */
  environment: { api_key: string | null; base_url: string | null };
}

export function providerFacts(descriptor: ProviderDescriptor): ProviderFacts {
  return {
    offline: isOfflineProvider(descriptor),
    needs_key: descriptor.needsKey,
    open_models: descriptor.openModels,
    default_base_url: descriptor.defaultBaseUrl || null,
    environment: { api_key: descriptor.environment.apiKey ?? null, base_url: descriptor.environment.baseUrl ?? null },
  };
}
