import type { Problems, Raw } from '../../support/problems';
import type { ChatMessage, Role, ToolCall } from '../../providers/types';
import { content } from './content';
import { absent, isObject } from './fields';

/** The most messages one chat request may hold; a longer list is refused without walking it. */
export const MAX_MESSAGES = 1000;
/** The most tool calls one assistant message may hold. */
export const MAX_TOOL_CALLS = 128;
const ROLES: readonly Role[] = ['system', 'developer', 'user', 'assistant', 'tool'];
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

function message(item: Raw, name: string, callIds: Set<string>, problems: Problems): ChatMessage | null {
  const role = item.role as Role;
  if (role === 'assistant') {
    const calls = toolCalls(item.tool_calls, `${name}.tool_calls`, problems);
    calls?.forEach((call) => callIds.add(call.id));
    const hasCalls = calls !== undefined && calls.length > 0;
    if (absent(item.content) && hasCalls) return { role, content: '', toolCalls: calls };
    const body = content(item.content, `${name}.content`, false, problems);
    return { role, content: body.text, ...(body.parts && { parts: body.parts }), ...(hasCalls && { toolCalls: calls }) };
  }
  const body = content(item.content, `${name}.content`, role === 'user', problems);
  const result: ChatMessage = { role, content: body.text, ...(body.parts && { parts: body.parts }) };
  if (role === 'tool') {
    const id = item.tool_call_id;
    if (typeof id !== 'string' || id.length === 0) problems.add(`${name}.tool_call_id`, 'must be the id of a tool call');
    else if (!callIds.has(id)) problems.add(`${name}.tool_call_id`, 'must match a tool call of an earlier assistant message');
    else result.toolCallId = id;
    if (typeof item.name === 'string' && item.name.length > 0 && item.name.length <= MAX_ID_CHARACTERS) result.name = item.name;
  }
  return result;
}

/**
 * `messages` (docs/architecture.md §9): roles system, developer, user, assistant (tool_calls; content null
 * when it has calls), tool (tool_call_id answering an earlier assistant call); content a
 * string or parts (images in user messages only).
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
  const callIds = new Set<string>();
  const parsed: ChatMessage[] = [];
  raw.forEach((item: unknown, index) => {
    const name = `messages[${index}]`;
    if (!isObject(item)) return problems.add(name, 'must be an object with role and content');
    if (!ROLES.includes(item.role as Role)) return problems.add(`${name}.role`, 'must be system, developer, user, assistant or tool');
    const result = message(item, name, callIds, problems);
    if (result) parsed.push(result);
  });
  return parsed;
}
