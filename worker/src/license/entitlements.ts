import { createHash } from 'node:crypto';
import type { PoolConnection, RowDataPacket } from 'mysql2/promise';
import type { Database } from '../db/connections';
import { withTransaction } from '../db/transaction';
import { ApiError } from '../support/api-error';
import { prefixedId } from '../support/ids';
import type { EntitlementObserver } from './ai-accounts';
import type { EntitlementChange, EntitlementRecord } from './entitlement-record';
import { canTransition, TERMINAL_STATUSES, type EntitlementStatus } from './entitlement-states';
import type { OutboxWriter } from './outbox-writer';
import { siteSummary } from './site-summary';

export interface ManualGrant {
  siteUrl: string;
  features: string[];
  expiresAt: Date | null;
  actor: string;
  reason: string;
}

export interface StatusChange {
  siteUrl: string;
  /** The entitlement itself (of this site); with it, packageId is not consulted. */
  entitlementId?: string;
  /** undefined: whichever single entitlement the site has; null: its manual grant. */
  packageId?: string | null;
  /** undefined: keep the status (e.g. only the expiry changes). */
  status?: EntitlementStatus;
  /** undefined: keep; null: no expiry. */
  expiresAt?: Date | null;
  reason: string;
  actor: string;
}

/** A paid order's effect: its package's entitlement for the site becomes (or stays) active. */
export interface Purchase {
  siteUrl: string;
  packageId: string;
  features: string[];
  /** null: no expiry; else the entitlement runs this many days from now (or from its current expiry). */
  durationDays: number | null;
  reason: string;
  actor: string;
}

