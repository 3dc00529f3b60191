import type { RowDataPacket } from 'mysql2/promise';
import type { Database } from '../../db/connections';
import type { Eventually } from '../../support/eventually';
import { TtlCache } from '../../support/ttl-cache';
import type { MarkupSource } from '../usage/billing';

/** How long a worker trusts a site's markup (an admin's change on another worker shows within this). */
export const MARKUP_TTL_MS = 5000;
const MARKUP_SITES = 10_000;

/**
 * A site's resale markup for its usage rows' `billed` (docs/api-notes.md "Billed amount"): the
 * admin's own for the site (`site_ai_settings`), else the highest `markup_percent` among the
 * packages of the site's active entitlements (the markup the client agreed to; several
 * packages with different markups bill at the highest), else none. Cached per site: a call
 * whose site was looked up within MARKUP_TTL_MS asks nothing of the database.
 */
export class SiteMarkups implements MarkupSource {
  private readonly cache = new TtlCache<string | null>(MARKUP_TTL_MS, MARKUP_SITES);

  constructor(private readonly database: Database) {}

  markupFor(siteUrl: string): Eventually<string | null> {
    return this.cache.get(siteUrl, () => this.load(siteUrl));
  }

  /** After a change on this worker (an admin's markup, a payment): the site's markup — every site's, without one — is read again. */
  changed(siteUrl?: string): void {
    if (siteUrl === undefined) this.cache.clear();
    else this.cache.delete(siteUrl);
  }

  private async load(siteUrl: string): Promise<string | null> {
    const table = (name: string) => this.database.table(name);
    const [rows] = await this.database.pool.execute<RowDataPacket[]>(
      `SELECT (SELECT markup_percent FROM ${table('site_ai_settings')} WHERE site_url = ?) AS own,
              (SELECT MAX(p.markup_percent) FROM ${table('entitlements')} e JOIN ${table('packages')} p ON p.package_id = e.package_id
                WHERE e.site_url = ? AND e.status = 'active') AS packaged`,
      [siteUrl, siteUrl],
    );
    const row = rows[0];
    if (row?.own != null) return String(row.own);
    return row?.packaged == null ? null : String(row.packaged);
  }
}
