import type { RowDataPacket } from 'mysql2/promise';
import type { Database } from '../../db/connections';
import { ApiError } from '../../support/api-error';
import { andThen, type Eventually } from '../../support/eventually';
import { TtlCache } from '../../support/ttl-cache';

export type CacheTargetType = 'purpose' | 'key';
export type CacheScope = 'key' | 'team' | 'global';

/** One cache policy (svc_cache_policies): for a purpose name or an API key id. */
export interface CachePolicy {
  target_type: CacheTargetType;
  target: string;
  enabled: boolean;
  scope: CacheScope;
  ttl_seconds: number;
  /** Whether requests without temperature 0 or a seed may be cached too (default false). */
  any_temperature: boolean;
}

const SCOPES: CacheScope[] = ['key', 'team', 'global'];
const MAX_TTL_SECONDS = 30 * 86_400;

/** A policy change as the admin route and the CLI take it; 400 naming each bad field. */
export function parsePolicy(targetType: string, target: string, raw: Record<string, unknown>): CachePolicy {
  const params: Record<string, string> = {};
  if (targetType !== 'purpose' && targetType !== 'key') params.target_type = 'must be purpose or key';
  if (!/^[A-Za-z0-9_.:-]{1,190}$/.test(target)) params.target = 'must be a purpose name or key id (letters, digits, _ . : -; at most 190)';
  const enabled = raw.enabled ?? true;
  if (typeof enabled !== 'boolean') params.enabled = 'must be true or false';
  const scope = raw.scope ?? 'key';
  if (!SCOPES.includes(scope as CacheScope)) params.scope = 'must be key, team or global';
  const ttl = raw.ttl_seconds;
  if (typeof ttl !== 'number' || !Number.isInteger(ttl) || ttl < 1 || ttl > MAX_TTL_SECONDS)
    params.ttl_seconds = `must be an integer from 1 to ${MAX_TTL_SECONDS}`;
  const anyTemperature = raw.any_temperature ?? false;
  if (typeof anyTemperature !== 'boolean') params.any_temperature = 'must be true or false';
  if (Object.keys(params).length > 0) throw ApiError.invalidRequest(params);
  return {
    target_type: targetType as CacheTargetType,
    target,
    enabled: enabled as boolean,
    scope: scope as CacheScope,
    ttl_seconds: ttl as number,
    any_temperature: anyTemperature as boolean,
  };
}

/** The cache policies, read from the database at most every few seconds (a change shows within that on every worker). */
export class CachePolicyBook {
  private readonly snapshot: TtlCache<Map<string, CachePolicy>>;

  constructor(
    private readonly database: Database,
    refreshMs = 3000,
  ) {
    this.snapshot = new TtlCache(refreshMs, 1, Date.now, 5000);
  }

  /** The policy in force for a call: the key's own if it has one (even disabled), else its purpose's, else null; at once when cached. */
  forCall(keyId: string, purpose: string | null): Eventually<CachePolicy | null> {
    return andThen(
      this.snapshot.get('all', () => this.load()),
      (policies) => {
        if (policies.size === 0) return null;
        const policy = policies.get(`key\u0000${keyId}`) ?? (purpose === null ? undefined : policies.get(`purpose\u0000${purpose}`));
        return policy?.enabled ? policy : null;
      },
    );
  }

  async list(): Promise<CachePolicy[]> {
    return [...(await this.load()).values()];
  }

  async set(policy: CachePolicy): Promise<void> {
    await this.database.pool.execute(
      `INSERT INTO ${this.database.table('cache_policies')} (target_type, target, enabled, scope, ttl_seconds, any_temperature, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, UTC_TIMESTAMP(3))
       ON DUPLICATE KEY UPDATE enabled = VALUES(enabled), scope = VALUES(scope), ttl_seconds = VALUES(ttl_seconds),
         any_temperature = VALUES(any_temperature), updated_at = VALUES(updated_at)`,
      [policy.target_type, policy.target, policy.enabled ? 1 : 0, policy.scope, policy.ttl_seconds, policy.any_temperature ? 1 : 0],
    );
    this.snapshot.clear();
  }

  async remove(targetType: string, target: string): Promise<boolean> {
    const [result] = await this.database.pool.execute(
      `DELETE FROM ${this.database.table('cache_policies')} WHERE target_type = ? AND target = ?`,
      [targetType, target],
    );
    this.snapshot.clear();
    return (result as { affectedRows: number }).affectedRows > 0;
  }

  private async load(): Promise<Map<string, CachePolicy>> {
    const [rows] = await this.database.pool.query<RowDataPacket[]>(
      `SELECT * FROM ${this.database.table('cache_policies')} ORDER BY target_type, target`,
    );
    return new Map(
      rows.map((row) => [
        `${row.target_type}\u0000${row.target}`,
        {
          target_type: row.target_type,
          target: row.target,
          enabled: Boolean(row.enabled),
          scope: row.scope,
          ttl_seconds: Number(row.ttl_seconds),
          any_temperature: Boolean(row.any_temperature),
        },
      ]),
    );
  }
}
