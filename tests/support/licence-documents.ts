import type { KeyObject } from 'node:crypto';
import { sign } from 'node:crypto';
import type { ClientSite } from './client-site';
import { freshDelivery, post, signature } from './client-webhook';

/** A licence document `{ payload, signature }` (docs/architecture.md §12). */
export interface LicenceDocument {
  payload: string;
  signature: string;
}

/** A licence document as the hub writes it (canonical JSON: keys sorted), signed with `privateKey`. */
export function signDocument(fields: Record<string, unknown>, privateKey: KeyObject): LicenceDocument {
  const sorted = Object.fromEntries(Object.entries(fields).sort(([a], [b]) => (a < b ? -1 : 1)));
  const payload = Buffer.from(JSON.stringify(sorted));
  return { payload: payload.toString('base64url'), signature: sign(null, payload, privateKey).toString('base64url') };
}

/** The fields a document's payload says, unverified. */
export const documentFields = (document: LicenceDocument): Record<string, any> =>
  JSON.parse(Buffer.from(document.payload, 'base64url').toString('utf8'));

/**
 * Pushes an `entitlement.updated` message carrying `document` to the client site's receiver, with
 * the message `sequence` given and a valid Standard Webhooks signature under the site's own
 * webhook secret (the hub's delivery, but for what the caller chose to carry).
 */
export async function pushDocument(client: ClientSite, document: unknown, sequence: number, features: string[]) {
  const fields = document && typeof document === 'object' && 'payload' in document ? documentFields(document as LicenceDocument) : {};
  const body = JSON.stringify({
    type: 'entitlement.updated',
    timestamp: new Date().toISOString(),
    sequence,
    data: {
      site_url: fields.site ?? '',
      status: 'active',
      features,
      entitlements: [{ id: 'ent_pushed', package_id: null, status: 'active', features, expires_at: null }],
      license_document: document,
    },
  });
  const secret = await client.php<string>('return Svc_Client_Settings::get()["webhook_secret"];');
  const delivery = freshDelivery(body);
  return post(client.receiverUrl, delivery, [signature(secret, delivery.id, delivery.timestamp, body)]);
}
