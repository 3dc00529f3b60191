import type { RowDataPacket } from 'mysql2/promise';
import type { Database } from '../../db/connections';
import { TtlCache } from '../../support/ttl-cache';

export interface Cooldown {
  provider: string;
  deployment: string;
  until: Date;
  upstreamStatus: number | null;
}

const key = (provider: string, deployment: string) => `${provider}\u0000${deployment}`;

/**
 * Deployments cooling down, shared by every worker through svc_provider_cooldowns: a worker
 * that sees a 429/5xx writes `cooling_until` (never shortening one already set), and each
 * worker re-reads the table in the background once its copy is older than `refreshMs` (1 s) —
 * so a cool-down another worker started applies here within about a second and one read. This worker's own cool-downs apply at once.
 */
export class CooldownBook {
  private readonly snapshot: TtlCache<Map<string, Cooldown>>;
  private readonly local = new Map<string, Cooldown>();

  constructor(
    private readonly database: Database,
    refreshMs = 1000,
    private readonly now: () => number = Date.now,
  ) {
    // Past its second the snapshot is still served while one background read refreshes it: no call waits on the database.
    this.snapshot = new TtlCache(refreshMs, 1, now, 4000);
  }

  /** The cool-downs in force now, by `provider\0deployment`. */
  async active(): Promise<Map<string, Cooldown>> {
    const shared = await this.snapshot.get('all', () => this.load());
    const time = this.now();
    const merged = new Map<string, Cooldown>();
    for (const source of [shared, this.local]) {
      for (const [name, cooldown] of source) {
        if (cooldown.until.getTime() > time && (merged.get(name)?.until.getTime() ?? 0) < cooldown.until.getTime())
          merged.set(name, cooldown);
      }
    }
    return merged;
  }

  isCooling(active: Map<string, Cooldown>, provider: string, deployment: string): boolean {
    return active.has(key(provider, deployment));
  }

  /** Starts (or lengthens) a cool-down here and for every worker. */
  async cool(provider: string, deployment: string, milliseconds: number, upstreamStatus: number | null): Promise<void> {
    const until = new Date(this.now() + milliseconds);
    this.local.set(key(provider, deployment), { provider, deployment, until, upstreamStatus });
    await this.database.pool.execute(
      `INSERT INTO ${this.database.table('provider_cooldowns')} (provider, deployment, cooling_until, upstream_status) VALUES (?, ?, ?, ?)
       ON DUPLICATE KEY UPDATE upstream_status = IF(VALUES(cooling_until) > cooling_until, VALUES(upstream_status), upstream_status),
         cooling_until = GREATEST(cooling_until, VALUES(cooling_until))`,
      [provider, deployment, until, upstreamStatus],
    );
  }

  /** Ends a provider's cool-downs (its pool was replaced). */
  async clear(provider: string): Promise<void> {
    for (const [name, cooldown] of this.local) if (cooldown.provider === provider) this.local.delete(name);
    await this.database.pool.execute(`DELETE FROM ${this.database.table('provider_cooldowns')} WHERE provider = ?`, [provider]);
    this.snapshot.clear();
  }

  private async load(): Promise<Map<string, Cooldown>> {
    const [rows] = await this.database.pool.query<RowDataPacket[]>(
      `SELECT provider, deployment, cooling_until, upstream_status FROM ${this.database.table('provider_cooldowns')} WHERE cooling_until > UTC_TIMESTAMP(3)`,
    );
    return new Map(
      rows.map((row) => [
        key(row.provider, row.deployment),
        {
          provider: row.provider,
          deployment: row.deployment,
          until: new Date(row.cooling_until),
          upstreamStatus: row.upstream_status === null ? null : Number(row.upstream_status),
        },
      ]),
    );
  }
}
