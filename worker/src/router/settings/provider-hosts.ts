import { describeProvider, NETWORK_PROVIDERS } from '../../providers/registry';

/**
 * Where a provider's key may go (docs/providers.md, "Keys and hosts"). A key is bound to the
 * host it was given for: a key the admin stored goes to the base URL stored with it, an
 * environment key only to the provider's shipped host or to the base URL the environment
 * names too. Base URLs the admin enters pass the outbound guard, except a provider's shipped
 * one (Ollama's local default included).
 */

/** Where each networked provider's key and base URL come from in the environment (from its descriptor). */
export const PROVIDER_ENVIRONMENT: Readonly<Record<string, { key?: string; baseUrl?: string; needsKey: boolean }>> = Object.freeze(
  Object.fromEntries(
    NETWORK_PROVIDERS.map(({ id, environment, needsKey }) => [id, { key: environment.apiKey, baseUrl: environment.baseUrl, needsKey }]),
  ),
);

/** A base URL reduced to what decides where a request goes: scheme, host, port, path (no trailing slash), query. */
function canonical(url: string): string | null {
  try {
    const parsed = new URL(url);
    const port = parsed.port || (parsed.protocol === 'https:' ? '443' : '80');
    return `${parsed.protocol}//${parsed.hostname.toLowerCase()}:${port}${parsed.pathname.replace(/\/+$/, '')}${parsed.search}`;
  } catch {
    return null;
  }
}

/** Whether two base URLs (null: none) send requests to the same place. */
export function sameBaseUrl(first: string | null | undefined, second: string | null | undefined): boolean {
  if (!first || !second) return !first && !second;
  const left = canonical(first);
  return left !== null && left === canonical(second);
}

/** The provider's shipped base URL (or one of its descriptor's aliases): where svc-hub itself would send its requests. */
export function isShippedBaseUrl(provider: string, baseUrl: string): boolean {
  const descriptor = describeProvider(provider);
  return [descriptor?.defaultBaseUrl, ...(descriptor?.defaultBaseUrlAliases ?? [])].some(
    (shipped) => Boolean(shipped) && sameBaseUrl(shipped, baseUrl),
  );
}

/** An environment key goes only to the provider's shipped host or to the base URL the environment sets. */
export function environmentKeyMayGoTo(provider: string, baseUrl: string, environmentBaseUrl: string | undefined): boolean {
  return isShippedBaseUrl(provider, baseUrl) || (environmentBaseUrl !== undefined && sameBaseUrl(baseUrl, environmentBaseUrl));
}

/**
 * Whether calls to an admin-stored base URL pass the outbound guard: every one does, except
 * the provider's shipped base URL and the base URL the environment sets (the operator's choice).
 */
export function baseUrlNeedsGuard(
  provider: string,
  storedBaseUrl: string | null | undefined,
  environmentBaseUrl: string | undefined,
): boolean {
  if (!storedBaseUrl) return false;
  return (
    !isShippedBaseUrl(provider, storedBaseUrl) && !(environmentBaseUrl !== undefined && sameBaseUrl(storedBaseUrl, environmentBaseUrl))
  );
}

/**
 * A stored key is never sent to another host: a change that moves where requests go (the
 * stored base URL, or `fallbackBaseUrl` — the environment's or the shipped one — when none is
 * stored) while a key is stored must carry the key again (or `null`, removing it). Returns
 * what is wrong, or null.
 */
export function keyRequiredProblem(
  current: { apiKey: string | null; baseUrl: string | null } | undefined,
  change: { apiKey?: string | null; baseUrl?: string | null },
  fallbackBaseUrl: string | null = null,
): string | null {
  if (change.baseUrl === undefined || change.apiKey !== undefined || !current?.apiKey) return null;
  if (sameBaseUrl(current.baseUrl ?? fallbackBaseUrl, change.baseUrl ?? fallbackBaseUrl)) return null;
  return 'is required when the base URL changes: a stored key is never sent to another host. Give the key for the new base URL, or null to remove the stored key';
}

/** Where a provider's requests go when no base URL is stored: the environment's, else the shipped one (none for compat). */
export function fallbackBaseUrl(provider: string, environmentBaseUrl: string | undefined): string | null {
  return environmentBaseUrl ?? (describeProvider(provider)?.defaultBaseUrl || null);
}
