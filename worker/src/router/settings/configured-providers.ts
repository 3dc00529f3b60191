import type { Config } from '../../config';
import { andThen, type Eventually } from '../../support/eventually';
import type { Logger } from '../../support/logger';
import { OutboundGuard } from '../../support/outbound-guard';
import { TtlCache } from '../../support/ttl-cache';
import { baseUrlNeedsGuard, environmentKeyMayGoTo, PROVIDER_ENVIRONMENT } from './provider-hosts';
import { providerFacts, type ProviderFacts } from './provider-facts';
import type { ProviderStore, StoredProvider } from './provider-rows';
import { describeProvider, isOfflineProvider, PROVIDER_DESCRIPTORS } from '../../providers/registry';
import type { Provider, ProviderDescriptor, ProviderSettings } from '../../providers/types';

/** What the admin screen shows of a provider: never the key, only its last 4 characters; and its descriptor's facts. */
export interface ProviderStatus extends ProviderFacts {
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
  private readonly names = new WeakMap<Map<string, Effective>, readonly string[]>();
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

  /** The provider for a name, or null when it is not configured (or disabled); at once when the settings are cached. */
  get(name: string): Eventually<Provider | null> {
    return andThen(this.effective(), (snapshot) => this.instanceFor(name, snapshot.get(name)));
  }

  /** The provider instance for these settings: the current one while they are unchanged. */
  private instanceFor(name: string, effective: Effective | undefined): Provider | null {
    if (!effective?.settings) return null;
    const { fingerprint } = effective;
    const existing = this.instances.get(name);
    if (existing?.fingerprint === fingerprint) return existing.provider;
    const provider = describeProvider(name)!.factory(effective.settings);
    this.instances.set(name, { fingerprint, provider });
    if (existing) setTimeout(() => void existing.provider.close().catch(() => undefined), 60_000).unref();
    return provider;
  }

  /** The names of the configured providers: one list per settings snapshot (every call resolves its model with it). */
  configuredNames(): Eventually<readonly string[]> {
    return andThen(this.effective(), (effective) => {
      let names = this.names.get(effective);
      if (!names) {
        names = [...effective.values()].filter((entry) => entry.settings).map((entry) => entry.status.name);
        this.names.set(effective, names);
      }
      return names;
    });
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

  private effective(): Eventually<Map<string, Effective>> {
    const snapshot = this.snapshot.get('all', async () => {
      const stored = new Map((await this.store.list()).map((row) => [row.name, row]));
      const result = new Map<string, Effective>();
      for (const descriptor of PROVIDER_DESCRIPTORS) {
        const row = stored.get(descriptor.id);
        result.set(descriptor.id, isOfflineProvider(descriptor) ? this.resolveOffline(descriptor, row) : this.resolve(descriptor, row));
      }
      return result;
    });
    if (!(snapshot instanceof Promise)) return snapshot;
    return snapshot.catch((error: unknown) => {
      this.logger.warn('could not read provider settings', { error: String(error) });
      throw error;
    });
  }

  private resolve(descriptor: ProviderDescriptor, stored: StoredProvider | undefined): Effective {
    const name = descriptor.id;
    const source = PROVIDER_ENVIRONMENT[name]!;
    const environmentKey = source.key ? this.config.providerKeys[source.key] : undefined;
    const environmentBase = source.baseUrl ? this.config.providerKeys[source.baseUrl] : undefined;
    // A keyless provider (Ollama, compat) is configured only by naming where it lives: its shipped default is not assumed.
    const baseUrl = stored?.baseUrl ?? environmentBase ?? (descriptor.needsKey ? (descriptor.defaultBaseUrl ?? '') : '');
    const usableEnvironmentKey = environmentKey && environmentKeyMayGoTo(name, baseUrl, environmentBase) ? environmentKey : undefined;
    const apiKey = stored?.apiKey ?? usableEnvironmentKey ?? '';
    const explicit = Boolean(stored?.apiKey || stored?.baseUrl || environmentKey || environmentBase);
    const enabled = stored?.enabled ?? true;
    const complete = explicit && baseUrl !== '' && (!source.needsKey || apiKey !== '');
    const status: ProviderStatus = {
      name,
      ...providerFacts(descriptor),
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

  /** An offline provider (mock): on when SVC_MOCK says so, unless the admin switched it. */
  private resolveOffline(descriptor: ProviderDescriptor, stored: StoredProvider | undefined): Effective {
    const name = descriptor.id;
    const enabled = stored?.enabled ?? this.config.mock;
    const status: ProviderStatus = {
      name,
      ...providerFacts(descriptor),
      configured: enabled,
      enabled,
      source: stored ? 'admin' : 'environment',
      key_source: null,
      key_last4: null,
      base_url: null,
    };
    const settings = enabled ? { name, baseUrl: '', apiKey: '', timeouts: this.config.timeouts } : null;
    return { settings, fingerprint: JSON.stringify(settings), status };
  }
}
