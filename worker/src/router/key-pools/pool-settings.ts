import { ApiError } from '../../support/api-error';
import { OutboundRefusedError } from '../../support/outbound-guard';
import { baseUrlNeedsGuard, PROVIDER_ENVIRONMENT, sameBaseUrl } from '../settings/provider-hosts';
import type { RouterServices } from '../router-services';
import type { Deployment } from './deployment-rows';

/** What the admin sees of one deployment: never the key, only its last 4 characters. */
export interface DeploymentStatus {
  id: string;
  weight: number;
  base_url: string | null;
  key_last4: string | null;
  cooling_until: string | null;
  upstream_status: number | null;
}

/** What a pool change uses: the stored pools, the environment's provider settings, the outbound guard. */
export type PoolServices = Pick<RouterServices, 'keyPools' | 'config' | 'providers'>;

const MAX_DEPLOYMENTS = 32;
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** The providers that may have a pool (every real one; mock has no keys). */
export const POOLED_PROVIDERS = Object.keys(PROVIDER_ENVIRONMENT);

/**
 * Replaces a provider's pool — the one way in for `PUT admin/providers/{name}/pool` and
 * `hub provider pool set`. Each deployment: `id`, `weight` (1–1000, default 1), `api_key`
 * and/or `base_url`. A deployment listed again without `api_key` keeps its stored key only
 * while its base URL stays the same (a stored key never follows a changed base URL); an
 * admin-entered base URL passes the outbound guard. Refused → 400 naming each bad field,
 * nothing stored. An empty list removes the pool. The provider's cool-downs are cleared.
 */
export async function savePool(router: PoolServices, name: string, raw: Record<string, unknown>): Promise<DeploymentStatus[]> {
  const list = raw.deployments;
  if (!Array.isArray(list) || list.length > MAX_DEPLOYMENTS)
    throw ApiError.invalidRequest({ deployments: `must be a list of at most ${MAX_DEPLOYMENTS} {id, api_key, base_url, weight}` });
  const stored = new Map((await router.keyPools.store.list(name)).map((deployment) => [deployment.id, deployment]));
  const environmentVariable = PROVIDER_ENVIRONMENT[name]?.baseUrl;
  const environmentBase = environmentVariable ? router.config.providerKeys[environmentVariable] : undefined;
  const params: Record<string, string> = {};
  const seen = new Set<string>();
  const deployments: Deployment[] = [];
  for (const [index, item] of list.entries()) {
    const at = `deployments[${index}]`;
    const entry = (item && typeof item === 'object' && !Array.isArray(item) ? item : {}) as Record<string, unknown>;
    const id = entry.id;
    if (typeof id !== 'string' || !ID_PATTERN.test(id) || seen.has(id)) {
      params[`${at}.id`] = 'must be a unique id of letters, digits, _ or - (at most 64)';
      continue;
    }
    seen.add(id);
    const weight = entry.weight ?? 1;
    if (typeof weight !== 'number' || !Number.isInteger(weight) || weight < 1 || weight > 1000)
      params[`${at}.weight`] = 'must be an integer from 1 to 1000';
    const baseUrl = entry.base_url ?? null;
    if (baseUrl !== null && (typeof baseUrl !== 'string' || !/^https?:\/\/[^\s]{1,490}$/.test(baseUrl)))
      params[`${at}.base_url`] = 'must be an http(s) URL';
    else if (typeof baseUrl === 'string' && baseUrlNeedsGuard(name, baseUrl, environmentBase)) {
      const refused = await router.providers.guard.check(baseUrl).then(
        () => null,
        (error: unknown) =>
          error instanceof OutboundRefusedError
            ? `is refused: ${error.message}`
            : `cannot be used: ${error instanceof Error ? error.message : String(error)}`,
      );
      if (refused) params[`${at}.base_url`] = refused;
    }
    const given = entry.api_key;
    if (given !== undefined && given !== null && (typeof given !== 'string' || given.length === 0 || given.length > 500))
      params[`${at}.api_key`] = 'must be a key of 1 to 500 characters';
    const previous = stored.get(id);
    let apiKey = typeof given === 'string' ? given : null;
    if (given === undefined && previous?.apiKey) {
      if (sameBaseUrl(previous.baseUrl, baseUrl as string | null)) apiKey = previous.apiKey;
      else params[`${at}.api_key`] = 'is required when the base URL changes: a stored key is never sent to another host';
    }
    if (apiKey === null && PROVIDER_ENVIRONMENT[name]?.needsKey && !params[`${at}.api_key`])
      params[`${at}.api_key`] = `is required: ${name} needs a key`;
    deployments.push({
      provider: name,
      id,
      apiKey,
      apiKeyLast4: apiKey ? apiKey.slice(-4) : null,
      baseUrl: baseUrl as string | null,
      weight: weight as number,
    });
  }
  if (Object.keys(params).length > 0) throw ApiError.invalidRequest(params);
  await router.keyPools.store.replace(name, deployments);
  await router.keyPools.cooldowns.clear(name);
  router.keyPools.refresh();
  return poolStatus(router, name);
}

/** A provider's pool as the admin sees it, with each deployment's cool-down (null: none in force). */
export async function poolStatus(router: Pick<RouterServices, 'keyPools'>, name: string): Promise<DeploymentStatus[]> {
  const active = await router.keyPools.cooldowns.active();
  return (await router.keyPools.store.list(name)).map((deployment) => {
    const cooldown = active.get(`${name}\u0000${deployment.id}`);
    return {
      id: deployment.id,
      weight: deployment.weight,
      base_url: deployment.baseUrl,
      key_last4: deployment.apiKeyLast4,
      cooling_until: cooldown ? cooldown.until.toISOString() : null,
      upstream_status: cooldown?.upstreamStatus ?? null,
    };
  });
}
