/**
 * ChatRequest → Anthropic Messages request body: system and developer prompts in the
 * top-level `system`; image parts as `image` blocks; assistant tool calls as `tool_use`
 * blocks; consecutive `tool` messages as one user turn of `tool_result` blocks; tools,
 * tool choice, JSON modes and reasoning effort in Anthropic's own fields.
 */
import { anthropicJsonMode, JSON_TOOL_NAME, type AnthropicJsonMode } from './json';
import type { ChatMessage, ChatRequest, ContentPart, ReasoningEffort, ToolCall } from '../types';
import type { JsonObject } from '../shared/schema';
import { parseToolArguments } from '../shared/tool-arguments';

export const DEFAULT_MAX_TOKENS = 4096;

/**
 * reasoning_effort → `thinking.budget_tokens` (Anthropic's minimum is 1024). The budget is
 * added on top of max_tokens, so the caller's max_tokens still bounds the visible answer
 * (Anthropic counts thinking inside max_tokens and requires max_tokens > budget_tokens).
 */
export const THINKING_BUDGETS: Readonly<Record<Exclude<ReasoningEffort, 'none'>, number>> = {
  minimal: 1024,
  low: 2048,
  medium: 8192,
  high: 16384,
};

/** What the answer's reader must know about the request: the forced JSON tool, when one was used. */
export interface AnthropicRequestPlan {
  payload: JsonObject;
  jsonMode: AnthropicJsonMode;
}

/** The Messages request body, and how the answer must be read. */
export function planMessagesRequest(request: ChatRequest, stream: boolean): AnthropicRequestPlan {
  const jsonMode = anthropicJsonMode(request);
  const system = request.messages.filter(isSystemLike).map((message) => message.content);
  const tools = toolFields(request, jsonMode);
  const choice = tools.tool_choice as JsonObject | undefined;
  const thinking = thinkingBudget(request, choice?.type === 'any' || choice?.type === 'tool');
  const payload: JsonObject = {
    model: request.model,
    max_tokens: (request.maxTokens ?? DEFAULT_MAX_TOKENS) + thinking,
    messages: toAnthropicMessages(request.messages.filter((message) => !isSystemLike(message))),
  };
  if (system.length > 0) payload.system = system.join('\n\n');
  if (request.temperature !== undefined) payload.temperature = request.temperature;
  if (request.topP !== undefined) payload.top_p = request.topP;
  if (request.stop !== undefined && request.stop.length > 0) payload.stop_sequences = request.stop;
  if (thinking > 0) payload.thinking = { type: 'enabled', budget_tokens: thinking };
  if (request.user !== undefined) payload.metadata = { user_id: request.user };
  Object.assign(payload, tools);
  if (jsonMode.kind === 'output_format') payload.output_config = { format: { type: 'json_schema', schema: jsonMode.schema } };
  if (stream) payload.stream = true;
  return { payload, jsonMode };
}

const isSystemLike = (message: ChatMessage) => message.role === 'system' || message.role === 'developer';

/**
 * The thinking budget, or 0 for none. Two cases go without thinking even when asked, since
 * Anthropic refuses them: inside a tool loop (an assistant turn with tool calls after the last
 * user message — Anthropic wants that turn to start with its signed thinking block, which an
 * OpenAI history cannot carry; the loop stays without thinking until the next user message),
 * and a forced tool (`tool_choice` any or tool: required, a named function, or JSON through
 * the `json` tool — thinking cannot be combined with one).
 */
export function thinkingBudget(request: ChatRequest, forcesTool: boolean): number {
  if (!request.reasoningEffort || request.reasoningEffort === 'none') return 0;
  const lastUser = request.messages.map((message) => message.role).lastIndexOf('user');
  const inToolLoop = request.messages
    .slice(lastUser + 1)
    .some((message) => message.role === 'assistant' && (message.toolCalls?.length ?? 0) > 0);
  return inToolLoop || forcesTool ? 0 : THINKING_BUDGETS[request.reasoningEffort];
}

/** `tools` and `tool_choice`, the forced `json` tool included when JSON goes through a tool. */
function toolFields(request: ChatRequest, jsonMode: AnthropicJsonMode): JsonObject {
  const tools: JsonObject[] = (request.tools ?? []).map((tool) => ({
    name: tool.name,
    ...(tool.description !== undefined ? { description: tool.description } : {}),
    input_schema: tool.parameters.type === undefined ? { type: 'object', properties: {}, ...tool.parameters } : tool.parameters,
    ...(tool.strict && jsonMode.strictTools ? { strict: true } : {}),
  }));
  let choice: JsonObject | undefined = toolChoice(request);
  if (jsonMode.kind === 'tool') {
    tools.push({ name: JSON_TOOL_NAME, description: 'Respond with a JSON object.', input_schema: jsonMode.schema });
    // With the client's own tools callable, the model must call one of them or `json`; else `json` itself.
    const userToolsCallable = (request.tools?.length ?? 0) > 0 && request.toolChoice !== 'none';
    if (!userToolsCallable) choice = { type: 'tool', name: JSON_TOOL_NAME };
    else if (choice === undefined || choice.type === 'auto') choice = { type: 'any' };
  }
  if (tools.length === 0) return {};
  if (choice && request.parallelToolCalls === false && choice.type !== 'none') choice.disable_parallel_tool_use = true;
  return choice ? { tools, tool_choice: choice } : { tools };
}

function toolChoice(request: ChatRequest): JsonObject | undefined {
  const choice = request.toolChoice;
  if (choice === undefined) return request.parallelToolCalls === false ? { type: 'auto' } : undefined;
  if (choice === 'none') return { type: 'none' };
  if (choice === 'auto') return { type: 'auto' };
  if (choice === 'required') return { type: 'any' };
  return { type: 'tool', name: choice.name };
}

/** Messages in Anthropic's shape; consecutive tool results share one user turn. */
export function toAnthropicMessages(messages: ChatMessage[]): JsonObject[] {
  const result: JsonObject[] = [];
  for (const message of messages) {
    if (message.role === 'tool') {
      const block = { type: 'tool_result', tool_use_id: message.toolCallId ?? '', content: message.content };
      const previous = result.at(-1);
      if (previous?.role === 'user' && Array.isArray(previous.content) && previous.content.every(isToolResult)) {
        (previous.content as JsonObject[]).push(block);
      } else {
        result.push({ role: 'user', content: [block] });
      }
      continue;
    }
    if (message.role === 'assistant' && message.toolCalls && message.toolCalls.length > 0) {
      const blocks: JsonObject[] = message.content ? [{ type: 'text', text: message.content }] : [];
      result.push({ role: 'assistant', content: [...blocks, ...message.toolCalls.map(toToolUse)] });
      continue;
    }
    result.push({
      role: message.role === 'assistant' ? 'assistant' : 'user',
      content: message.parts ? message.parts.map(toBlock) : message.content,
    });
  }
  return result;
}

const isToolResult = (block: unknown) => typeof block === 'object' && block !== null && (block as JsonObject).type === 'tool_result';

function toToolUse(call: ToolCall): JsonObject {
  return { type: 'tool_use', id: call.id, name: call.name, input: parseToolArguments(call.arguments) };
}

function toBlock(part: ContentPart): JsonObject {
  if (part.type === 'text') return { type: 'text', text: part.text };
  const { source } = part;
  if (source.kind === 'url') return { type: 'image', source: { type: 'url', url: source.url } };
  return { type: 'image', source: { type: 'base64', media_type: source.mediaType, data: source.base64 } };
}
