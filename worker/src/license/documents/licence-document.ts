import { createPublicKey, sign, verify, type KeyObject } from 'node:crypto';

/** What a licence document vouches for (docs/architecture.md §12, docs/propagation.md "Licence documents"). */
export interface LicenceDocumentFields {
  site: string;
  features: string[];
  status: string;
  /** When the site's entitlements end (ISO 8601), null: no expiry. */
  expires_at: string | null;
  /** Until when a client site may trust this document without hearing from the hub again. */
  grace_ends_at: string;
  /** The site's outbox sequence it reflects: a client keeps the highest and refuses an older one. */
  sequence: number;
  issued_at: string;
  key_id: string;
}

/** `{ payload: base64url(canonical JSON), signature: base64url(Ed25519 over the payload's bytes) }`. */
export interface LicenceDocument {
  payload: string;
  signature: string;
}

/** How long a document vouches without the hub by default (SVC_LICENCE_GRACE_DAYS): a hub outage is survived for exactly this long. */
export const DOCUMENT_GRACE_DAYS = 7;
const DAY_MS = 86_400_000;

/** JSON with object keys sorted at every level and no whitespace: one spelling per value, whoever serialises it. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The grace end of a document issued at `issuedAt`, `days` later. */
export function graceEnd(issuedAt: Date, days = DOCUMENT_GRACE_DAYS): string {
  return new Date(issuedAt.getTime() + days * DAY_MS).toISOString();
}

/** Signs the fields with the hub's Ed25519 private key (deterministic: the same fields, the same document). */
export function signLicenceDocument(fields: LicenceDocumentFields, privateKey: KeyObject): LicenceDocument {
  const payload = Buffer.from(canonicalJson(fields), 'utf8');
  return { payload: payload.toString('base64url'), signature: sign(null, payload, privateKey).toString('base64url') };
}

/** The fields of a document the key signed, or null (a bad signature, a bad encoding, not JSON). */
export function verifyLicenceDocument(document: LicenceDocument, publicKey: KeyObject): LicenceDocumentFields | null {
  const payload = Buffer.from(document.payload, 'base64url');
  const signature = Buffer.from(document.signature, 'base64url');
  if (signature.length !== 64 || !verify(null, payload, publicKey, signature)) return null;
  try {
    return JSON.parse(payload.toString('utf8')) as LicenceDocumentFields;
  } catch {
    return null;
  }
}

/** The public key as sodium takes it: its raw 32 bytes, base64. */
export function rawPublicKey(publicKey: KeyObject): string {
  const jwk = publicKey.export({ format: 'jwk' });
  return Buffer.from(jwk.x!, 'base64url').toString('base64');
}

/** A public key from its raw 32 bytes (base64). */
export function publicKeyFromRaw(raw: string): KeyObject {
  return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(raw, 'base64').toString('base64url') }, format: 'jwk' });
}
