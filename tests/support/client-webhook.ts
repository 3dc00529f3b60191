import { createHmac, randomUUID } from 'node:crypto';
import { testFetch } from './test-fetch';

/**
 * One Standard Webhooks delivery as the hub sends it to a client site's receiver: its order is
 * the `sequence` inside the signed body (docs/propagation.md). The hub also sends it, unsigned,
 * as the `svc-sequence` header; `sequenceHeader` sends another value there instead (a forged
 * header on a captured delivery), `null` none at all.
 */
export interface ClientDelivery {
  id: string;
  timestamp: number;
  body: string;
  sequenceHeader?: string | null;
}

/** `v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">` under a `whsec_…` secret (Standard Webhooks). */
export function signature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/**
 * An `entitlement.updated` message with `sequence` in its body (left out when undefined; any
 * other value is written as given, for hostile cases) carrying a site summary with one active
 * entitlement of `features`.
 */
export function summaryMessage(siteUrl: string, features: string[], sequence: unknown): string {
  return JSON.stringify({
    type: 'entitlement.updated',
    timestamp: new Date().toISOString(),
    sequence,
    data: {
      site_url: siteUrl,
      status: features.length > 0 ? 'active' : 'none',
      features,
      entitlements: [{ id: `ent_${randomUUID().slice(0, 8)}`, package_id: null, status: 'active', features, expires_at: null }],
    },
  });
}

/** A fresh delivery of `body`, timestamped now. */
export function freshDelivery(body: string, sequenceHeader?: string | null): ClientDelivery {
  return { id: `msg_${randomUUID().replace(/-/g, '')}`, timestamp: Math.floor(Date.now() / 1000), body, sequenceHeader };
}

/** The `svc-sequence` header the hub sends with `body`: a copy of the body's sequence. */
function hubSequenceHeader(body: string): string | null {
  try {
    const sequence = (JSON.parse(body) as { sequence?: unknown }).sequence;
    return sequence === undefined ? null : String(sequence);
  } catch {
    return null;
  }
}

/** POSTs `delivery` to `url` signed with `signatures` (the header's space-separated entries). */
export async function post(
  url: string,
  delivery: ClientDelivery,
  signatures: string[],
): Promise<{ status: number; body: any; text: string }> {
  const sequenceHeader = delivery.sequenceHeader === undefined ? hubSequenceHeader(delivery.body) : delivery.sequenceHeader;
  const answer = await testFetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'webhook-id': delivery.id,
      'webhook-timestamp': String(delivery.timestamp),
      'webhook-signature': signatures.join(' '),
      ...(sequenceHeader === null ? {} : { 'svc-sequence': sequenceHeader }),
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
