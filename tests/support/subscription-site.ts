import { randomUUID } from 'node:crypto';
import type { EntitlementRecord } from '../../worker/src/license/entitlement-record';
import type { Services } from '../../worker/src/services';
import { receiver, type ReceivedWebhook } from './client-receiver-client';
import { hub } from './hub-cli';

/** A client site for the subscription tests: its key sends entitlement webhooks to the test receiver. */
export interface SubscriptionSite {
  siteUrl: string;
  key: string;
  endpoint: string;
}

export async function subscriptionSite(tag: string): Promise<SubscriptionSite> {
  const unique = `${tag}-${randomUUID().slice(0, 8)}`;
  const siteUrl = `https://sub-${unique}.example`;
  const endpoint = `sub-${unique}`;
  const [webhookSecret, key] = hub(
    'key',
    'create',
    '--site',
    siteUrl,
    '--team',
    'subscriptions',
    '--endpoint',
    receiver().endpointUrl(endpoint),
  ).slice(-2) as [string, string];
  await receiver().register(endpoint, [webhookSecret]);
  return { siteUrl, key, endpoint };
}

export async function entitlementOf(services: Services, site: SubscriptionSite, packageId: string): Promise<EntitlementRecord> {
  const found = (await services.entitlements.listForSite(site.siteUrl)).find((entitlement) => entitlement.packageId === packageId);
  if (!found) throw new Error(`${site.siteUrl} has no entitlement for ${packageId}`);
  return found;
}

/** The entitlement's history as `from→to actor: reason` lines. */
export async function historyOf(
  services: Services,
  entitlementId: string,
): Promise<{ from: string | null; to: string; actor: string; reason: string }[]> {
  return (await services.entitlements.history(entitlementId)).map((row) => ({
    from: row.from_status,
    to: row.to_status,
    actor: row.actor,
    reason: row.reason,
  }));
}

/** Waits until the receiver holds `count` verified messages for the site, and returns what each said: status and expiry. */
export async function propagated(
  site: SubscriptionSite,
  count: number,
): Promise<{ status: string; expires_at: string | null; reason: string }[]> {
  const received: ReceivedWebhook[] = await receiver().waitFor(
    site.endpoint,
    (list) => list.filter((webhook) => webhook.answered === 200).length >= count,
    20_000,
  );
  return received
    .filter((webhook) => webhook.verified && webhook.answered === 200)
    .map((webhook) => ({
      status: webhook.body.data.entitlements[0]?.status,
      expires_at: webhook.body.data.entitlements[0]?.expires_at ?? null,
      reason: webhook.body.data.change.reason,
    }));
}

export { eventually } from './eventually';
