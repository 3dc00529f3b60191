import { createHash } from 'node:crypto';
import type { ChatRequest } from '../providers/types';

/**
 * JSON with object keys sorted at every depth and undefined members left out, so two requests
 * that mean the same serialise the same (arrays keep their order: messages, parts, tools and
 * stop sequences are ordered).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  const entries = Object.keys(value as Record<string, unknown>)
    .sort()
    .filter((name) => (value as Record<string, unknown>)[name] !== undefined)
    .map((name) => `${JSON.stringify(name)}:${canonicalJson((value as Record<string, unknown>)[name])}`);
  return `{${entries.join(',')}}`;
}

/**
 * The cache key of one chat request: SHA-256 (hex) of the model id and the whole normalised
 * request — messages with their parts and tool calls, tools, tool_choice, response_format and
 * every sampling parameter the router passes to the provider. Any field a later version adds
 * to ChatRequest is part of the key without a change here.
 */
export function requestHash(modelId: string, request: ChatRequest): string {
  return createHash('sha256').update(canonicalJson({ model: modelId, request: { ...request, model: undefined } })).digest('hex');
}
