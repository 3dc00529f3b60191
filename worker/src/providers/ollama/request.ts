/**
 * The Ollama `/api/chat` request body: images as base64 `images` on the message (Ollama cannot
 * fetch URLs — its descriptor says so and the router inlines them first), tool calls in history
 * with arguments as an object, tool results as `tool` messages with `tool_name`, `format`
 * ("json" or a JSON Schema), `think` for reasoning, sampling settings in `options`.
 * `developer` goes out as `system` (Ollama has no such role); `user`, `logit_bias` and
 * logprobs are not Ollama's (the catalog refuses the last two for Ollama models).
 */
import { UpstreamError } from '../errors';
import { isObject, type JsonObject } from '../shared/schema';
import type { ChatMessage, ChatRequest } from '../types';

/** A tool call's arguments as Ollama wants them: an object (unparseable text is refused, not guessed). */
function argumentsObject(text: string, provider: string): JsonObject {
  if (text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    if (isObject(value)) return value;
  } catch {
    // refused below
  }
  throw new UpstreamError(`${provider}: tool call arguments must be a JSON object to send to Ollama`, {
    provider,
    isRetryable: false,
    statusCode: 400,
  });
}

function toMessage(message: ChatMessage, names: Map<string, string>, provider: string): JsonObject {
  const role = message.role === 'developer' ? 'system' : message.role;
  const sent: JsonObject = { role, content: message.content };
  const images = (message.parts ?? []).flatMap((part) => (part.type === 'image' ? [part.source] : []));
  if (images.length > 0) {
    sent.images = images.map((source) => {
      if (source.kind === 'data') return source.base64;
      throw new UpstreamError(`${provider}: Ollama takes images as data only; the router should have inlined ${source.url}`, {
        provider,
        isRetryable: false,
        statusCode: 400,
      });
    });
  }
  if (message.toolCalls && message.toolCalls.length > 0) {
    for (const call of message.toolCalls) names.set(call.id, call.name);
    sent.tool_calls = message.toolCalls.map((call) => ({
      function: { name: call.name, arguments: argumentsObject(call.arguments, provider) },
    }));
  }
  if (message.role === 'tool') {
    const name = message.name ?? names.get(message.toolCallId ?? '');
    if (name) sent.tool_name = name;
  }
  return sent;
}

function toOptions(request: ChatRequest): JsonObject {
  const options: JsonObject = {};
  if (request.temperature !== undefined) options.temperature = request.temperature;
  if (request.topP !== undefined) options.top_p = request.topP;
  if (request.maxTokens !== undefined) options.num_predict = request.maxTokens;
  if (request.stop !== undefined && request.stop.length > 0) options.stop = request.stop;
  if (request.seed !== undefined) options.seed = request.seed;
  if (request.presencePenalty !== undefined) options.presence_penalty = request.presencePenalty;
  if (request.frequencyPenalty !== undefined) options.frequency_penalty = request.frequencyPenalty;
  return options;
}

/**
 * The /api/chat request body. Ollama has no `tool_choice`: `none` sends no tools; `required`
 * and a named function cannot be forced, so a named function sends only that tool.
 */
export function toChatPayload(request: ChatRequest, stream: boolean, provider = 'ollama'): JsonObject {
  const names = new Map<string, string>();
  const payload: JsonObject = {
    model: request.model,
    messages: request.messages.map((message) => toMessage(message, names, provider)),
    stream,
  };
  const choice = request.toolChoice;
  const tools =
    choice === 'none'
      ? []
      : typeof choice === 'object'
        ? (request.tools ?? []).filter((tool) => tool.name === choice.name)
        : (request.tools ?? []);
  if (tools.length > 0) {
    payload.tools = tools.map((tool) => ({
      type: 'function',
      function: {
        name: tool.name,
        ...(tool.description !== undefined ? { description: tool.description } : {}),
        parameters: tool.parameters,
      },
    }));
  }
  const format = request.responseFormat;
  if (format?.type === 'json_object') payload.format = 'json';
  if (format?.type === 'json_schema') payload.format = format.schema;
  // Ollama's `think` is on/off for most thinking models (levels only for gpt-oss): any effort but none turns it on.
  if (request.reasoningEffort !== undefined) payload.think = request.reasoningEffort !== 'none';
  const options = toOptions(request);
  if (Object.keys(options).length > 0) payload.options = options;
  return payload;
}
