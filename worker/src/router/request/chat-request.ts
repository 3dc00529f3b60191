import { Problems, type Raw } from '../../support/problems';
import type { ChatRequest } from '../../providers/types';
import { booleanField } from './fields';
import { legacyToolChoice, legacyTools } from './legacy-functions';
import { messages } from './messages';
import { openAiFields, refuseHubUnsupported } from './openai-fields';
import { options, streaming } from './options';
import { responseFormat } from './response-format';
import { metadata, target, type CallMetadata } from './target';
import { toolChoice, tools } from './tools';

export { MAX_MESSAGES } from './messages';
export { target } from './target';

/**
 * A chat request as the router received it, validated (docs/architecture.md §4, §9): the canonical
 * ChatRequest fields (model still the client's `<provider>/<name>` or null for a purpose).
 */
export interface ParsedChatRequest extends Omit<ChatRequest, 'model'> {
  model: string | null;
  purpose: string | null;
  metadata: CallMetadata;
  stream: boolean;
  /** stream_options.include_usage (the usage chunk is sent either way; docs/api-notes.md). */
  includeUsage: boolean;
  /** The request used legacy `functions`: the answer comes back in the legacy shape (chat-completion.ts). */
  legacyFunctions?: true;
}

/** Copies the defined values of `from` onto `to`, in `from`'s key order. */
function copyDefined(to: Record<string, unknown>, from: Record<string, unknown>): void {
  for (const key of Object.keys(from)) if (from[key] !== undefined) to[key] = from[key];
}

/**
 * The chat body (OpenAI's Chat Completions request), or svc_invalid_request naming its first
 * bad fields. The one validator: the Responses API converts its body to this shape and calls
 * it. Every documented OpenAI field has a fate (docs/api-notes.md "Request fields, one by
 * one"); fields that are not OpenAI's are ignored. Keys whose value is undefined are left out, so
 * parsed requests compare and log cleanly; the fields are checked in one fixed order (the
 * first problems found are the ones named) and the keys come in one fixed order. Built key by
 * key: an object literal mixing spreads and keys, then filtered, was measurably slower per
 * call (docs/benchmarks.md).
 */
export function parseChatRequest(raw: Raw): ParsedChatRequest {
  const problems = new Problems();
  const legacy = raw.functions !== undefined && raw.functions !== null;
  const chosenTools = legacy ? legacyTools(raw, problems) : tools(raw.tools, problems);
  const { model, purpose } = target(raw, problems);
  const chosenMessages = messages(raw.messages, problems);
  const chosenOptions = options(raw, problems);
  const rest = {
    tools: chosenTools,
    toolChoice: legacy ? legacyToolChoice(raw.function_call, chosenTools, problems) : toolChoice(raw.tool_choice, chosenTools, problems),
    parallelToolCalls: legacy ? false : booleanField(raw.parallel_tool_calls, 'parallel_tool_calls', problems),
    responseFormat: responseFormat(raw.response_format, problems),
    metadata: metadata(raw.metadata, problems),
    openAiFields: openAiFields(raw, problems),
  };
  if (!legacy && raw.function_call !== undefined && raw.function_call !== null) problems.add('function_call', 'needs functions');
  const { stream, includeUsage } = streaming(raw, problems);
  problems.throwIfAny();
  refuseHubUnsupported(raw);
  const parsed: Record<string, unknown> = { model, purpose, messages: chosenMessages };
  copyDefined(parsed, chosenOptions);
  copyDefined(parsed, rest);
  parsed.stream = stream;
  parsed.includeUsage = includeUsage;
  if (legacy) parsed.legacyFunctions = true;
  return parsed as unknown as ParsedChatRequest;
}
