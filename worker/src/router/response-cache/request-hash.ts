import { createHash } from 'node:crypto';
import type { ChatRequest } from '../../providers/types';

/**
 * How deep canonicalJson goes. Validation already holds every client value to 64 levels
 * (request/nesting.ts); past this a request is not hashed (not cached) rather than overflow the
 * stack into a 500.
 */
export const MAX_CANONICAL_DEPTH = 256;

/** A value nested deeper than MAX_CANONICAL_DEPTH. */
export class NestingTooDeepError extends Error {
  constructor() {
    super(`nested deeper than ${MAX_CANONICAL_DEPTH} levels`);
    this.name = 'NestingTooDeepError';
  }
}

/**
 * JSON with object keys sorted at every depth and undefined members left out, so two requests
 * that mean the same serialise the same (arrays keep their order: messages, parts, tools and
 * stop sequences are ordered). Throws NestingTooDeepError past MAX_CANONICAL_DEPTH levels.
 */
export function canonicalJson(value: unknown, depth = 0): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (depth >= MAX_CANONICAL_DEPTH) throw new NestingTooDeepError();
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item, depth + 1))).join(',')}]`;
  const entries = Object.keys(value as Record<string, unknown>)
    .sort()
    .filter((name) => (value as Record<string, unknown>)[name] !== undefined)
    .map((name) => `${JSON.stringify(name)}:${canonicalJson((value as Record<string, unknown>)[name], depth + 1)}`);
  return `{${entries.join(',')}}`;
}

/**
 * The cache key of one chat request: SHA-256 (hex) of the model id and the whole normalised
 * request — messages with their parts and tool calls, tools, tool_choice, response_format and
 * every sampling parameter the router passes to the provider. Any field a later version adds
 * to ChatRequest is part of the key without a change here. Null for a request nested too deep
 * to hash (MAX_CANONICAL_DEPTH): such a request is not cached.
 */
export function requestHash(modelId: string, request: ChatRequest): string | null {
  let text: string;
  try {
    text = canonicalJson({ model: modelId, request: { ...request, model: undefined } });
  } catch (error) {
    if (error instanceof NestingTooDeepError) return null;
    throw error;
  }
  return createHash('sha256').update(text).digest('hex');
}
