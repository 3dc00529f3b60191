import type { Config } from '../../config';
import type { Database } from '../../db/connections';
import { andThen, type Eventually } from '../../support/eventually';
import { TtlCache } from '../../support/ttl-cache';
import { baseUrlNeedsGuard, PROVIDER_ENVIRONMENT } from '../settings/provider-hosts';
import type { ProviderPool } from '../settings/configured-providers';
import { describeProvider } from '../../providers/registry';
import type { Provider, ProviderSettings } from '../../providers/types';
import { CooldownBook } from './cooldowns';
import { DeploymentStore, type Deployment } from './deployment-rows';
import { withKeyPool } from './pooled-provider';

/**
 * Provider key pools (docs/architecture.md §11, docs/api-notes.md "Provider key pools"): a provider with a
 * pool sends each call to one of its deployments (pooled-provider.ts); one without is left as
 * it is. Pools are read from the database at most every few seconds; each deployment has its
 * own provider instance (connection pool), replaced when its settings change.
 */
export class KeyPools {
  readonly store: DeploymentStore;
  readonly cooldowns: CooldownBook;
  private readonly snapshot: TtlCache<Map<string, Deployment[]>>;
  private readonly instances = new Map<string, { fingerprint: string; provider: Provider }>();

  constructor(
    private readonly config: Config,
    database: Database,
    private readonly providers: ProviderPool,
    refreshMs = 3000,
  ) {
    this.store = new DeploymentStore(database, config.encryptionKey);
    this.cooldowns = new CooldownBook(database);
    this.snapshot = new TtlCache(refreshMs, 1, Date.now, 5000);
  }

  /** The provider with its pool in front when it has one; else the provider itself (at once when the pools are cached). */
  wrap(provider: Provider): Eventually<Provider> {
    return andThen(this.pools(), (pools) => {
      const deployments = pools.get(provider.name);
      return deployments && deployments.length > 0 ? this.pooled(provider, deployments) : provider;
    });
  }

  private async pooled(provider: Provider, deployments: Deployment[]): Promise<Provider> {
    const baseUrl = (await this.providers.statuses()).find((status) => status.name === provider.name)?.base_url ?? '';
    const pooled = withKeyPool(provider.name, {
      deployments,
      cooldowns: this.cooldowns,
      instanceOf: (deployment) => this.instanceOf(deployment, baseUrl),
      cooldownMs: this.config.poolCooldownSeconds * 1000,
    });
    if (!provider.embed) delete pooled.embed;
    return pooled;
  }

  /** Every pool by provider (keys included: for the worker only). */
  pools(): Eventually<Map<string, Deployment[]>> {
    return this.snapshot.get('all', async () => {
      const byProvider = new Map<string, Deployment[]>();
      for (const deployment of await this.store.list())
        byProvider.set(deployment.provider, [...(byProvider.get(deployment.provider) ?? []), deployment]);
      return byProvider;
    });
  }

  /** Forget the cached pools (after this worker changed them). */
  refresh(): void {
    this.snapshot.clear();
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.instances.values()].map(({ provider }) => provider.close()));
    this.instances.clear();
  }

  private instanceOf(deployment: Deployment, providerBaseUrl: string): Provider {
    const environmentBase = PROVIDER_ENVIRONMENT[deployment.provider]?.baseUrl;
    const guarded = baseUrlNeedsGuard(
      deployment.provider,
      deployment.baseUrl,
      environmentBase ? this.config.providerKeys[environmentBase] : undefined,
    );
    const settings: ProviderSettings = {
      name: deployment.provider,
      baseUrl: (deployment.baseUrl ?? providerBaseUrl).replace(/\/+$/, ''),
      apiKey: deployment.apiKey ?? '',
      timeouts: this.config.timeouts,
      connections: this.config.providerConnections,
      ...(guarded ? { outboundGuard: this.providers.guard } : {}),
    };
    const name = `${deployment.provider}\u0000${deployment.id}`;
    const fingerprint = JSON.stringify({ ...settings, outboundGuard: guarded });
    const existing = this.instances.get(name);
    if (existing?.fingerprint === fingerprint) return existing.provider;
    const provider = describeProvider(deployment.provider)!.factory(settings);
    this.instances.set(name, { fingerprint, provider });
    if (existing) setTimeout(() => void existing.provider.close().catch(() => undefined), 60_000).unref();
    return provider;
  }
}
