import type { Origin } from './chat-messages';

/** Chat fields whose Messages name differs, by whole name or prefix. */
const RENAMED: Array<[RegExp, string]> = [
  [/^tools\[(\d+)\]\.function\.parameters/, 'tools[$1].input_schema'],
  [/^tools\[(\d+)\]\.function(\.|$)/, 'tools[$1]$2'],
  [/^tools\[(\d+)\]\.type$/, 'tools[$1]'],
  [/^tool_choice\.function\./, 'tool_choice.'],
  [/^parallel_tool_calls$/, 'tool_choice.disable_parallel_tool_use'],
  [/^max_completion_tokens$|^max_tokens$/, 'max_tokens'],
  [/^reasoning_effort$/, 'thinking'],
  [/^stop$/, 'stop_sequences'],
  [/^metadata\.user$/, 'metadata.user_id'],
];

const MESSAGE_FIELD = /^messages\[(\d+)\](.*)$/;
const PART_FIELD = /^\.content\[(\d+)\](.*)$/;
const CALL_FIELD = /^\.tool_calls\[(\d+)\](?:\.function)?(?:\.(\w+))?/;

/** A field inside one converted chat message, named as the Messages block it came from. */
function messageField(origin: Origin, rest: string): string {
  const call = CALL_FIELD.exec(rest);
  if (call) {
    const block = origin.calls[Number(call[1])] ?? origin.name;
    const field = call[2] === 'arguments' ? 'input' : call[2];
    return field ? `${block}.${field}` : block;
  }
  const part = PART_FIELD.exec(rest);
  if (part && origin.parts[Number(part[1])]) return origin.parts[Number(part[1])]! + part[2]!.replace(/^\.image_url(\.url)?$/, '.source');
  if (rest.startsWith('.tool_call_id')) return `${origin.name}.tool_use_id`;
  if (rest.startsWith('.content') && origin.name.includes('.content[')) return `${origin.name}.content`;
  return origin.name + rest;
}

/**
 * The Messages name of a field the chat validator named (docs/architecture.md §9, one validator):
 * `messages[3].tool_calls[0].function.arguments` → `messages[2].content[1].input`,
 * `max_completion_tokens` → `max_tokens`, `stop` → `stop_sequences`, …
 */
export function messagesField(chatField: string, origins: Origin[]): string {
  const message = MESSAGE_FIELD.exec(chatField);
  if (message) {
    const origin = origins[Number(message[1])];
    return origin ? messageField(origin, message[2]!) : 'messages';
  }
  for (const [pattern, replacement] of RENAMED) if (pattern.test(chatField)) return chatField.replace(pattern, replacement);
  return chatField;
}

/** `params` with each name in its Messages spelling (the first problem for a name wins). */
export function renameParams(params: Record<string, string>, origins: Origin[]): Record<string, string> {
  const renamed: Record<string, string> = {};
  for (const [name, problem] of Object.entries(params)) {
    const field = messagesField(name, origins);
    if (!Object.hasOwn(renamed, field)) renamed[field] = problem;
  }
  return renamed;
}
