import type { ApiKeyStore } from './api-keys';

/** Where the hub POSTs a site's entitlement changes unless one of its keys names another endpoint. */
export const CLIENT_ENDPOINT_PATH = '/wp-json/svc-client/v1/entitlement';

/** An active key of the site as delivery needs it (newest first). */
export interface SiteKey {
  webhookEndpoint: string | null;
  webhookSecret: string;
}

export interface DeliveryTarget {
  endpoint: string;
  /** One signature per secret; empty when the site has no active key (the message cannot be signed). */
  secrets: string[];
}

/** The newest active key's endpoint that has one, else the site's default; every active key's secret. */
export function deliveryTarget(siteUrl: string, newestFirst: SiteKey[]): DeliveryTarget {
  const endpoint = newestFirst.find((key) => key.webhookEndpoint)?.webhookEndpoint ?? `${siteUrl}${CLIENT_ENDPOINT_PATH}`;
  return { endpoint, secrets: newestFirst.map((key) => key.webhookSecret) };
}

/** Reads the site's active keys and their (decrypted) webhook secrets, at each attempt, so rotation applies at once. */
export async function loadDeliveryTarget(keys: ApiKeyStore, siteUrl: string): Promise<DeliveryTarget> {
  const records = await keys.listActiveForSite(siteUrl);
  const siteKeys: SiteKey[] = [];
  for (const record of records) {
    const webhookSecret = await keys.webhookSecret(record.id);
    if (webhookSecret) siteKeys.push({ webhookEndpoint: record.webhookEndpoint, webhookSecret });
  }
  return deliveryTarget(siteUrl, siteKeys);
}
