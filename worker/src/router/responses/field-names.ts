import type { Origin } from './chat-messages';

/** Chat fields whose Responses name differs, by whole name or prefix. */
const RENAMED: Array<[RegExp, string]> = [
  [/^tools\[(\d+)\]\.function(\.|$)/, 'tools[$1]$2'],
  [/^tool_choice\.function\./, 'tool_choice.'],
  [/^response_format\.json_schema(\.|$)/, 'text.format$1'],
  [/^response_format/, 'text.format'],
  [/^max_completion_tokens$|^max_tokens$/, 'max_output_tokens'],
  [/^reasoning_effort$/, 'reasoning.effort'],
  [/^logprobs$/, 'include'],
  [/^verbosity$/, 'text.verbosity'],
];

const MESSAGE_FIELD = /^messages\[(\d+)\](.*)$/;
const TOOL_CALL_FIELD = /^\.tool_calls\[(\d+)\](?:\.function)?(?:\.(\w+))?/;

/** A field inside one converted message, named as the Responses item it came from. */
function itemField(origin: Origin, rest: string): string {
  if (origin.type === 'instructions' || origin.name === 'previous_response_id') return origin.name;
  const call = TOOL_CALL_FIELD.exec(rest);
  if (call) {
    const item = origin.calls[Number(call[1])] ?? origin.name;
    const field = call[2] === 'id' ? 'call_id' : call[2];
    return field ? `${item}.${field}` : item;
  }
  if (origin.type === 'function_call_output') {
    if (rest.startsWith('.tool_call_id')) return `${origin.name}.call_id`;
    if (rest.startsWith('.content')) return `${origin.name}.output`;
  }
  return origin.name + rest.replace(/(\.content\[\d+\])\.image_url\.url$/, '$1.image_url');
}

/**
 * The Responses name of a field the chat validator named (docs/architecture.md §9, one validator):
 * `messages[2].content` → `input[1].content`, `tools[0].function.name` → `tools[0].name`,
 * `response_format` → `text.format`, `max_completion_tokens` → `max_output_tokens`, …
 */
export function responsesField(chatField: string, origins: Origin[]): string {
  if (chatField === 'messages') return 'input';
  const message = MESSAGE_FIELD.exec(chatField);
  if (message) {
    const origin = origins[Number(message[1])];
    return origin ? itemField(origin, message[2]!) : 'input';
  }
  for (const [pattern, replacement] of RENAMED) if (pattern.test(chatField)) return chatField.replace(pattern, replacement);
  return chatField;
}

/** `params` with each name in its Responses spelling (the first problem for a name wins). */
export function renameParams(params: Record<string, string>, origins: Origin[]): Record<string, string> {
  const renamed: Record<string, string> = {};
  for (const [name, problem] of Object.entries(params)) {
    const field = responsesField(name, origins);
    if (!Object.hasOwn(renamed, field)) renamed[field] = problem;
  }
  return renamed;
}
