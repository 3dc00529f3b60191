/**
 * mock/echo's deterministic answers (docs/architecture.md §9), so the dev stack and the tests can drive
 * full agent loops without a real model. In order: after a `tool` message → `tool said: <its
 * content>`; with tools (tool_choice not none) after a user message → a call of the tool
 * tool_choice names, else the first, arguments built from its JSON Schema; response_format
 * json_schema → an object built from the schema, json_object → {"echo": "<user text>"};
 * else the last user text, with ` [N image(s)]` after it when that message held images.
 */
import type { ChatMessage, ChatRequest, ToolCall } from '../types';

/** Deeper schemas are cut short (a $ref loop or a hostile schema cannot run away). */
const MAX_SCHEMA_DEPTH = 16;

export type EchoAnswer = { kind: 'text'; text: string } | { kind: 'tool_call'; call: ToolCall };

function lastUser(messages: ChatMessage[]): ChatMessage | undefined {
  return [...messages].reverse().find((message) => message.role === 'user');
}

function first(value: unknown): Record<string, unknown> | undefined {
  return Array.isArray(value) && typeof value[0] === 'object' && value[0] !== null ? (value[0] as Record<string, unknown>) : undefined;
}

/**
 * A minimal value for `schema`: each required property only; string → `text`, number and
 * integer → its length, boolean → true, enum → its first value, objects and arrays the same
 * way (an array gets minItems items).
 */
export function valueFromSchema(schema: unknown, text: string, depth = 0): unknown {
  if (typeof schema !== 'object' || schema === null || depth > MAX_SCHEMA_DEPTH) return null;
  const spec = schema as Record<string, unknown>;
  if (Array.isArray(spec.enum) && spec.enum.length > 0) return spec.enum[0];
  if ('const' in spec) return spec.const;
  const alternative = first(spec.anyOf) ?? first(spec.oneOf) ?? first(spec.allOf);
  if (alternative) return valueFromSchema(alternative, text, depth + 1);
  const types = Array.isArray(spec.type) ? spec.type.filter((type) => type !== 'null') : [spec.type];
  const type = types[0] ?? (spec.properties ? 'object' : spec.items ? 'array' : undefined);
  if (type === 'string') return text;
  if (type === 'number' || type === 'integer') return text.length;
  if (type === 'boolean') return true;
  if (type === 'array') {
    const count = typeof spec.minItems === 'number' ? Math.min(spec.minItems, MAX_SCHEMA_DEPTH) : 0;
    return Array.from({ length: count }, () => valueFromSchema(spec.items, text, depth + 1));
  }
  if (type === 'object') {
    const properties = (typeof spec.properties === 'object' && spec.properties !== null ? spec.properties : {}) as Record<string, unknown>;
    const required = Array.isArray(spec.required) ? spec.required.filter((name): name is string => typeof name === 'string') : [];
    return Object.fromEntries(required.map((name) => [name, valueFromSchema(properties[name], text, depth + 1)]));
  }
  return null;
}

/** What mock/echo answers to `request`. */
export function echoAnswer(request: ChatRequest): EchoAnswer {
  const last = request.messages[request.messages.length - 1];
  if (last?.role === 'tool') return { kind: 'text', text: `tool said: ${last.content}` };
  const user = lastUser(request.messages);
  const text = user?.content ?? '';
  const tools = request.tools ?? [];
  if (tools.length > 0 && request.toolChoice !== 'none' && last?.role === 'user') {
    const chosen =
      typeof request.toolChoice === 'object' ? tools.find((tool) => tool.name === (request.toolChoice as { name: string }).name) : tools[0];
    const tool = chosen ?? tools[0]!;
    return {
      kind: 'tool_call',
      call: { id: 'call_echo_0', name: tool.name, arguments: JSON.stringify(valueFromSchema(tool.parameters, text) ?? {}) },
    };
  }
  const format = request.responseFormat;
  if (format?.type === 'json_schema') return { kind: 'text', text: JSON.stringify(valueFromSchema(format.schema, text)) };
  if (format?.type === 'json_object') return { kind: 'text', text: JSON.stringify({ echo: text }) };
  const images = user?.parts?.filter((part) => part.type === 'image').length ?? 0;
  return { kind: 'text', text: images > 0 ? `${text} [${images} image(s)]` : text };
}

/** Arguments in up to three fragments, so clients exercise their reassembly. */
export function fragments(text: string): string[] {
  if (text.length < 3) return [text];
  const size = Math.ceil(text.length / 3);
  return [text.slice(0, size), text.slice(size, 2 * size), text.slice(2 * size)].filter((piece) => piece !== '');
}
