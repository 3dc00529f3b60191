import { ApiError } from '../../support/api-error';
import { Problems, type Raw } from '../../support/problems';
import { parseChatRequest, type ParsedChatRequest } from '../request/chat-request';
import { neededFeatures, type NeededFeature } from '../request/request-support';
import { chatMessages } from './chat-messages';
import { checkEchoedNesting } from './echoed-nesting';
import { checkResponsesOnlyFields, isBuiltInTool, refuseUnsupported } from './field-fates';
import { renameParams, responsesField } from './field-names';
import { inputItems, type SourcedItem } from './input-items';
import type { ResponseItem } from './response-item';

/** What only the Responses API has, checked; the rest is the chat validator's (toChatRequest). */
export interface ResponsesFields {
  input: SourcedItem[];
  store: boolean;
  previousResponseId: string | null;
  instructions: string | undefined;
}

/** The most function tools one request may carry; a longer list is refused without walking it. */
export const MAX_TOOLS = 128;
/** A response id as this hub makes them (`resp_` and a ULID). */
export const RESPONSE_ID_PATTERN = /^resp_[0-9A-HJKMNP-TV-Z]{26}$/;
function optionalObject(raw: Raw, name: string, problems: Problems): Raw | undefined {
  const value = raw[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) {
    problems.add(name, 'must be an object');
    return undefined;
  }
  return value as Raw;
}

function checkTools(value: unknown, problems: Problems): void {
  if (!Array.isArray(value)) return; // named by the chat validator
  if (value.length > MAX_TOOLS) return problems.add('tools', `must hold at most ${MAX_TOOLS} tools`);
  value.forEach((tool: unknown, index) => {
    if ((tool as Raw | null)?.type !== 'function' && !isBuiltInTool(tool))
      problems.add(`tools[${index}].type`, 'must be "function" or a built-in tool type of OpenAI');
  });
}

/**
 * Checks the fields only the Responses API has; throws svc_invalid_request naming them, then
 * svc_unsupported_parameter naming a valid field the hub cannot honour (field-fates.ts).
 */
export function readResponsesFields(raw: Raw): ResponsesFields {
  const problems = new Problems();
  const input = inputItems(raw.input, problems);
  if (raw.store !== undefined && raw.store !== null && typeof raw.store !== 'boolean') problems.add('store', 'must be true or false');
  const previous = raw.previous_response_id;
  if (previous !== undefined && previous !== null && (typeof previous !== 'string' || !RESPONSE_ID_PATTERN.test(previous))) {
    problems.add('previous_response_id', 'must be the id of a stored response (resp_…)');
  }
  if (raw.instructions !== undefined && raw.instructions !== null && typeof raw.instructions !== 'string')
    problems.add('instructions', 'must be a string');
  checkTools(raw.tools, problems);
  const text = optionalObject(raw, 'text', problems);
  if (text && text.format !== undefined && (typeof text.format !== 'object' || text.format === null || Array.isArray(text.format))) {
    problems.add('text.format', 'must be an object {type: text | json_object | json_schema, …}');
  }
  optionalObject(raw, 'reasoning', problems);
  checkResponsesOnlyFields(raw, problems);
  checkEchoedNesting(raw, problems);
  problems.throwIfAny();
  refuseUnsupported(raw);
  return {
    input,
    store: raw.store !== false,
    previousResponseId: typeof previous === 'string' ? previous : null,
    instructions: typeof raw.instructions === 'string' ? raw.instructions : undefined,
  };
}

function chatTools(tools: unknown): unknown {
  if (!Array.isArray(tools)) return tools;
  return tools.map(({ type, name, description, parameters, strict }: Raw) => ({
    type,
    function: { name, description, parameters, strict },
  }));
}

function chatToolChoice(choice: unknown): unknown {
  const named = choice as Raw | null;
  if (named && typeof named === 'object' && named.type === 'function') return { type: 'function', function: { name: named.name } };
  return choice;
}

function chatResponseFormat(text: Raw | undefined): unknown {
  const format = text?.format as Raw | undefined;
  if (!format || format.type !== 'json_schema') return format;
  const { name, schema, strict, description } = format;
  return { type: 'json_schema', json_schema: { name, schema, strict, description } };
}

/** The `include` entry that asks for the output text's log probabilities (chat's `logprobs: true`). */
export const LOGPROBS_INCLUDE = 'message.output_text.logprobs';

/** The Responses body's fields in their Chat Completions names and shapes (absent ones left out). */
export function chatBody(raw: Raw, messages: Raw[]): Raw {
  const chat: Raw = {
    model: raw.model,
    purpose: raw.purpose,
    messages,
    tools: chatTools(raw.tools),
    tool_choice: chatToolChoice(raw.tool_choice),
    parallel_tool_calls: raw.parallel_tool_calls,
    response_format: chatResponseFormat(raw.text as Raw | undefined),
    max_completion_tokens: raw.max_output_tokens,
    reasoning_effort: (raw.reasoning as Raw | undefined)?.effort,
    temperature: raw.temperature,
    top_p: raw.top_p,
    logprobs: Array.isArray(raw.include) && raw.include.includes(LOGPROBS_INCLUDE) ? true : undefined,
    top_logprobs: raw.top_logprobs,
    user: raw.user,
    metadata: raw.metadata,
    stream: raw.stream,
    stream_options: raw.stream_options,
    verbosity: (raw.text as Raw | undefined)?.verbosity,
    prompt_cache_key: raw.prompt_cache_key,
    prompt_cache_retention: raw.prompt_cache_retention,
    prompt_cache_options: raw.prompt_cache_options,
    safety_identifier: raw.safety_identifier,
    service_tier: raw.service_tier,
  };
  for (const name of Object.keys(chat)) if (chat[name] === undefined) delete chat[name];
  return chat;
}

/**
 * The request as a Chat Completions body, validated by the router's one chat validator; its
 * errors name the Responses fields (`messages[2]` → `input[1]`, `response_format` → `text.format`).
 */
export function toChatRequest(raw: Raw, fields: ResponsesFields, history: ResponseItem[]): ParsedChatRequest {
  const items = [...history.map((item) => ({ item, index: -1 })), ...fields.input];
  const { messages, origins } = chatMessages(items, fields.instructions);
  const chat = chatBody(raw, messages);
  try {
    return parseChatRequest(chat);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const params = error.data.params as Record<string, string> | undefined;
    if (!params || typeof params !== 'object') throw error;
    const renamed = renameParams(params, origins);
    if (error.code === 'svc_invalid_request') throw ApiError.invalidRequest(renamed, Number(error.data.params_omitted ?? 0));
    throw new ApiError(error.status, error.code, error.message, { ...error.data, params: renamed }, error.headers);
  }
}

/**
 * The optional features the request needs of a model (request-support.ts), named as the
 * Responses fields (`text.verbosity`, `text.format`, `include`; a message's image: `input`), so
 * a model without them is refused by name and a purpose skips it, as on chat.
 */
export function responsesNeeds(body: ParsedChatRequest): NeededFeature[] {
  return neededFeatures(body).map((need) => ({ field: responsesField(need.field, []), feature: need.feature }));
}
