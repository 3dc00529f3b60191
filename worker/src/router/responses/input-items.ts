import { prefixedId } from '../../support/ids';
import type { Problems, Raw } from '../../support/problems';
import { MAX_MESSAGES } from '../request/chat-request';
import { checkNesting } from '../request/nesting';
import type { ResponseItem } from './response-item';

/**
 * A Responses request's `input` (docs/architecture.md §9): a string (one user message) or a list of items —
 * messages (`type: "message"` or just `role`), `function_call`, `function_call_output`;
 * `item_reference` (an item of one of the key's stored responses, by id: resolved by
 * references.ts); `reasoning` items are accepted and left out (no provider here takes them
 * back). Each item is
 * checked for what only the Responses API has (its type and the fields that differ from chat);
 * the rest is checked by the chat validator after conversion. The items come back in their
 * stored form, each with an id (`msg_…`, `fc_…`, `fco_…`), as GET …/input_items lists them.
 */
const ROLES = new Set(['user', 'assistant', 'system', 'developer']);
const ITEM_TYPES = 'message, function_call, function_call_output, item_reference or reasoning';
const PART_TYPES: Record<string, Set<string>> = {
  user: new Set(['input_text', 'input_image']),
  system: new Set(['input_text']),
  developer: new Set(['input_text']),
  assistant: new Set(['output_text', 'refusal']),
};
/** Item ids a client sends are kept when they look like ids, else replaced. */
const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

function idOf(item: Raw, prefix: string): string {
  return typeof item.id === 'string' && ID_PATTERN.test(item.id) ? item.id : prefixedId(prefix);
}

function isText(value: unknown, max = Infinity): value is string {
  return typeof value === 'string' && value.length <= max;
}

function messageItem(item: Raw, name: string, problems: Problems): ResponseItem | null {
  const role = item.role as string;
  if (!ROLES.has(role)) {
    problems.add(`${name}.role`, 'must be user, assistant, system or developer');
    return null;
  }
  const textType = role === 'assistant' ? 'output_text' : 'input_text';
  if (typeof item.content === 'string') {
    return { id: idOf(item, 'msg'), type: 'message', role, status: 'completed', content: [{ type: textType, text: item.content }] };
  }
  if (!Array.isArray(item.content) || item.content.length === 0 || item.content.length > MAX_MESSAGES) {
    problems.add(`${name}.content`, `must be a string or a list of 1 to ${MAX_MESSAGES} content parts`);
    return null;
  }
  // Parts are stored and listed as sent: each is held to the nesting limits (request/nesting.ts).
  item.content.forEach((part: unknown, index) => {
    const type = (part as Raw | null)?.type;
    if (typeof type !== 'string' || !PART_TYPES[role]!.has(type)) {
      problems.add(`${name}.content[${index}].type`, `must be ${[...PART_TYPES[role]!].join(' or ')} in a ${role} message`);
    } else checkNesting(part, `${name}.content[${index}]`, problems);
  });
  return { id: idOf(item, 'msg'), type: 'message', role, status: 'completed', content: item.content };
}

function functionCallItem(item: Raw, name: string, problems: Problems): ResponseItem | null {
  let good = true;
  for (const field of ['call_id', 'name'] as const) {
    if (!isText(item[field], 200) || item[field] === '') {
      problems.add(`${name}.${field}`, 'must be a non-empty string of at most 200 characters');
      good = false;
    }
  }
  if (!isText(item.arguments)) {
    problems.add(`${name}.arguments`, 'must be a string (the JSON arguments)');
    good = false;
  }
  if (!good) return null;
  return {
    id: idOf(item, 'fc'),
    type: 'function_call',
    status: 'completed',
    arguments: item.arguments,
    call_id: item.call_id,
    name: item.name,
  };
}

function functionOutputItem(item: Raw, name: string, problems: Problems): ResponseItem | null {
  if (!isText(item.call_id, 200) || item.call_id === '') {
    problems.add(`${name}.call_id`, 'must be the call_id of the function_call it answers');
    return null;
  }
  if (Array.isArray(item.output) && item.output.length > 0 && item.output.length <= MAX_MESSAGES) {
    // A list of parts (what the Vercel AI SDK sends for a tool's content): text only, as a tool message holds text.
    const bad = item.output.findIndex((part: Raw | null) => part?.type !== 'input_text' || typeof part.text !== 'string');
    if (bad >= 0) {
      problems.add(`${name}.output[${bad}]`, 'must be an input_text part (a function output is text)');
      return null;
    }
    if (!item.output.every((part: unknown, index) => checkNesting(part, `${name}.output[${index}]`, problems))) return null;
  } else if (!isText(item.output)) {
    problems.add(`${name}.output`, `must be a string or a list of 1 to ${MAX_MESSAGES} input_text parts`);
    return null;
  }
  return { id: idOf(item, 'fco'), type: 'function_call_output', status: 'completed', call_id: item.call_id, output: item.output };
}

/** An input item in stored form and where it was in the request's `input` (-1: from the stored conversation). */
export interface SourcedItem {
  item: ResponseItem;
  index: number;
}

/** The request's input items in stored form; a string input is one user message. */
export function inputItems(raw: unknown, problems: Problems): SourcedItem[] {
  if (typeof raw === 'string') {
    return [
      {
        index: 0,
        item: { id: prefixedId('msg'), type: 'message', role: 'user', status: 'completed', content: [{ type: 'input_text', text: raw }] },
      },
    ];
  }
  if (!Array.isArray(raw) || raw.length === 0) {
    problems.add('input', 'must be a string or a non-empty list of items');
    return [];
  }
  if (raw.length > MAX_MESSAGES) {
    problems.add('input', `must hold at most ${MAX_MESSAGES} items`);
    return [];
  }
  const items: SourcedItem[] = [];
  raw.forEach((value: unknown, index) => {
    const name = `input[${index}]`;
    const item = value as Raw | null;
    if (!item || typeof item !== 'object' || Array.isArray(item)) return problems.add(name, `must be an item object (${ITEM_TYPES})`);
    const type = item.type === undefined && item.role !== undefined ? 'message' : item.type;
    let converted: ResponseItem | null = null;
    if (type === 'message') converted = messageItem(item, name, problems);
    else if (type === 'function_call') converted = functionCallItem(item, name, problems);
    else if (type === 'function_call_output') converted = functionOutputItem(item, name, problems);
    else if (type === 'item_reference') {
      if (typeof item.id === 'string' && ID_PATTERN.test(item.id)) converted = { type: 'item_reference', id: item.id };
      else problems.add(`${name}.id`, 'must be the id of an item of a stored response');
    } else if (type !== 'reasoning') problems.add(`${name}.type`, `must be ${ITEM_TYPES}`);
    if (converted) items.push({ item: converted, index });
  });
  return items;
}
