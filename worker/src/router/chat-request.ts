import { Problems, type Raw } from '../support/problems';
import type { ChatRequest } from './providers/types';
import { booleanField } from './request/fields';
import { messages } from './request/messages';
import { options, streaming } from './request/options';
import { responseFormat } from './request/response-format';
import { metadata, target, type CallMetadata } from './request/target';
import { toolChoice, tools } from './request/tools';

export { MAX_MESSAGES } from './request/messages';
export { target } from './request/target';

/**
 * A chat request as the router received it, validated (DESIGN §4, §9): the canonical
 * ChatRequest fields (model still the client's `<provider>/<name>` or null for a purpose).
 */
export interface ParsedChatRequest extends Omit<ChatRequest, 'model'> {
  model: string | null;
  purpose: string | null;
  metadata: CallMetadata;
  stream: boolean;
  /** stream_options.include_usage (the usage chunk is sent either way; docs/api-notes.md). */
  includeUsage: boolean;
}

/** Drops the keys whose value is undefined, so parsed requests compare and log cleanly. */
function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as T;
}

/**
 * The chat body (OpenAI's Chat Completions request), or svc_invalid_request naming its first
 * bad fields. The one validator: the Responses API converts its body to this shape and calls
 * it. Fields that are not OpenAI's are ignored.
 */
export function parseChatRequest(raw: Raw): ParsedChatRequest {
  const problems = new Problems();
  const chosenTools = tools(raw.tools, problems);
  const parsed: ParsedChatRequest = {
    ...target(raw, problems),
    messages: messages(raw.messages, problems),
    ...options(raw, problems),
    tools: chosenTools,
    toolChoice: toolChoice(raw.tool_choice, chosenTools, problems),
    parallelToolCalls: booleanField(raw.parallel_tool_calls, 'parallel_tool_calls', problems),
    responseFormat: responseFormat(raw.response_format, problems),
    metadata: metadata(raw.metadata, problems),
    ...streaming(raw, problems),
  };
  problems.throwIfAny();
  return defined(parsed);
}
