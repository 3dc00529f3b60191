import type { PoolConnection } from 'mysql2/promise';
import { ApiError } from '../../support/api-error';
import type { ApiKeyStore } from '../api-keys';
import type { CustomerDirectory } from '../customers/customer-directory';
import type { EntitlementStore } from '../entitlements';
import type { EntitlementRecord } from '../entitlement-record';
import type { HubSigningKey } from '../documents/signing-key';
import { normaliseLicenceKey, sameLicenceHash } from '../licences/licence-key';
import type { LicenceRecord, LicenceStore } from '../licences/licence-rows';
import type { ActivationRecord, ActivationStore } from './activation-rows';
import { isStagingSite } from './staging-hosts';

/** The same answer for a wrong, a revoked and an expired key: nothing tells a guesser which part was wrong. */
const noLicence = () => ApiError.notFound('No active licence has this key.');
const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** What an activation answers (docs/architecture.md §12); `created` false: the site was already active (a new key). */
export interface ActivationResult {
  created: boolean;
  activation: ActivationRecord;
  apiKeyId: string;
  apiKey: string;
  webhookSecret: string;
  licence: { status: string; features: string[]; expires_at: string | null; seats_used: number; seats: number | null };
  publicKey: string;
  /** The site's keys this re-activation revoked (the caller forgets them in the key cache). */
  revokedKeyIds: string[];
}

/** Activation = onboarding (docs/commerce.md "Licences and activations"): a site, a licence key, the site's own API key and secret. */
export class Activations {
  constructor(
    private readonly licences: LicenceStore,
    private readonly rows: ActivationStore,
    private readonly entitlements: EntitlementStore,
    private readonly keys: ApiKeyStore,
    private readonly customers: CustomerDirectory,
    private readonly signing: HubSigningKey,
  ) {}

  /** The licence a typed key opens, or 404 (constant-time compare of the stored hash). */
  async licenceFor(typedKey: string): Promise<LicenceRecord> {
    const key = normaliseLicenceKey(typedKey);
    const hash = this.licences.hashKey(key ?? typedKey);
    const row = await this.licences.findByKeyHash(hash);
    const valid = row !== null && sameLicenceHash(row.keyHash, hash);
    if (!valid || key === null || row.status !== 'active' || (row.expiresAt !== null && row.expiresAt <= new Date())) throw noLicence();
    return row;
  }

  async activate(licence: LicenceRecord, siteUrl: string): Promise<ActivationResult> {
    const customerId = await this.customers.customerOf(licence.siteUrl);
    const staging = isStagingSite(siteUrl, await this.rows.stagingPatterns(customerId));
    const replaced: string[] = [];
    let issued: Awaited<ReturnType<ApiKeyStore['create']>> | null = null;
    try {
      const result = await this.entitlements.transaction(async (connection) => {
        const locked = await this.licences.find(licence.id, connection, true);
        if (!locked || locked.status !== 'active') throw noLicence();
        const active = await this.rows.active(connection, locked.id);
        const existing = active.find((activation) => activation.siteUrl === siteUrl);
        const seated = active.filter((activation) => !activation.staging);
        if (!existing && !staging && locked.seats !== null && seated.length >= locked.seats) {
          throw new ApiError(409, 'svc_activation_limit', `This licence is active on ${seated.length} of ${locked.seats} sites.`, {
            sites: seated.map((activation) => activation.siteUrl),
          });
        }
        issued = await this.keys.create({
          siteUrl,
          team: 'default',
          scope: 'client',
          name: `licence ${locked.keyPrefix}`,
          rateLimitPerMinute: 120,
        });
        let id: string;
        if (existing) {
          replaced.push(existing.apiKeyId);
          await this.rows.replaceKey(connection, existing.id, issued.record.id);
          id = existing.id;
        } else id = await this.rows.insert(connection, locked.id, siteUrl, staging, issued.record.id);
        const source = await this.grant(connection, locked, siteUrl);
        if (customerId !== null) await this.customers.store.assign(siteUrl, customerId, 'order', connection);
        const seatsUsed = seated.length + (existing || staging ? 0 : 1);
        return { created: !existing, id, source, locked, seatsUsed };
      });
      for (const keyId of replaced) await this.keys.revoke(keyId);
      this.customers.changed();
      const activation = (await this.rows.find(result.id))!;
      const { source, locked } = result;
      return {
        created: result.created,
        activation,
        apiKeyId: issued!.record.id,
        apiKey: issued!.key,
        webhookSecret: issued!.webhookSecret,
        licence: {
          status: source.status,
          features: source.features,
          expires_at: iso(source.expiresAt),
          seats_used: result.seatsUsed,
          seats: locked.seats,
        },
        publicKey: (await this.signing.pair()).publicKeyRaw,
        revokedKeyIds: replaced,
      };
    } catch (error) {
      if (issued) await this.keys.revoke((issued as { record: { id: string } }).record.id);
      throw error;
    }
  }

  /**
   * The site gets the licence's entitlement: the buyer's package entitlement's features, status
   * and expiry (its history row and outbox message: propagation); the buyer's own site has it.
   */
  private async grant(connection: PoolConnection, licence: LicenceRecord, siteUrl: string): Promise<EntitlementRecord> {
    const source = (await this.entitlements.listForSite(licence.siteUrl, connection)).find((row) => row.packageId === licence.packageId);
    if (!source) throw noLicence();
    if (siteUrl === licence.siteUrl) return source;
    const reason = `licence ${licence.id} activated on ${siteUrl}`;
    const actor = `licence:${licence.id}`;
    const purchase = { siteUrl, packageId: licence.packageId, features: source.features, durationDays: null, reason, actor };
    await this.entitlements.applyPurchase(connection, purchase);
    await this.entitlements.changePackageEntitlement(
      connection,
      { siteUrl, packageId: licence.packageId },
      () => ({ status: source.status, expiresAt: source.expiresAt, reason, actor }),
      { reopen: true },
    );
    return source;
  }

  /** Frees the seat: the activation ends, the site's entitlement from the licence is revoked, its key revoked. */
  async deactivate(activation: ActivationRecord, actor: string): Promise<ActivationRecord> {
    await this.entitlements.transaction(async (connection) => {
      const locked = await this.rows.find(activation.id, connection, true);
      if (!locked || locked.status !== 'active') return;
      await this.rows.deactivate(connection, locked.id);
      const licence = await this.licences.find(locked.licenceId, connection);
      if (!licence || licence.siteUrl === locked.siteUrl) return;
      await this.entitlements.changePackageEntitlement(connection, { siteUrl: locked.siteUrl, packageId: licence.packageId }, () => ({
        status: 'revoked',
        reason: `licence ${licence.id} deactivated on ${locked.siteUrl}`,
        actor,
      }));
    });
    await this.keys.revoke(activation.apiKeyId);
    return (await this.rows.find(activation.id))!;
  }
}
