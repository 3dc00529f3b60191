import type { RowDataPacket } from 'mysql2/promise';
import type { Database } from '../../db/connections';
import type { DeliveryTarget } from '../../license/delivery-target';
import { generateWebhookSecret } from '../../license/api-key-format';
import { decrypt, encrypt } from '../../support/encryption';

/** The outbox queue of a site's AI alert webhook: not a site URL — the delivery asks for the site's alert URL and secret. */
export const AI_ALERT_QUEUE_PREFIX = 'ai-alerts:';

export const aiAlertQueue = (siteUrl: string) => `${AI_ALERT_QUEUE_PREFIX}${siteUrl}`;

/** What an admin set for a site's AI (docs/api-notes.md "AI allowance and credits"). */
export interface SiteAiSetting {
  siteUrl: string;
  /** The site's own markup over the provider's cost, a decimal percent; null = the packages' (site-markups.ts). */
  markupPercent: string | null;
  /** Where the site's AI threshold alerts are POSTed too (Standard Webhooks, signed with the site's secret); null = nowhere. */
  alertUrl: string | null;
}

/**
 * `site_ai_settings`: per site, the admin's markup and the AI alert webhook. A change passes
 * `undefined` for what it keeps. Setting an alert URL where there was none makes the signing
 * secret (returned once); a new URL keeps the secret; clearing the URL drops it.
 */
export class SiteAiSettings {
  constructor(
    private readonly database: Database,
    private readonly encryptionKey: Buffer,
  ) {}

  private get table(): string {
    return this.database.table('site_ai_settings');
  }

  async find(siteUrl: string): Promise<SiteAiSetting> {
    const [rows] = await this.database.pool.execute<RowDataPacket[]>(
      `SELECT markup_percent, alert_url FROM ${this.table} WHERE site_url = ?`,
      [siteUrl],
    );
    const row = rows[0];
    return {
      siteUrl,
      markupPercent: row?.markup_percent == null ? null : String(row.markup_percent),
      alertUrl: row?.alert_url ?? null,
    };
  }

  /** Saves the change; returns the setting and, when one was just made, the alert secret (shown once). */
  async update(
    siteUrl: string,
    change: { markupPercent?: string | null; alertUrl?: string | null },
  ): Promise<{ setting: SiteAiSetting; alertSecret: string | null }> {
    const [rows] = await this.database.pool.execute<RowDataPacket[]>(
      `SELECT alert_url, alert_secret FROM ${this.table} WHERE site_url = ?`,
      [siteUrl],
    );
    const hadSecret = Boolean(rows[0]?.alert_secret);
    const alertSecret = change.alertUrl && !hadSecret ? generateWebhookSecret() : null;
    const secretColumn = change.alertUrl === null ? 'NULL' : alertSecret ? '?' : 'alert_secret';
    const values: (string | null)[] = [
      siteUrl,
      change.markupPercent ?? null,
      change.alertUrl ?? null,
      alertSecret ? encrypt(alertSecret, this.encryptionKey) : null,
    ];
    await this.database.pool.execute(
      `INSERT INTO ${this.table} (site_url, markup_percent, alert_url, alert_secret, updated_at) VALUES (?, ?, ?, ?, UTC_TIMESTAMP(3))
       ON DUPLICATE KEY UPDATE
         markup_percent = ${change.markupPercent === undefined ? 'markup_percent' : 'VALUES(markup_percent)'},
         alert_url = ${change.alertUrl === undefined ? 'alert_url' : 'VALUES(alert_url)'},
         alert_secret = ${secretColumn === '?' ? 'VALUES(alert_secret)' : secretColumn},
         updated_at = UTC_TIMESTAMP(3)`,
      values,
    );
    return { setting: await this.find(siteUrl), alertSecret };
  }

  /** The outbox delivery's target for a site's AI alert queue (`ai-alerts:<site>`); null for any other queue. */
  async alertTarget(queue: string): Promise<DeliveryTarget | null> {
    if (!queue.startsWith(AI_ALERT_QUEUE_PREFIX)) return null;
    const [rows] = await this.database.pool.execute<RowDataPacket[]>(
      `SELECT alert_url, alert_secret FROM ${this.table} WHERE site_url = ?`,
      [queue.slice(AI_ALERT_QUEUE_PREFIX.length)],
    );
    const row = rows[0];
    // Its URL cleared: no secret, so the delivery records a failed attempt and retries on the schedule (as a budget's alerts).
    if (!row?.alert_url || !row.alert_secret) return { endpoint: 'about:blank', secrets: [] };
    return { endpoint: row.alert_url, secrets: [decrypt(row.alert_secret, this.encryptionKey)] };
  }
}
