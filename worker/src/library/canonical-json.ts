import { createHash } from 'node:crypto';

/**
 * Canonical JSON (the RFC 8785 / JCS rules that matter here): object keys sorted by UTF-16
 * code units, no whitespace, strings and numbers as JSON.stringify writes them, array order
 * kept. Only JSON values are accepted: a non-finite number, `undefined`, a function or a
 * class instance is an error, so two parties hashing the same data always agree.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError('canonical JSON has no representation for a non-finite number');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`).join(',')}}`;
  }
  throw new TypeError(`canonical JSON cannot hold a ${typeof value}`);
}

/** A Subresource Integrity string: `sha256-<base64 of the SHA-256 digest>`. */
export function integrity(bytes: Buffer | string): string {
  return `sha256-${createHash('sha256').update(bytes).digest('base64')}`;
}

/** The digest of an integrity string as 64 hex characters (for URLs and indexes), or null. */
export function integrityToHex(value: string): string | null {
  const match = /^sha256-([A-Za-z0-9+/]{43}=)$/.exec(value);
  if (!match) return null;
  const digest = Buffer.from(match[1]!, 'base64');
  return digest.length === 32 ? digest.toString('hex') : null;
}

export function hexToIntegrity(hex: string): string {
  return `sha256-${Buffer.from(hex, 'hex').toString('base64')}`;
}

/** `integrity(canonicalJson(value))`. */
export function hashJson(value: unknown): string {
  return integrity(canonicalJson(value));
}
