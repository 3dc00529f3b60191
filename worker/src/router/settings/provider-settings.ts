import { ApiError } from '../../support/api-error';
import { OutboundRefusedError } from '../../support/outbound-guard';
import { parseProviderChange } from './admin-inputs';
import { baseUrlNeedsGuard, fallbackBaseUrl, keyRequiredProblem, PROVIDER_ENVIRONMENT } from './provider-hosts';
import type { ProviderStatus } from './configured-providers';
import type { RouterServices } from '../router-services';

/**
 * Checks and stores a change of a provider's settings — the one way in for the admin route
 * (`PUT admin/providers/{name}`) and the operator CLI (`hub provider set`). A change that moves
 * the base URL while a key is stored must carry the key again (`api_key`); an admin-entered
 * base URL must pass the outbound guard (public addresses, or a host:port SVC_OUTBOUND_ALLOW
 * names). A refused change stores nothing: 400 naming each bad field.
 */
/** What a change of a provider's settings reads and writes. */
export type ProviderSettingsServices = Pick<RouterServices, 'config' | 'providerStore' | 'providers'>;

export async function saveProviderChange(
  router: ProviderSettingsServices,
  name: string,
  raw: Record<string, unknown>,
): Promise<ProviderStatus> {
  const change = parseProviderChange(name, raw);
  const params: Record<string, string> = {};
  const environmentBaseUrl = environmentBaseUrlOf(router, name);
  const keyProblem = keyRequiredProblem(await router.providerStore.find(name), change, fallbackBaseUrl(name, environmentBaseUrl));
  if (keyProblem) params.api_key = keyProblem;
  const baseUrlProblem = await refusedBaseUrl(router, name, change.baseUrl, environmentBaseUrl);
  if (baseUrlProblem) params.base_url = baseUrlProblem;
  if (Object.keys(params).length > 0) throw ApiError.invalidRequest(params);
  await router.providerStore.save(name, change);
  router.providers.refresh();
  return (await router.providers.statuses()).find((status) => status.name === name)!;
}

/** Why the outbound guard refuses an admin-entered base URL, or null (no URL, the shipped one, the environment's, or allowed). */
async function refusedBaseUrl(
  router: ProviderSettingsServices,
  name: string,
  baseUrl: string | null | undefined,
  environmentBaseUrl: string | undefined,
): Promise<string | null> {
  if (typeof baseUrl !== 'string' || !baseUrlNeedsGuard(name, baseUrl, environmentBaseUrl)) return null;
  try {
    await router.providers.guard.check(baseUrl);
    return null;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return error instanceof OutboundRefusedError ? `is refused: ${reason}` : `cannot be used: ${reason}`;
  }
}

function environmentBaseUrlOf(router: ProviderSettingsServices, name: string): string | undefined {
  const variable = PROVIDER_ENVIRONMENT[name]?.baseUrl;
  return variable ? router.config.providerKeys[variable] : undefined;
}
