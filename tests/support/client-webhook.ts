import { createHmac, randomUUID } from 'node:crypto';
import { testFetch } from './test-fetch';

/** One Standard Webhooks delivery as the hub would send it to a client site's receiver. */
export interface ClientDelivery {
  id: string;
  timestamp: number;
  sequence: number | string;
  body: string;
}

/** `v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">` under a `whsec_…` secret (Standard Webhooks). */
export function signature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** An `entitlement.updated` message carrying a site summary with one active entitlement of `features`. */
export function summaryMessage(siteUrl: string, features: string[]): string {
  return JSON.stringify({
    type: 'entitlement.updated',
    timestamp: new Date().toISOString(),
    data: {
      site_url: siteUrl,
      status: features.length > 0 ? 'active' : 'none',
      features,
      entitlements: [{ id: `ent_${randomUUID().slice(0, 8)}`, package_id: null, status: 'active', features, expires_at: null }],
    },
  });
}

/** A fresh delivery of `body` with `sequence`, timestamped now. */
export function freshDelivery(body: string, sequence: number | string): ClientDelivery {
  return { id: `msg_${randomUUID().replace(/-/g, '')}`, timestamp: Math.floor(Date.now() / 1000), sequence, body };
}

/** POSTs `delivery` to `url` signed with `signatures` (the header's space-separated entries). */
export async function post(url: string, delivery: ClientDelivery, signatures: string[]): Promise<{ status: number; body: any; text: string }> {
  const answer = await testFetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'webhook-id': delivery.id,
      'webhook-timestamp': String(delivery.timestamp),
      'webhook-signature': signatures.join(' '),
      'svc-sequence': String(delivery.sequence),
    },
    body: delivery.body,
  });
  const text = await answer.text();
  let body: any = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  return { status: answer.status, body, text };
}