const DAY_MS = 86_400_000;
/** The terminal statuses as SQL literals (constants, never input). */
const TERMINAL_SQL = TERMINAL_STATUSES.map((status) => `'${status}'`).join(', ');

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
  /** Per open transaction: outbox messages queued (announced once it commits) and site locks held. */
  private readonly open = new WeakMap<PoolConnection, { messages: number; sites: Set<string> }>();
  private readonly observers: EntitlementObserver[] = [];

  constructor(
    private readonly database: Database,
    private readonly outbox: OutboxWriter,
  ) {}

  /** Tells `observer` of every change, in the change's transaction (an allowance follows its entitlement: license/ai-accounts.ts). */
  observe(observer: EntitlementObserver): void {
    this.observers.push(observer);
  }

  async listForSite(
    siteUrl: string,
    executor: Pick<PoolConnection, 'execute'> = this.database.pool as never,
  ): Promise<EntitlementRecord[]> {
    const [rows] = await executor.execute<RowDataPacket[]>(
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
    const result = await this.transaction(async (connection) => {
      await this.lockSite(connection, grant.siteUrl);
      const existing = (await this.listForSite(grant.siteUrl, connection)).find(
        (entitlement) =>
          entitlement.packageId === null &&
          entitlement.status === 'active' &&
          sameFeatures(entitlement.features, grant.features) &&
          sameTime(entitlement.expiresAt, grant.expiresAt),
      );
      if (existing) return { id: existing.id, created: false };
      const id = prefixedId('ent');
      await this.insert(connection, id, grant.siteUrl, null, grant.features, grant.expiresAt);
      await this.recordHistory(connection, grant.siteUrl, id, null, 'active', grant.reason, grant.actor);
      return { id, created: true };
    });
    return { entitlement: (await this.findById(result.id))!, created: result.created };
  }

  /**
   * Applies a paid order inside the caller's transaction. No entitlement yet → a new active
   * one. Inactive, expired or revoked → active again (a new purchase after a refund is a new
   * right). Active → its expiry is extended by the package's duration. Suspended stays
   * suspended (an operator's decision), its expiry extended.
   */
  async applyPurchase(connection: PoolConnection, purchase: Purchase, now: Date = new Date()): Promise<EntitlementChange> {
    await this.lockSite(connection, purchase.siteUrl);
    const [rows] = await connection.execute<RowDataPacket[]>(
      `SELECT * FROM ${this.database.table('entitlements')} WHERE site_url = ? AND package_id = ? FOR UPDATE`,
      [purchase.siteUrl, purchase.packageId],
    );
    const days = purchase.durationDays;
    const existing = rows[0] ? toRecord(rows[0]) : null;
    if (!existing) {
      const id = prefixedId('ent');
      const expiresAt = days === null ? null : new Date(now.getTime() + days * DAY_MS);
      await this.insert(connection, id, purchase.siteUrl, purchase.packageId, purchase.features, expiresAt);
      await this.recordHistory(connection, purchase.siteUrl, id, null, 'active', purchase.reason, purchase.actor);
      return { entitlement: (await this.findById(id, connection))!, changed: true };
    }
    const running = existing.status === 'active' || existing.status === 'suspended';
    const base = running && existing.expiresAt && existing.expiresAt > now ? existing.expiresAt : now;
    const expiresAt = days === null ? null : new Date(base.getTime() + days * DAY_MS);
    const status: EntitlementStatus = existing.status === 'suspended' ? 'suspended' : 'active';
    const unchanged =
      status === existing.status && sameTime(expiresAt, existing.expiresAt) && sameFeatures(existing.features, purchase.features);
    if (unchanged) return { entitlement: existing, changed: false };
    await connection.execute(
      `UPDATE ${this.database.table('entitlements')} SET status = ?, features = ?, expires_at = ?, updated_at = UTC_TIMESTAMP(3) WHERE id = ?`,
      [status, JSON.stringify(purchase.features), expiresAt, existing.id],
    );
    await this.recordHistory(connection, purchase.siteUrl, existing.id, existing.status, status, purchase.reason, purchase.actor);
    return { entitlement: (await this.findById(existing.id, connection))!, changed: true };
  }

  /**
   * Changes a site's package entitlement inside the caller's transaction as `decide` says,
   * given the locked row (null from `decide`: nothing). A status the entitlement may not move
   * to is left as it is (a revoked one stays revoked) — except `reopen`: a payment restored
   * makes it active again, as applyPurchase does. Null when the site has none.
   */
  async changePackageEntitlement(
    connection: PoolConnection,
    target: { siteUrl: string; packageId: string },
    decide: (current: EntitlementRecord) => { status?: EntitlementStatus; expiresAt?: Date | null; reason: string; actor: string } | null,
    options: { reopen?: boolean } = {},
  ): Promise<EntitlementChange | null> {
    await this.lockSite(connection, target.siteUrl);
    const [rows] = await connection.execute<RowDataPacket[]>(
      `SELECT * FROM ${this.database.table('entitlements')} WHERE site_url = ? AND package_id = ? FOR UPDATE`,
      [target.siteUrl, target.packageId],
    );
    if (!rows[0]) return null;
    const existing = toRecord(rows[0]);
    const change = decide(existing);
    const allowed = (to: EntitlementStatus) => canTransition(existing.status, to) || (options.reopen === true && to === 'active');
    const status = change?.status !== undefined && allowed(change.status) ? change.status : existing.status;
    const expiresAt = change?.expiresAt === undefined ? existing.expiresAt : change.expiresAt;
    if (!change || (status === existing.status && sameTime(expiresAt, existing.expiresAt)))
      return { entitlement: existing, changed: false };
    await connection.execute(
      `UPDATE ${this.database.table('entitlements')} SET status = ?, expires_at = ?, updated_at = UTC_TIMESTAMP(3) WHERE id = ?`,
      [status, expiresAt, existing.id],
    );
    await this.recordHistory(connection, target.siteUrl, existing.id, existing.status, status, change.reason, change.actor);
    return { entitlement: (await this.findById(existing.id, connection))!, changed: true };
  }

  /** Moves every active or suspended entitlement past its expiry to "expired"; returns the sites touched. */
  async expireDue(now: Date = new Date(), limit = 100): Promise<string[]> {
    const [due] = await this.database.pool.execute<RowDataPacket[]>(
      `SELECT id, site_url FROM ${this.database.table('entitlements')}
        WHERE status IN ('active', 'suspended') AND expires_at IS NOT NULL AND expires_at <= ?
        ORDER BY expires_at LIMIT ${Number(limit)}`,
      [now],
    );
    const sites: string[] = [];
    for (const { id, site_url: siteUrl } of due) {
      const site = await this.transaction(async (connection) => {
        await this.lockSite(connection, siteUrl);
        const [rows] = await connection.execute<RowDataPacket[]>(
          `SELECT * FROM ${this.database.table('entitlements')} WHERE id = ? FOR UPDATE`,
          [id],
        );
        const current = rows[0] ? toRecord(rows[0]) : null;
        if (!current || !['active', 'suspended'].includes(current.status) || !current.expiresAt || current.expiresAt > now) return null;
        await connection.execute(
          `UPDATE ${this.database.table('entitlements')} SET status = 'expired', updated_at = UTC_TIMESTAMP(3) WHERE id = ?`,
          [current.id],
        );
        await this.recordHistory(
          connection,
          current.siteUrl,
          current.id,
          current.status,
          'expired',
          'expiry date reached',
          'system:expiry',
        );
        return current.siteUrl;
      });
      if (site) sites.push(site);
    }
    return sites;
  }

  /**
   * Changes one entitlement's status and/or expiry, with a history row; 404 when none
   * matches, 409 when several do or the transition is not allowed.
   */
  async setStatus(change: StatusChange): Promise<EntitlementChange> {
    const result = await this.transaction(async (connection) => {
      await this.lockSite(connection, change.siteUrl);
      const target = await this.lockTarget(connection, change);
      const status = change.status ?? target.status;
      const expiresAt = change.expiresAt === undefined ? target.expiresAt : change.expiresAt;
      if (status === target.status && sameTime(expiresAt, target.expiresAt)) return { id: target.id, changed: false };
      if (status !== target.status && !canTransition(target.status, status)) {
        throw ApiError.conflict('svc_invalid_transition', `An entitlement cannot go from "${target.status}" to "${status}".`);
      }
      await connection.execute(
        `UPDATE ${this.database.table('entitlements')} SET status = ?, expires_at = ?, updated_at = UTC_TIMESTAMP(3) WHERE id = ?`,
        [status, expiresAt, target.id],
      );
      await this.recordHistory(connection, target.siteUrl, target.id, target.status, status, change.reason, change.actor);
      return { id: target.id, changed: true };
    });
    return { entitlement: (await this.findById(result.id))!, changed: result.changed };
  }

  async findById(id: string, connection: Pick<PoolConnection, 'execute'> = this.database.pool as never): Promise<EntitlementRecord | null> {
    const [rows] = await connection.execute<RowDataPacket[]>(`SELECT * FROM ${this.database.table('entitlements')} WHERE id = ?`, [id]);
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

  /**
   * The one entitlement a change addresses: by id (of this site), else the site's rows that are
   * not terminal (revoked never matches), narrowed by package; 404 when none, 409 when several.
   */
  private async lockTarget(connection: PoolConnection, change: StatusChange): Promise<EntitlementRecord> {
    const table = this.database.table('entitlements');
    if (change.entitlementId !== undefined) {
      const [rows] = await connection.execute<RowDataPacket[]>(`SELECT * FROM ${table} WHERE id = ? AND site_url = ? FOR UPDATE`, [
        change.entitlementId,
        change.siteUrl,
      ]);
      if (!rows[0]) throw ApiError.notFound(`${change.siteUrl} has no entitlement ${change.entitlementId}.`);
      return toRecord(rows[0]);
    }
    const byPackage = change.packageId === undefined ? '' : change.packageId === null ? 'AND package_id IS NULL' : 'AND package_id = ?';
    const parameters = change.packageId ? [change.siteUrl, change.packageId] : [change.siteUrl];
    const [rows] = await connection.execute<RowDataPacket[]>(
      `SELECT * FROM ${table} WHERE site_url = ? AND status NOT IN (${TERMINAL_SQL}) ${byPackage} ORDER BY created_at, id FOR UPDATE`,
      parameters,
    );
    if (rows.length === 0)
      throw ApiError.notFound(`No entitlement matches ${change.siteUrl}${change.packageId ? ` and package "${change.packageId}"` : ''}.`);
    if (rows.length > 1) {
      throw ApiError.conflict(
        'svc_ambiguous_entitlement',
        `${change.siteUrl} has ${rows.length} entitlements that can change; name one (entitlement_id, or package_id).`,
      );
    }
    return toRecord(rows[0]!);
  }

  private async insert(
    connection: PoolConnection,
    id: string,
    siteUrl: string,
    packageId: string | null,
    features: string[],
    expiresAt: Date | null,
  ): Promise<void> {
    await connection.execute(
      `INSERT INTO ${this.database.table('entitlements')}
        (id, site_url, package_id, status, features, expires_at, created_at, updated_at)
       VALUES (?, ?, ?, 'active', ?, ?, UTC_TIMESTAMP(3), UTC_TIMESTAMP(3))`,
      [id, siteUrl, packageId, JSON.stringify(features), expiresAt],
    );
  }

  /**
   * The history row of a change and, in the same transaction, the outbox message that tells
   * the client site its new state (the whole summary, so a receiver can apply the latest).
   */
  private async recordHistory(
    connection: PoolConnection,
    siteUrl: string,
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
    // A locking read: the latest committed rows, whatever this transaction's snapshot (the site lock serialises writers).
    const [rows] = await connection.execute<RowDataPacket[]>(
      `SELECT * FROM ${this.database.table('entitlements')} WHERE site_url = ? ORDER BY created_at, id FOR UPDATE`,
      [siteUrl],
    );
    const changed = rows.map(toRecord).find((entitlement) => entitlement.id === entitlementId);
    for (const observer of changed ? this.observers : []) await observer.entitlementChanged(connection, changed!);
    await this.outbox.enqueue(connection, {
      siteUrl,
      type: 'entitlement.updated',
      data: {
        ...siteSummary(siteUrl, rows.map(toRecord)),
        change: {
          entitlement_id: entitlementId,
          package_id: changed?.packageId ?? null,
          from_status: from,
          to_status: to,
          reason: reason.slice(0, 500),
        },
      },
    });
    const state = this.open.get(connection);
    if (state) state.messages += 1;
  }

  /**
   * Serialises every change to one site's entitlements, across workers (a MariaDB named lock,
   * held until the transaction ends), so each outbox message carries a summary that includes
   * every change committed before it.
   */
  private async lockSite(connection: PoolConnection, siteUrl: string): Promise<void> {
    const state = this.open.get(connection);
    // The named lock lives as long as the session: only this store's transaction() releases it
    // (and announces the outbox messages), so a change on any other connection is a bug.
    if (!state) throw new Error('entitlement changes must run inside EntitlementStore.transaction()');
    const name = this.siteLockName(siteUrl);
    if (state.sites.has(name)) return;
    const [rows] = await connection.query<RowDataPacket[]>('SELECT GET_LOCK(?, 10) AS got', [name]);
    if (Number(rows[0]?.got) !== 1)
      throw ApiError.unavailable(`Another change to ${siteUrl}'s entitlements is in progress; retry in a moment.`);
    state.sites.add(name);
  }

  private siteLockName(siteUrl: string): string {
    return `svc_site_${createHash('sha1')
      .update(`${this.database.table('entitlements')} ${siteUrl}`)
      .digest('hex')}`;
  }

  /** Runs a change in one transaction; queued outbox messages are announced once it commits. */
  async transaction<T>(work: (connection: PoolConnection) => Promise<T>): Promise<T> {
    const state = { messages: 0, sites: new Set<string>() };
    const result = await withTransaction(
      this.database,
      async (connection) => {
        this.open.set(connection, state);
        return work(connection);
      },
      {
        afterEnd: async (connection) => {
          this.open.delete(connection);
          for (const name of state.sites) await connection.query('SELECT RELEASE_LOCK(?)', [name]);
        },
      },
    );
    if (state.messages > 0) this.outbox.notifyCommitted();
    return result;
  }
}
