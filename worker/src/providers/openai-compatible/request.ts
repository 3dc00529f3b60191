/**
 * The chat-completions request body for every OpenAI-compatible provider, in that provider's
 * dialect (how it names the length limit and the seed, whether it knows the `developer` role,
 * what ids it accepts in tool-call history). docs/architecture.md §9's fields are sent as OpenAI names them.
 */
import { createHash } from 'node:crypto';
import type { JsonObject } from '../shared/schema';
import type { ChatMessage, ChatRequest, ContentPart, ToolChoice } from '../types';

/** How an OpenAI-like server differs in what it accepts. */
export interface RequestDialect {
  /** OpenAI's newer models want `max_completion_tokens`; most servers `max_tokens`. */
  maxTokensField: 'max_tokens' | 'max_completion_tokens';
  /** Send `stream_options: {include_usage: true}` (Mistral rejects it with 422 and sends usage anyway). */
  streamUsageOption: boolean;
  /** OpenAI takes `developer`; servers that lack the role get it as `system`. */
  developerRole: 'developer' | 'system';
  /** Mistral names the seed `random_seed`. */
  seedField: 'seed' | 'random_seed';
  /** Mistral's historical name for "must call a tool" is `any`. */
  requiredToolChoice: 'required' | 'any';
  /** Mistral accepts only ids of 9 letters or digits in tool-call history. */
  toolCallIds: 'any' | 'nine-characters';
  /** Fields a server rejects as unknown (Mistral's `extra_forbidden`): `user`, `logit_bias`, `logprobs`, `reasoning_effort`. */
  openAiOnlyFields: boolean;
  /** OpenAI's own: the fields of `openAiFields` its model takes (providers/openai/passed-fields.ts); others send none. */
  passedFields?: (request: ChatRequest) => JsonObject;
}

export const DEFAULT_DIALECT: RequestDialect = {
  maxTokensField: 'max_tokens',
  streamUsageOption: true,
  developerRole: 'system',
  seedField: 'seed',
  requiredToolChoice: 'required',
  toolCallIds: 'any',
  openAiOnlyFields: true,
};

const NINE_CHARACTERS = /^[A-Za-z0-9]{9}$/;

/** A tool-call id the server accepts: kept when it fits, else a stable 9-character digest (same input, same id). */
export function toolCallIdFor(id: string, dialect: RequestDialect): string {
  if (dialect.toolCallIds === 'any' || NINE_CHARACTERS.test(id)) return id;
  return createHash('sha256')
    .update(id)
    .digest('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 9)
    .padEnd(9, '0');
}

function toPart(part: ContentPart): JsonObject {
  if (part.type === 'text') return { type: 'text', text: part.text };
  const url = part.source.kind === 'url' ? part.source.url : `data:${part.source.mediaType};base64,${part.source.base64}`;
  return { type: 'image_url', image_url: part.detail ? { url, detail: part.detail } : { url } };
}

function toMessage(message: ChatMessage, dialect: RequestDialect): JsonObject {
  const role = message.role === 'developer' ? dialect.developerRole : message.role;
  if (message.role === 'tool') return { role, tool_call_id: toolCallIdFor(message.toolCallId ?? '', dialect), content: message.content };
  const content = message.parts ? message.parts.map(toPart) : message.content;
  if (message.role === 'assistant' && message.toolCalls && message.toolCalls.length > 0) {
    return {
      role,
      content: message.content === '' ? null : message.content,
      tool_calls: message.toolCalls.map((call) => ({
        id: toolCallIdFor(call.id, dialect),
        type: 'function',
        function: { name: call.name, arguments: call.arguments },
      })),
    };
  }
  return { role, content };
}

function toToolChoice(choice: ToolChoice, dialect: RequestDialect): unknown {
  if (choice === 'required') return dialect.requiredToolChoice;
  if (typeof choice === 'string') return choice;
  return { type: 'function', function: { name: choice.name } };
}

/** Adds tools, tool_choice and response_format. */
function addToolsAndFormat(payload: JsonObject, request: ChatRequest, dialect: RequestDialect): void {
  if (request.tools && request.tools.length > 0) {
    payload.tools = request.tools.map((tool) => ({
      type: 'function',
      function: {
        name: tool.name,
        ...(tool.description !== undefined ? { description: tool.description } : {}),
        parameters: tool.parameters,
        ...(tool.strict !== undefined ? { strict: tool.strict } : {}),
      },
    }));
    if (request.parallelToolCalls !== undefined) payload.parallel_tool_calls = request.parallelToolCalls;
  }
  if (request.toolChoice !== undefined) payload.tool_choice = toToolChoice(request.toolChoice, dialect);
  const format = request.responseFormat;
  if (format?.type === 'json_schema') {
    const { name, schema, strict, description } = format;
    payload.response_format = {
      type: 'json_schema',
      json_schema: { name, schema, ...(strict !== undefined ? { strict } : {}), ...(description !== undefined ? { description } : {}) },
    };
  } else if (format) {
    payload.response_format = { type: format.type };
  }
}

/** The chat-completions request body. */
export function toChatPayload(request: ChatRequest, stream: boolean, dialect: RequestDialect): JsonObject {
  const payload: JsonObject = { model: request.model, messages: request.messages.map((message) => toMessage(message, dialect)) };
  if (request.temperature !== undefined) payload.temperature = request.temperature;
  if (request.topP !== undefined) payload.top_p = request.topP;
  if (request.maxTokens !== undefined) payload[dialect.maxTokensField] = request.maxTokens;
  if (request.stop !== undefined && request.stop.length > 0) payload.stop = request.stop;
  if (request.seed !== undefined) payload[dialect.seedField] = request.seed;
  if (request.presencePenalty !== undefined) payload.presence_penalty = request.presencePenalty;
  if (request.frequencyPenalty !== undefined) payload.frequency_penalty = request.frequencyPenalty;
  addToolsAndFormat(payload, request, dialect);
  if (dialect.openAiOnlyFields) {
    if (request.logitBias !== undefined) payload.logit_bias = request.logitBias;
    if (request.logprobs !== undefined) payload.logprobs = request.logprobs;
    if (request.topLogprobs !== undefined) payload.top_logprobs = request.topLogprobs;
    if (request.reasoningEffort !== undefined) payload.reasoning_effort = request.reasoningEffort;
    if (request.user !== undefined) payload.user = request.user;
  }
  if (dialect.passedFields) Object.assign(payload, dialect.passedFields(request));
  if (stream) {
    payload.stream = true;
    if (dialect.streamUsageOption) payload.stream_options = { include_usage: true };
  }
  return payload;
}
