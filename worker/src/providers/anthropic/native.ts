/**
 * The client's own Messages request (ChatRequest.native, docs/architecture.md §9): sent as it is,
 * only `model` set to the provider's model name and `stream` as the call needs, so `cache_control`
 * blocks, `thinking`, documents and server tools reach Anthropic untouched.
 */
import type { JsonObject } from '../shared/schema';
import type { ChatRequest } from '../types';
import { planMessagesRequest } from './request';

/** The body to send for a native request, or null when the request is not in Anthropic's dialect. */
export function nativeBody(request: ChatRequest, stream: boolean): JsonObject | null {
  if (request.native?.dialect !== 'anthropic-messages') return null;
  const payload: JsonObject = { ...(request.native.body as JsonObject), model: request.model };
  if (stream) payload.stream = true;
  else delete payload.stream;
  return payload;
}

/** The headers a native request adds to the provider's own: the client's beta flags, when it sent any. */
export function nativeHeaders(request: ChatRequest): Record<string, string> | undefined {
  return request.native?.betas ? { 'anthropic-beta': request.native.betas } : undefined;
}

/** The fields `POST /v1/messages/count_tokens` takes (Anthropic refuses others, `max_tokens` among them). */
export const COUNTED_FIELDS = ['model', 'messages', 'system', 'tools', 'tool_choice', 'thinking', 'mcp_servers', 'output_config'] as const;

/** The count_tokens body: the counted fields of the native request, else of the translated one. */
export function countTokensBody(request: ChatRequest): JsonObject {
  const whole = nativeBody(request, false) ?? planMessagesRequest(request, false).payload;
  const body: JsonObject = {};
  for (const field of COUNTED_FIELDS) if (whole[field] !== undefined) body[field] = whole[field];
  return body;
}
