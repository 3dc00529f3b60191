import { ApiError } from '../../support/api-error';
import { Problems, type Raw } from '../../support/problems';
import { parseChatRequest, type ParsedChatRequest } from '../request/chat-request';
import { chatMessages } from './chat-messages';
import { renameParams } from './field-names';
import { NativeOnly } from './native-only';

const isObject = (value: unknown): value is Raw => typeof value === 'object' && value !== null && !Array.isArray(value);
const absent = (value: unknown) => value === undefined || value === null;

/** The Messages API's model names that mean an Anthropic model: a bare Claude name is `anthropic/<name>`. */
const BARE_CLAUDE = /^claude-[a-z0-9.-]{1,120}$/;
/** Anthropic's server tools (run by Anthropic, not by the client): a tool whose `type` is anything but `custom`. */
const CUSTOM_TOOL = 'custom';
/** Fields only Anthropic's own API honours: on any other model refused by name, never dropped (docs/api-notes.md "Anthropic Messages API"). */
const UNSUPPORTED: Record<string, (value: unknown) => boolean> = {
  top_k: (value) => !absent(value),
  container: (value) => !absent(value),
  inference_geo: (value) => !absent(value),
  speed: (value) => value === 'fast',
  user_profile_id: (value) => !absent(value),
  workspace_id: (value) => !absent(value),
  diagnostics: (value) => !absent(value),
};
/** output_config.effort in chat's reasoning_effort (Anthropic's two levels above high are high). */
const EFFORTS: Record<string, string> = { low: 'low', medium: 'medium', high: 'high', xhigh: 'high', max: 'high' };

/** `thinking.budget_tokens` as a reasoning effort for a model without budgets (docs/api-notes.md "Anthropic Messages API"). */
export function effortForBudget(budget: number): string {
  if (budget < 4096) return 'low';
  if (budget < 16384) return 'medium';
  return 'high';
}

/** A hub model id for the Messages API's `model`: `<provider>/<name>` as is, a bare `claude-…` name as `anthropic/<name>`. */
export function hubModel(model: unknown): unknown {
  return typeof model === 'string' && BARE_CLAUDE.test(model) ? `anthropic/${model}` : model;
}

/** Custom tools as chat's function tools; server tools (run by Anthropic) are noted and left out. */
function chatTools(tools: unknown, native: NativeOnly): unknown {
  if (!Array.isArray(tools)) return tools;
  const functions = tools.flatMap((tool: unknown, index) => {
    if (!isObject(tool) || absent(tool.type) || tool.type === CUSTOM_TOOL)
      return [
        isObject(tool)
          ? { type: 'function', function: { name: tool.name, description: tool.description, parameters: tool.input_schema } }
          : tool,
      ];
    native.note(`tools[${index}]`, `the server tool ${JSON.stringify(tool.type).slice(0, 60)}`);
    return [];
  });
  return functions.length > 0 ? functions : undefined;
}

function chatToolChoice(choice: unknown, problems: Problems): { tool_choice?: unknown; parallel_tool_calls?: boolean } {
  if (absent(choice)) return {};
  if (!isObject(choice)) {
    problems.add('tool_choice', 'must be an object {type: auto | any | tool | none, …}');
    return {};
  }
  const parallel = choice.disable_parallel_tool_use === true ? { parallel_tool_calls: false } : {};
  if (choice.type === 'auto') return { tool_choice: 'auto', ...parallel };
  if (choice.type === 'any') return { tool_choice: 'required', ...parallel };
  if (choice.type === 'none') return { tool_choice: 'none' };
  if (choice.type === 'tool') return { tool_choice: { type: 'function', function: { name: choice.name } }, ...parallel };
  problems.add('tool_choice.type', 'must be auto, any, tool or none');
  return {};
}

/** tool_choice for the translation: left out when it would name only server tools (kept in the native request). */
function translatedToolChoice(raw: Raw, problems: Problems, native: NativeOnly): ReturnType<typeof chatToolChoice> {
  const chosen = chatToolChoice(raw.tool_choice, problems);
  if (native.first === null || !Array.isArray(raw.tools)) return chosen;
  const custom = raw.tools.filter((tool: unknown) => isObject(tool) && (absent(tool.type) || tool.type === CUSTOM_TOOL)) as Raw[];
  const named = isObject(raw.tool_choice) && raw.tool_choice.type === 'tool' ? raw.tool_choice.name : undefined;
  if (custom.length === 0 || (named !== undefined && !custom.some((tool) => tool.name === named))) return {};
  return chosen;
}

/** `thinking` and `output_config.effort` as chat's reasoning_effort (absent: the model's own default). */
function reasoningEffort(raw: Raw, problems: Problems): string | undefined {
  const thinking = raw.thinking;
  const effort = isObject(raw.output_config) ? raw.output_config.effort : undefined;
  if (!absent(effort) && !Object.hasOwn(EFFORTS, String(effort)))
    problems.add('output_config.effort', 'must be low, medium, high, xhigh or max');
  if (absent(thinking)) return absent(effort) ? undefined : EFFORTS[String(effort)];
  if (!isObject(thinking)) return void problems.add('thinking', 'must be an object {type: enabled | disabled | adaptive, …}');
  if (thinking.type === 'enabled') {
    const budget = thinking.budget_tokens;
    if (typeof budget !== 'number' || !Number.isInteger(budget) || budget < 1024)
      return void problems.add('thinking.budget_tokens', 'must be an integer of at least 1024');
    if (typeof raw.max_tokens === 'number' && budget >= raw.max_tokens)
      return void problems.add('thinking.budget_tokens', 'must be less than max_tokens');
    return absent(effort) ? effortForBudget(budget) : EFFORTS[String(effort)];
  }
  if (thinking.type === 'disabled' || thinking.type === 'adaptive' || thinking.type === 'between_tools')
    return absent(effort) ? undefined : EFFORTS[String(effort)];
  return void problems.add('thinking.type', 'must be enabled, disabled, adaptive or between_tools');
}

