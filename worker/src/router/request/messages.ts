import type { Problems, Raw } from '../../support/problems';
import type { ChatMessage, Role, ToolCall } from '../../providers/types';
import { content } from './content';
import { absent, isObject } from './fields';
import { legacyCall } from './legacy-functions';

/** The most messages one chat request may hold; a longer list is refused without walking it. */
export const MAX_MESSAGES = 1000;
/** The most tool calls one assistant message may hold. */
export const MAX_TOOL_CALLS = 128;
const ROLES: readonly string[] = ['system', 'developer', 'user', 'assistant', 'tool', 'function'];

/** The tool calls seen so far: every id, and each legacy call's id by function name (the last one). */
interface SeenCalls {
  ids: Set<string>;
  legacy: Map<string, string>;
}
const MAX_ID_CHARACTERS = 256;

function toolCalls(raw: unknown, name: string, problems: Problems): ToolCall[] | undefined {
  if (absent(raw)) return undefined;
  if (!Array.isArray(raw) || raw.length > MAX_TOOL_CALLS) {
    problems.add(name, `must be a list of at most ${MAX_TOOL_CALLS} tool calls`);
    return undefined;
  }
  const calls: ToolCall[] = [];
  raw.forEach((item: unknown, index) => {
    const at = `${name}[${index}]`;
    if (!isObject(item)) return problems.add(at, 'must be an object {id, type: "function", function: {name, arguments}}');
    const call = item.function;
    if (typeof item.id !== 'string' || item.id.length === 0 || item.id.length > MAX_ID_CHARACTERS)
      problems.add(`${at}.id`, `must be a string of 1 to ${MAX_ID_CHARACTERS} characters`);
    if (!absent(item.type) && item.type !== 'function') problems.add(`${at}.type`, 'must be "function"');
    if (!isObject(call)) return problems.add(`${at}.function`, 'must be an object {name, arguments}');
    if (typeof call.name !== 'string' || call.name.length === 0) problems.add(`${at}.function.name`, 'must be a non-empty string');
    if (typeof call.arguments !== 'string') problems.add(`${at}.function.arguments`, 'must be a string (JSON text)');
    if (typeof item.id === 'string' && typeof call.name === 'string' && typeof call.arguments === 'string')
      calls.push({ id: item.id, name: call.name, arguments: call.arguments });
  });
  return calls;
}

function assistantCalls(item: Raw, name: string, index: number, seen: SeenCalls, problems: Problems): ToolCall[] | undefined {
  if (absent(item.function_call) || !absent(item.tool_calls)) {
    const calls = toolCalls(item.tool_calls, `${name}.tool_calls`, problems);
    calls?.forEach((call) => seen.ids.add(call.id));
    return calls;
  }
  const call = legacyCall(item.function_call, `${name}.function_call`, index, problems);
  if (!call) return undefined;
  seen.ids.add(call.id);
  seen.legacy.set(call.name, call.id);
  return [call];
}

/** A legacy `function` message answers the last legacy call of its `name`: a tool message. */
function legacyAnswer(item: Raw, name: string, seen: SeenCalls, problems: Problems): string | undefined {
  const id = typeof item.name === 'string' ? seen.legacy.get(item.name) : undefined;
  if (id === undefined) problems.add(`${name}.name`, 'must name the function_call of an earlier assistant message');
  return id;
}

function message(item: Raw, name: string, index: number, seen: SeenCalls, problems: Problems): ChatMessage | null {
  const role = item.role as Role | 'function';
  if (role === 'assistant') {
    const calls = assistantCalls(item, name, index, seen, problems);
    const hasCalls = calls !== undefined && calls.length > 0;
    if (absent(item.content) && hasCalls) return { role, content: '', toolCalls: calls };
    const body = content(item.content, `${name}.content`, false, problems);
    return { role, content: body.text, ...(body.parts && { parts: body.parts }), ...(hasCalls && { toolCalls: calls }) };
  }
  const body = content(item.content, `${name}.content`, role === 'user', problems);
  if (role === 'function') {
    const id = legacyAnswer(item, name, seen, problems);
    return { role: 'tool', content: body.text, ...(id !== undefined && { toolCallId: id, name: item.name as string }) };
  }
  const result: ChatMessage = { role, content: body.text, ...(body.parts && { parts: body.parts }) };
  if (role === 'tool') {
    const id = item.tool_call_id;
    if (typeof id !== 'string' || id.length === 0) problems.add(`${name}.tool_call_id`, 'must be the id of a tool call');
    else if (!seen.ids.has(id)) problems.add(`${name}.tool_call_id`, 'must match a tool call of an earlier assistant message');
    else result.toolCallId = id;
    if (typeof item.name === 'string' && item.name.length > 0 && item.name.length <= MAX_ID_CHARACTERS) result.name = item.name;
  }
  return result;
}

/**
 * `messages` (docs/architecture.md §9): roles system, developer, user, assistant (tool_calls, or the
 * legacy function_call; content null when it has calls), tool (tool_call_id answering an
 * earlier assistant call), the legacy function (name answering an earlier function_call);
 * content a string or parts (images in user messages only).
 */
export function messages(raw: unknown, problems: Problems): ChatMessage[] {
  if (!Array.isArray(raw) || raw.length === 0) {
    problems.add('messages', 'must be a non-empty list of {role, content}');
    return [];
  }
  if (raw.length > MAX_MESSAGES) {
    problems.add('messages', `must hold at most ${MAX_MESSAGES} messages`);
    return [];
  }
  const seen: SeenCalls = { ids: new Set(), legacy: new Map() };
  const parsed: ChatMessage[] = [];
  raw.forEach((item: unknown, index) => {
    const name = `messages[${index}]`;
    if (!isObject(item)) return problems.add(name, 'must be an object with role and content');
    if (!ROLES.includes(item.role as string))
      return problems.add(`${name}.role`, 'must be system, developer, user, assistant, tool or function');
    const result = message(item, name, index, seen, problems);
    if (result) parsed.push(result);
  });
  return parsed;
}
