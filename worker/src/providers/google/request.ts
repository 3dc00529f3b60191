/**
 * ChatRequest → Gemini generateContent body: system and developer prompts as
 * `systemInstruction`; roles user|model; image data as `inline_data`; assistant tool calls
 * as `functionCall` parts; `tool` messages as `functionResponse` parts of one user turn;
 * tools as `functionDeclarations` with `toolConfig`; JSON modes, seed, penalties and
 * reasoning effort in `generationConfig`.
 */
import { UpstreamError } from '../errors';
import { toGeminiParameters, toGeminiSchema } from './schema';
import type { JsonObject } from '../shared/schema';
import { parseToolArguments } from '../shared/tool-arguments';
import type { ChatMessage, ChatRequest, ContentPart, ReasoningEffort, ToolChoice } from '../types';

/**
 * Gemini 3 and later refuse a replayed `functionCall` part without the `thoughtSignature` it
 * came with, and OpenAI's history has no place to carry one. Google documents this value for
 * history that did not come from the model itself (another model, or a stateless client).
 */
export const BYPASS_THOUGHT_SIGNATURE = 'skip_thought_signature_validator';

/** reasoning_effort → Gemini 2.x `thinkingBudget` (tokens); 2.5 Pro cannot turn thinking off, so its floor is 128. */
export const THINKING_BUDGETS: Readonly<Record<ReasoningEffort, number>> = { none: 0, minimal: 512, low: 1024, medium: 8192, high: 24576 };

/** Gemini 1.x/2.x (named `gemini-1.5-…`, `gemini-2.0-…`, `gemini-2.5-…`); anything else is treated as 3 or later. */
export const isGeminiBefore3 = (model: string) => /^gemini-[12]\./.test(model);

export function toGeneratePayload(request: ChatRequest): JsonObject {
  const system = request.messages.filter(isSystemLike).map((message) => message.content);
  const payload: JsonObject = {
    contents: toContents(
      request.messages.filter((message) => !isSystemLike(message)),
      request.model,
    ),
  };
  if (system.length > 0) payload.systemInstruction = { parts: [{ text: system.join('\n\n') }] };
  if (request.tools && request.tools.length > 0) {
    const functionDeclarations = request.tools.map((tool) => {
      const parameters = toGeminiParameters(tool.parameters);
      return {
        name: tool.name,
        ...(tool.description !== undefined ? { description: tool.description } : {}),
        ...(parameters ? { parameters } : {}),
      };
    });
    payload.tools = [{ functionDeclarations }];
    if (request.toolChoice !== undefined) payload.toolConfig = { functionCallingConfig: toCallingConfig(request.toolChoice) };
  }
  const config = generationConfig(request);
  if (Object.keys(config).length > 0) payload.generationConfig = config;
  return payload;
}

const isSystemLike = (message: ChatMessage) => message.role === 'system' || message.role === 'developer';

function toCallingConfig(choice: ToolChoice): JsonObject {
  if (choice === 'none') return { mode: 'NONE' };
  if (choice === 'auto') return { mode: 'AUTO' };
  if (choice === 'required') return { mode: 'ANY' };
  return { mode: 'ANY', allowedFunctionNames: [choice.name] };
}

function generationConfig(request: ChatRequest): JsonObject {
  const config: JsonObject = {};
  if (request.temperature !== undefined) config.temperature = request.temperature;
  if (request.topP !== undefined) config.topP = request.topP;
  if (request.maxTokens !== undefined) config.maxOutputTokens = request.maxTokens;
  if (request.stop !== undefined && request.stop.length > 0) config.stopSequences = request.stop;
  if (request.seed !== undefined) config.seed = request.seed;
  if (request.presencePenalty !== undefined) config.presencePenalty = request.presencePenalty;
  if (request.frequencyPenalty !== undefined) config.frequencyPenalty = request.frequencyPenalty;
  const format = request.responseFormat;
  if (format?.type === 'json_object' || format?.type === 'json_schema') config.responseMimeType = 'application/json';
  if (format?.type === 'json_schema') config.responseSchema = toGeminiSchema(format.schema);
  if (request.reasoningEffort !== undefined) config.thinkingConfig = thinkingConfig(request.model, request.reasoningEffort);
  return config;
}

/** Gemini 3: `thinkingLevel` low|high (it cannot turn thinking off); Gemini 2.x: `thinkingBudget`. */
export function thinkingConfig(model: string, effort: ReasoningEffort): JsonObject {
  if (!isGeminiBefore3(model)) return { thinkingLevel: effort === 'medium' || effort === 'high' ? 'high' : 'low' };
  const budget = THINKING_BUDGETS[effort];
  return { thinkingBudget: budget === 0 && model.includes('-pro') ? 128 : budget };
}

/** Messages → contents; consecutive tool results share one user turn, named after the call they answer. */
function toContents(messages: ChatMessage[], model: string): JsonObject[] {
  const callNames = new Map<string, string>();
  const contents: JsonObject[] = [];
  for (const message of messages) {
    if (message.role === 'assistant') {
      const parts: JsonObject[] = message.content ? [{ text: message.content }] : [];
      for (const [index, call] of (message.toolCalls ?? []).entries()) {
        callNames.set(call.id, call.name);
        const part: JsonObject = { functionCall: { name: call.name, args: parseToolArguments(call.arguments) } };
        if (index === 0 && !isGeminiBefore3(model)) part.thoughtSignature = BYPASS_THOUGHT_SIGNATURE;
        parts.push(part);
      }
      if (parts.length === 0) parts.push({ text: '' });
      contents.push({ role: 'model', parts });
      continue;
    }
    if (message.role === 'tool') {
      const name = message.name ?? callNames.get(message.toolCallId ?? '') ?? '';
      const part = { functionResponse: { name, response: toResponse(message.content) } };
      const previous = contents.at(-1);
      const parts = previous?.role === 'user' && Array.isArray(previous.parts) ? (previous.parts as JsonObject[]) : undefined;
      if (parts && parts.every((item) => 'functionResponse' in item)) parts.push(part);
      else contents.push({ role: 'user', parts: [part] });
      continue;
    }
    contents.push({ role: 'user', parts: message.parts ? message.parts.map(toPart) : [{ text: message.content }] });
  }
  return contents;
}

/** A tool's output as the `response` object Gemini wants: a JSON object as it is, anything else under `content`. */
function toResponse(text: string): JsonObject {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as JsonObject;
    return { content: value };
  } catch {
    return { content: text };
  }
}

function toPart(part: ContentPart): JsonObject {
  if (part.type === 'text') return { text: part.text };
  if (part.source.kind === 'data') return { inline_data: { mime_type: part.source.mediaType, data: part.source.base64 } };
  // The registry says Gemini does not fetch URLs, so the router inlines them first; reaching here is a router bug.
  throw new UpstreamError(
    'google: an image URL reached the Gemini provider; Gemini takes images as inline data (the router inlines URLs first)',
    {
      provider: 'google',
      statusCode: 400,
      isRetryable: false,
    },
  );
}
