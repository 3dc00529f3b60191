import type { PoolConnection, RowDataPacket } from 'mysql2/promise';
import type { Database } from '../db/pool';
import { ApiError } from '../support/api-error';
import { prefixedId } from '../support/ids';
import { canTransition, type EntitlementStatus } from './entitlement-states';

export interface EntitlementRecord {
  id: string;
  siteUrl: string;
  packageId: string | null;
  status: EntitlementStatus;
  features: string[];
  expiresAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface ManualGrant {
  siteUrl: string;
  features: string[];
  expiresAt: Date | null;
  actor: string;
  reason: string;
}

export interface StatusChange {
  siteUrl: string;
  /** undefined: whichever single entitlement the site has; null: its manual grant. */
  packageId?: string | null;
  status: EntitlementStatus;
  reason: string;
  actor: string;
}

function toRecord(row: RowDataPacket): EntitlementRecord {
  return {
    id: row.id,
    siteUrl: row.site_url,
    packageId: row.package_id,
    status: row.status,
    features: JSON.parse(row.features) as string[],
    expiresAt: row.expires_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const sameFeatures = (a: string[], b: string[]) => a.length === b.length && a.every((feature) => b.includes(feature));
const sameTime = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

/** Entitlement rows and their history; every change is one transaction with its history row. */
export class EntitlementStore {
  constructor(private readonly database: Database) {}

  async listForSite(siteUrl: string): Promise<EntitlementRecord[]> {
    const [rows] = await this.database.pool.execute<RowDataPacket[]>(
      `SELECT * FROM ${this.database.table('entitlements')} WHERE site_url = ? ORDER BY created_at, id`,
      [siteUrl],
    );
    return rows.map(toRecord);
  }

  /** Features of the site's active, unexpired entitlements (the gate's question). */
  async activeFeatures(siteUrl: string, now: Date = new Date()): Promise<Set<string>> {
    const features = new Set<string>();
    for (const entitlement of await this.listForSite(siteUrl)) {
      if (entitlement.status !== 'active') continue;
      if (entitlement.expiresAt && entitlement.expiresAt <= now) continue;
      for (const feature of entitlement.features) features.add(feature);
    }
    return features;
  }

  /**
   * Grants features by hand (package_id NULL). Granting the same active features and expiry
   * again changes nothing, so scripts may call it repeatedly.
   */
  async grantManual(grant: ManualGrant): Promise<{ entitlement: EntitlementRecord; created: boolean }> {
    const existing = (await this.listForSite(grant.siteUrl)).find(
      (entitlement) =>
        entitlement.packageId === null &&
        entitlement.status === 'active' &&
        sameFeatures(entitlement.features, grant.features) &&
        sameTime(entitlement.expiresAt, grant.expiresAt),
    );
    if (existing) return { entitlement: existing, created: false };
    const id = prefixedId('ent');
    await this.transaction(async (connection) => {
      await connection.execute(
        `INSERT INTO ${this.database.table('entitlements')}
          (id, site_url, package_id, status, features, expires_at, created_at, updated_at)
         VALUES (?, ?, NULL, 'active', ?, ?, UTC_TIMESTAMP(3), UTC_TIMESTAMP(3))`,
        [id, grant.siteUrl, JSON.stringify(grant.features), grant.expiresAt],
      );
      await this.recordHistory(connection, id, null, 'active', grant.reason, grant.actor);
    });
    return { entitlement: (await this.findById(id))!, created: true };
  }

  /** Moves one entitlement to `status`; 404 when none matches, 409 when several do. */
  async setStatus(change: StatusChange): Promise<{ entitlement: EntitlementRecord; changed: boolean }> {
    const id = await this.transaction(async (connection) => {
      const target = await this.lockTarget(connection, change);
      if (target.status === change.status) return { id: target.id, changed: false };
      if (!canTransition(target.status, change.status)) {
        throw ApiError.conflict(
          'svc_invalid_transition',
          `An entitlement cannot go from "${target.status}" to "${change.status}".`,
        );
      }
      await connection.execute(
        `UPDATE ${this.database.table('entitlements')} SET status = ?, updated_at = UTC_TIMESTAMP(3) WHERE id = ?`,
        [change.status, target.id],
      );
      await this.recordHistory(connection, target.id, target.status, change.status, change.reason, change.actor);
      return { id: target.id, changed: true };
    });
    return { entitlement: (await this.findById(id.id))!, changed: id.changed };
  }

  async findById(id: string): Promise<EntitlementRecord | null> {
    const [rows] = await this.database.pool.execute<RowDataPacket[]>(
      `SELECT * FROM ${this.database.table('entitlements')} WHERE id = ?`,
      [id],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }

  async history(entitlementId: string): Promise<RowDataPacket[]> {
    const [rows] = await this.database.pool.execute<RowDataPacket[]>(
      `SELECT from_status, to_status, reason, actor, created_at FROM ${this.database.table('entitlement_history')}
        WHERE entitlement_id = ? ORDER BY id`,
      [entitlementId],
    );
    return rows;
  }

  private async lockTarget(connection: PoolConnection, change: StatusChange): Promise<EntitlementRecord> {
    const table = this.database.table('entitlements');
    const byPackage = change.packageId === undefined ? '' : change.packageId === null ? 'AND package_id IS NULL' : 'AND package_id = ?';
    const parameters = change.packageId ? [change.siteUrl, change.packageId] : [change.siteUrl];
    const [rows] = await connection.execute<RowDataPacket[]>(
      `SELECT * FROM ${table} WHERE site_url = ? ${byPackage} ORDER BY created_at, id FOR UPDATE`,
      parameters,
    );
    if (rows.length === 0) throw ApiError.notFound(`No entitlement matches ${change.siteUrl}${change.packageId ? ` and package "${change.packageId}"` : ''}.`);
    if (rows.length > 1) {
      throw ApiError.conflict(
        'svc_ambiguous_entitlement',
        `${change.siteUrl} has ${rows.length} entitlements; name the package (package_id) to choose one.`,
      );
    }
    return toRecord(rows[0]!);
  }

  private async recordHistory(
    connection: PoolConnection,
    entitlementId: string,
    from: EntitlementStatus | null,
    to: EntitlementStatus,
    reason: string,
    actor: string,
  ): Promise<void> {
    await connection.execute(
      `INSERT INTO ${this.database.table('entitlement_history')}
        (entitlement_id, from_status, to_status, reason, actor, created_at) VALUES (?, ?, ?, ?, ?, UTC_TIMESTAMP(3))`,
      [entitlementId, from, to, reason.slice(0, 500), actor.slice(0, 190)],
    );
  }

  private async transaction<T>(work: (connection: PoolConnection) => Promise<T>): Promise<T> {
    const connection = await this.database.pool.getConnection();
    try {
      await connection.beginTransaction();
      const result = await work(connection);
      await connection.commit();
      return result;
    } catch (error) {
      await connection.rollback().catch(() => undefined);
      throw error;
    } finally {
      connection.release();
    }
  }
}
