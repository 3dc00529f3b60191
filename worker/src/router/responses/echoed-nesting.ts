import type { Problems, Raw } from '../../support/problems';
import { isObject } from '../request/fields';
import { checkNesting } from '../request/nesting';
import { MAX_TOOLS } from '../request/tools';

/** Each member of an object held to the nesting limits under its own name (`tools[0].parameters`). */
function checkMembers(value: unknown, name: string, problems: Problems): void {
  if (!isObject(value)) {
    checkNesting(value, name, problems);
    return;
  }
  for (const member in value) checkNesting(value[member], `${name}.${member}`, problems);
}

/**
 * The Responses fields a response object echoes as the client sent them (output.ts,
 * echoedParameters) — `tools`, `tool_choice`, `text` — held to the nesting limits
 * (request/nesting.ts) member by member, so the field named is the one at fault:
 * `tools[0].parameters`, `text.format.schema`. `metadata` is checked by the chat validator
 * (one rule for every route), input parts by input-items.ts.
 */
export function checkEchoedNesting(raw: Raw, problems: Problems): void {
  if (Array.isArray(raw.tools) && raw.tools.length <= MAX_TOOLS)
    raw.tools.forEach((tool: unknown, index) => checkMembers(tool, `tools[${index}]`, problems));
  checkNesting(raw.tool_choice, 'tool_choice', problems);
  if (!isObject(raw.text)) return;
  for (const member in raw.text) {
    if (member === 'format') checkMembers(raw.text.format, 'text.format', problems);
    else checkNesting(raw.text[member], `text.${member}`, problems);
  }
}
