import { DOCUMENT_GRACE_DAYS, graceEnd, signLicenceDocument, type LicenceDocument } from './licence-document';
import type { HubSigningKey } from './signing-key';

/** The part of a site's summary a document vouches for. */
interface SummaryFacts {
  site_url: string;
  status: string;
  features: string[];
  entitlements: Array<{ status: string; expires_at: string | null }>;
}

/** When the site's live entitlements end: the latest expiry among the active ones, null when one never expires (or none is active). */
export function summaryExpiry(summary: SummaryFacts): string | null {
  const live = summary.entitlements.filter((entitlement) => entitlement.status === 'active');
  if (live.length === 0 || live.some((entitlement) => entitlement.expires_at === null)) return null;
  return live
    .map((entitlement) => entitlement.expires_at!)
    .sort()
    .at(-1)!;
}

/**
 * Signed licence documents for a site's state (docs/propagation.md "Licence documents"): the
 * session check's answer and every entitlement push carry one, signed with the hub's key.
 */
export class LicenceDocuments {
  constructor(
    private readonly signing: HubSigningKey,
    private readonly graceDays = DOCUMENT_GRACE_DAYS,
  ) {}

  async forSummary(summary: SummaryFacts, sequence: number, now: Date = new Date()): Promise<LicenceDocument> {
    const pair = await this.signing.pair();
    return signLicenceDocument(
      {
        site: summary.site_url,
        features: summary.features,
        status: summary.status,
        expires_at: summaryExpiry(summary),
        grace_ends_at: graceEnd(now, this.graceDays),
        sequence,
        issued_at: now.toISOString(),
        key_id: pair.keyId,
      },
      pair.privateKey,
    );
  }

  /**
   * An outbox body with `data.license_document` added when it is a site's entitlement message
   * (issued at the message's own timestamp, so every attempt sends the same bytes); any other
   * body as it is.
   */
  async signedBody(body: string): Promise<string> {
    let parsed: { type?: unknown; timestamp?: unknown; sequence?: unknown; data?: Record<string, unknown> };
    try {
      parsed = JSON.parse(body);
    } catch {
      return body;
    }
    const data = parsed.data;
    if (parsed.type !== 'entitlement.updated' || typeof parsed.sequence !== 'number' || !data || !Array.isArray(data.entitlements))
      return body;
    const issuedAt = typeof parsed.timestamp === 'string' ? new Date(parsed.timestamp) : new Date(NaN);
    const document = await this.forSummary(
      data as unknown as SummaryFacts,
      parsed.sequence,
      Number.isNaN(issuedAt.getTime()) ? new Date() : issuedAt,
    );
    return JSON.stringify({ ...parsed, data: { ...data, license_document: document } });
  }
}
