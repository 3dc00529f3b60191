import { createHmac, timingSafeEqual } from 'node:crypto';

/** Standard Webhooks' tolerance for `webhook-timestamp` either way. */
export const TOLERANCE_SECONDS = 300;

export interface WebhookHeaders {
  id: string | undefined;
  timestamp: string | undefined;
  signature: string | undefined;
}

export type Verdict = { ok: true } | { ok: false; reason: string };

/**
 * What a client site does with a message from the hub, written independently of the hub's
 * signer: check the timestamp (±5 min), compute HMAC-SHA256 over `{id}.{timestamp}.{raw
 * body}` with each secret the site holds (base64 after `whsec_`), and accept when any `v1,`
 * entry of `webhook-signature` matches in constant time.
 */
export function verifyWebhook(secrets: string[], headers: WebhookHeaders, rawBody: Buffer, now: number = Date.now()): Verdict {
  const { id, timestamp, signature } = headers;
  if (!id || !timestamp || !signature) return { ok: false, reason: 'missing webhook-id, webhook-timestamp or webhook-signature' };
  if (!/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: 'webhook-timestamp is not unix seconds' };
  if (Math.abs(now / 1000 - Number(timestamp)) > TOLERANCE_SECONDS)
    return { ok: false, reason: 'webhook-timestamp outside the 5-minute tolerance' };
  const offered = signature
    .split(' ')
    .map((entry) => entry.split(','))
    .filter((parts): parts is [string, string] => parts.length === 2 && parts[0] === 'v1')
    .map(([, value]) => Buffer.from(value, 'base64'));
  for (const secret of secrets) {
    const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
    const expected = createHmac('sha256', key).update(`${id}.${timestamp}.`).update(rawBody).digest();
    if (offered.some((candidate) => candidate.length === expected.length && timingSafeEqual(candidate, expected))) return { ok: true };
  }
  return { ok: false, reason: 'no v1 signature matches a secret of this site' };
}
