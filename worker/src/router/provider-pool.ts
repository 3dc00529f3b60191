import type { Config } from '../config';
import type { Logger } from '../support/logger';
import { OutboundGuard } from '../support/outbound-guard';
import { TtlCache } from '../support/ttl-cache';
import { baseUrlNeedsGuard, environmentKeyMayGoTo, PROVIDER_ENVIRONMENT } from './provider-hosts';
import type { ProviderStore, StoredProvider } from './provider-store';
import { DEFAULT_BASE_URLS, PROVIDER_FACTORIES } from './providers/registry';
import type { Provider, ProviderSettings } from './providers/types';

/** What the admin screen shows of a provider: never the key, only its last 4 characters. */
export interface ProviderStatus {
  name: string;
  configured: boolean;
  enabled: boolean;
  source: 'environment' | 'admin' | 'none';
  /** Whose key is in force: the admin's, the environment's, or none (an environment key is withheld from an admin-set host). */
  key_source: 'admin' | 'environment' | null;
  key_last4: string | null;
  base_url: string | null;
}

interface Effective {
  settings: ProviderSettings | null;
  /** The settings (and whether calls are guarded) as a string, computed once per snapshot: a change means a new instance. */
  fingerprint: string;
  status: ProviderStatus;
}

/**
 * The live providers: environment settings overlaid with the admin's (the admin wins), read
 * from the database at most every few seconds. One provider instance (one connection pool)
 * per name, replaced when its settings change. Keys go only where provider-hosts.ts allows;
 * calls to an admin-set base URL pass the outbound guard at every new connection.
 */
export class ProviderPool {
  private readonly snapshot: TtlCache<Map<string, Effective>>;
  private readonly instances = new Map<string, { fingerprint: string; provider: Provider }>();
  /** The propagation guard (SVC_OUTBOUND_ALLOW): admin-set base URLs are checked with it at save and call time. */
  readonly guard: OutboundGuard;

  constructor(
    private readonly config: Config,
    private readonly store: ProviderStore,
    private readonly logger: Logger,
    refreshMs = 3000,
  ) {
    this.snapshot = new TtlCache(refreshMs, 1, Date.now, 5000);
    this.guard = new OutboundGuard(config.outbox.outboundAllow);
  }

  /** The provider for a name, or null when it is not configured (or disabled). */
  async get(name: string): Promise<Provider | null> {
    const effective = (await this.effective()).get(name);
    if (!effective?.settings) return null;
    const { fingerprint } = effective;
    const existing = this.instances.get(name);
    if (existing?.fingerprint === fingerprint) return existing.provider;
    const provider = PROVIDER_FACTORIES[name]!(effective.settings);
    this.instances.set(name, { fingerprint, provider });
    if (existing) setTimeout(() => void existing.provider.close().catch(() => undefined), 60_000).unref();
    return provider;
  }

  async configuredNames(): Promise<string[]> {
    return [...(await this.effective()).values()].filter((entry) => entry.settings).map((entry) => entry.status.name);
  }

  async statuses(): Promise<ProviderStatus[]> {
    return [...(await this.effective()).values()].map((entry) => entry.status);
  }

  /** Forget the cached settings (after this worker changed them). */
  refresh(): void {
    this.snapshot.clear();
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.instances.values()].map(({ provider }) => provider.close()));
    this.instances.clear();
  }

  private effective(): Promise<Map<string, Effective>> {
    return this.snapshot.get('all', async () => {
      const stored = new Map((await this.store.list()).map((row) => [row.name, row]));
      const result = new Map<string, Effective>();
      for (const name of Object.keys(PROVIDER_ENVIRONMENT)) result.set(name, this.resolve(name, stored.get(name)));
      result.set('mock', this.resolveMock(stored.get('mock')));
      return result;
    }).catch((error: unknown) => {
      this.logger.warn('could not read provider settings', { error: String(error) });
      throw error;
    });
  }

  private resolve(name: string, stored: StoredProvider | undefined): Effective {
    const source = PROVIDER_ENVIRONMENT[name]!;
    const environmentKey = source.key ? this.config.providerKeys[source.key] : undefined;
    const environmentBase = source.baseUrl ? this.config.providerKeys[source.baseUrl] : undefined;
    const baseUrl = stored?.baseUrl ?? environmentBase ?? (name === 'ollama' || name === 'compat' ? '' : DEFAULT_BASE_URLS[name] ?? '');
    const usableEnvironmentKey = environmentKey && environmentKeyMayGoTo(name, baseUrl, environmentBase) ? environmentKey : undefined;
    const apiKey = stored?.apiKey ?? usableEnvironmentKey ?? '';
    const explicit = Boolean(stored?.apiKey || stored?.baseUrl || environmentKey || environmentBase);
    const enabled = stored?.enabled ?? true;
    const complete = explicit && baseUrl !== '' && (!source.needsKey || apiKey !== '');
    const status: ProviderStatus = {
      name,
      configured: complete && enabled,
      enabled,
      source: stored?.apiKey || stored?.baseUrl ? 'admin' : environmentKey || environmentBase ? 'environment' : 'none',
      key_source: stored?.apiKey ? 'admin' : usableEnvironmentKey ? 'environment' : null,
      key_last4: apiKey ? apiKey.slice(-4) : null,
      base_url: baseUrl || null,
    };
    if (!status.configured) return { settings: null, fingerprint: 'null', status };
    const guarded = baseUrlNeedsGuard(name, stored?.baseUrl, environmentBase);
    const settings: ProviderSettings = {
      name,
      baseUrl: baseUrl.replace(/\/+$/, ''),
      apiKey,
      timeouts: this.config.timeouts,
      connections: this.config.providerConnections,
      ...(guarded ? { outboundGuard: this.guard } : {}),
    };
    return { settings, fingerprint: JSON.stringify({ ...settings, outboundGuard: guarded }), status };
  }

  private resolveMock(stored: StoredProvider | undefined): Effective {
    const enabled = stored?.enabled ?? this.config.mock;
    const status: ProviderStatus = { name: 'mock', configured: enabled, enabled, source: stored ? 'admin' : 'environment', key_source: null, key_last4: null, base_url: null };
    const settings = enabled ? { name: 'mock', baseUrl: '', apiKey: '', timeouts: this.config.timeouts } : null;
    return { settings, fingerprint: JSON.stringify(settings), status };
  }
}
