/**
 * Small hand-written guards for provider payloads: JSON is parsed into `unknown` and every
 * field is checked before use, so a changed or broken wire format becomes an
 * 'invalid response' error instead of a TypeError deep inside the router.
 */
import { invalidResponse } from '../errors';

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A finite number, or undefined. */
export function numberField(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

export function stringField(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function arrayField(value: unknown): unknown[] | undefined {
  return Array.isArray(value) ? value : undefined;
}

/** Parses JSON text into an object, or throws a non-retryable 'invalid response' error. */
export function parseJsonObject(text: string, provider: string, url?: string): JsonObject {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw invalidResponse(provider, 'not JSON', url);
  }
  if (!isObject(value)) throw invalidResponse(provider, 'not a JSON object', url);
  return value;
}

/** An array of finite numbers (an embedding vector), or throws 'invalid response'. */
export function vectorField(value: unknown, provider: string, url?: string): number[] {
  const items = arrayField(value);
  if (!items || items.length === 0 || !items.every((item) => numberField(item) !== undefined)) {
    throw invalidResponse(provider, 'embedding is not a list of numbers', url);
  }
  return items as number[];
}