function responseFormat(raw: Raw, problems: Problems): unknown {
  const config = raw.output_config;
  if (absent(config)) return undefined;
  if (!isObject(config)) return void problems.add('output_config', 'must be an object {effort?, format?}');
  const format = config.format;
  if (absent(format)) return undefined;
  if (!isObject(format) || format.type !== 'json_schema')
    return void problems.add('output_config.format', 'must be {type: "json_schema", schema}');
  return { type: 'json_schema', json_schema: { name: 'output', schema: format.schema } };
}

/** `metadata`: Anthropic's `user_id` is chat's `user`; the hub's own `team` and `campaign` go on the usage row as chat's do. */
function chatMetadata(raw: Raw, problems: Problems): { metadata?: unknown; user?: unknown } {
  const metadata = raw.metadata;
  if (absent(metadata)) return {};
  if (!isObject(metadata)) {
    problems.add('metadata', 'must be an object {user_id?, team?, campaign?}');
    return {};
  }
  const { user_id, ...rest } = metadata;
  return { metadata: rest, user: user_id ?? undefined };
}

/** A Messages request translated: the chat request, and the first thing in it only Anthropic's own models take (their refusal). */
export interface MessagesRequest {
  body: ParsedChatRequest;
  nativeOnly: ApiError | null;
}

/**
 * A Messages request (docs/api-notes.md "Anthropic Messages API") as a Chat Completions body,
 * validated by the router's one chat validator; its errors name the Messages fields
 * (`messages[3].tool_calls[0].function.arguments` → `messages[2].content[1].input`).
 * `max_tokens` is required, as Anthropic requires it. `betas`, the client's `anthropic-beta`
 * flags (./betas.ts), go with the native request.
 */
export function readMessagesRequest(raw: Raw, betas?: string): MessagesRequest {
  const native = new NativeOnly();
  for (const [name, unsupported] of Object.entries(UNSUPPORTED)) if (unsupported(raw[name])) native.note(name, 'this field');
  const problems = new Problems();
  if (absent(raw.max_tokens)) problems.add('max_tokens', 'is required');
  if (!absent(raw.service_tier) && raw.service_tier !== 'auto' && raw.service_tier !== 'standard_only')
    problems.add('service_tier', 'must be auto or standard_only');
  if (!absent(raw.speed) && raw.speed !== 'standard' && raw.speed !== 'fast') problems.add('speed', 'must be standard or fast');
  const { messages, origins } = chatMessages(raw, problems, native);
  const chat: Raw = {
    model: hubModel(raw.model),
    purpose: raw.purpose,
    messages,
    tools: chatTools(raw.tools, native),
    ...translatedToolChoice(raw, problems, native),
    response_format: responseFormat(raw, problems),
    max_completion_tokens: raw.max_tokens,
    reasoning_effort: reasoningEffort(raw, problems),
    temperature: raw.temperature,
    top_p: raw.top_p,
    stop: raw.stop_sequences,
    ...chatMetadata(raw, problems),
    stream: raw.stream,
  };
  for (const name of Object.keys(chat)) if (chat[name] === undefined) delete chat[name];
  let parsed: ParsedChatRequest;
  try {
    parsed = parseChatRequest(chat);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const params = error.data.params as Record<string, string> | undefined;
    if (!params || typeof params !== 'object') throw error;
    const renamed = { ...problems.params, ...renameParams(params, origins) };
    if (error.code === 'svc_invalid_request') throw ApiError.invalidRequest(renamed, Number(error.data.params_omitted ?? 0));
    throw new ApiError(error.status, error.code, error.message, { ...error.data, params: renamed }, error.headers);
  }
  problems.throwIfAny();
  parsed.native = { dialect: 'anthropic-messages', body: nativeBody(raw), ...(betas ? { betas } : {}) };
  return { body: parsed, nativeOnly: native.first };
}

/** The client's request as Anthropic takes it: without the hub's own `purpose`, and `metadata` holding only `user_id`. */
export function nativeBody(raw: Raw): Record<string, unknown> {
  const { purpose: _purpose, ...body } = raw;
  const userId = isObject(raw.metadata) ? raw.metadata.user_id : undefined;
  // Assigned in place: the body keeps the client's key order (Anthropic receives it as sent).
  if (absent(userId)) delete body.metadata;
  else body.metadata = { user_id: userId };
  return body;
}

/** The chat request of a Messages request (what only Anthropic's own models take left to the caller: readMessagesRequest). */
export function toChatRequest(raw: Raw): ParsedChatRequest {
  return readMessagesRequest(raw).body;
}
