import { Problems, type Raw } from '../../support/problems';
import type { ToolCall, ToolChoice, ToolDefinition } from '../../providers/types';
import { absent, isObject } from './fields';
import { tools } from './tools';

/**
 * OpenAI's legacy function calling (docs/api-notes.md "Request fields, one by one"):
 * `functions` and `function_call` become tools and tool_choice, history in the legacy shape
 * becomes tool calls and tool messages, and the answer goes back in the legacy shape
 * (chat-completion.ts). One call per turn, as the legacy API had.
 */

const LEGACY_FIELD = /^tools\[(\d+)\]\.function(\.|$)/;

/** `functions`: the same rules as `tools` (names, schema, nesting), its problems named `functions[i].…`. */
export function legacyTools(raw: Raw, problems: Problems): ToolDefinition[] | undefined {
  if (absent(raw.functions)) return undefined;
  if (!absent(raw.tools)) {
    problems.add('functions', 'give functions (legacy) or tools, not both');
    return undefined;
  }
  if (!Array.isArray(raw.functions)) {
    problems.add('functions', 'must be a list of {name, description?, parameters?}');
    return undefined;
  }
  const found = new Problems();
  const parsed = tools(
    raw.functions.map((spec: unknown) => ({ type: 'function', function: spec })),
    found,
  );
  for (const [name, message] of Object.entries(found.params))
    problems.add(name.replace(LEGACY_FIELD, 'functions[$1]$2').replace(/^tools$/, 'functions'), message);
  return parsed;
}

/** `function_call`: none, auto, or {name} naming one of `functions`. */
export function legacyToolChoice(raw: unknown, defined: ToolDefinition[] | undefined, problems: Problems): ToolChoice | undefined {
  if (absent(raw)) return undefined;
  if (raw === 'none' || raw === 'auto') return raw;
  if (!isObject(raw) || typeof raw.name !== 'string') {
    problems.add('function_call', 'must be none, auto or {name}');
    return undefined;
  }
  if (!defined?.some((item) => item.name === raw.name)) {
    problems.add('function_call.name', 'must name one of functions');
    return undefined;
  }
  return { name: raw.name };
}

/** The stable id given to the legacy call of the assistant message at `index` (the same history, the same ids). */
export function legacyCallId(index: number): string {
  return `call_function_${index}`;
}

/** An assistant message's legacy `function_call: {name, arguments}`, as one tool call. */
export function legacyCall(raw: unknown, name: string, index: number, problems: Problems): ToolCall | undefined {
  if (!isObject(raw)) {
    problems.add(name, 'must be an object {name, arguments}');
    return undefined;
  }
  if (typeof raw.name !== 'string' || raw.name.length === 0) problems.add(`${name}.name`, 'must be a non-empty string');
  if (typeof raw.arguments !== 'string') problems.add(`${name}.arguments`, 'must be a string (JSON text)');
  if (typeof raw.name !== 'string' || raw.name.length === 0 || typeof raw.arguments !== 'string') return undefined;
  return { id: legacyCallId(index), name: raw.name, arguments: raw.arguments };
}
