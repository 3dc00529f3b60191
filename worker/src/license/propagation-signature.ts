import { createHmac } from 'node:crypto';

/** The HMAC key of a Standard Webhooks secret: the base64 after `whsec_` (a bare base64 secret works too). */
export function signingKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64');
}

/**
 * The `webhook-signature` header of a Standard Webhooks message: one `v1,<base64 HMAC-SHA256
 * of "{id}.{timestamp}.{body}">` per secret, space-separated, so a receiver holding any one of
 * the site's secrets (several keys, or a rotation in progress) can verify it.
 */
export function webhookSignature(secrets: string[], id: string, timestamp: number, body: string): string {
  const signed = `${id}.${timestamp}.${body}`;
  const entries = secrets.map((secret) => `v1,${createHmac('sha256', signingKey(secret)).update(signed, 'utf8').digest('base64')}`);
  return [...new Set(entries)].join(' ');
}
