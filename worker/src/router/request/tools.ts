import type { Problems } from '../../support/problems';
import type { ToolChoice, ToolDefinition } from '../../providers/types';
import { absent, isObject } from './fields';
import { nestingProblem } from './nesting';

/** OpenAI's limit on tools per request. */
export const MAX_TOOLS = 128;
/** A function name (OpenAI's pattern); the same rule names a json_schema response format. */
export const FUNCTION_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const MAX_DESCRIPTION_CHARACTERS = 8192;

/**
 * A JSON Schema object for function parameters: an object whose `type`, when given, is
 * "object", within the nesting limits (request/nesting.ts).
 */
export function schemaProblem(value: unknown): string | null {
  if (!isObject(value)) return 'must be a JSON Schema object';
  if (value.type !== undefined && value.type !== 'object') return 'must be a JSON Schema of type "object"';
  return nestingProblem(value);
}

function tool(raw: unknown, name: string, problems: Problems): ToolDefinition | null {
  if (!isObject(raw)) {
    problems.add(name, 'must be an object {type: "function", function: {name, description?, parameters?, strict?}}');
    return null;
  }
  if (raw.type === 'custom') return null; // valid, refused by name after validation (openai-fields.ts)
  if (raw.type !== 'function') problems.add(`${name}.type`, 'must be "function"');
  const spec = raw.function;
  if (!isObject(spec)) {
    problems.add(`${name}.function`, 'must be an object {name, description?, parameters?, strict?}');
    return null;
  }
  let good = raw.type === 'function';
  if (typeof spec.name !== 'string' || !FUNCTION_NAME.test(spec.name)) {
    problems.add(`${name}.function.name`, 'is required: 1 to 64 letters, digits, _ or -');
    good = false;
  }
  if (!absent(spec.description) && (typeof spec.description !== 'string' || spec.description.length > MAX_DESCRIPTION_CHARACTERS)) {
    problems.add(`${name}.function.description`, `must be a string of at most ${MAX_DESCRIPTION_CHARACTERS} characters`);
    good = false;
  }
  const schema = absent(spec.parameters) ? null : schemaProblem(spec.parameters);
  if (schema) problems.add(`${name}.function.parameters`, schema);
  if (!absent(spec.strict) && typeof spec.strict !== 'boolean') problems.add(`${name}.function.strict`, 'must be true or false');
  if (!good || schema || (!absent(spec.strict) && typeof spec.strict !== 'boolean')) return null;
  return {
    name: spec.name as string,
    ...(typeof spec.description === 'string' && { description: spec.description }),
    parameters: absent(spec.parameters) ? { type: 'object', properties: {} } : (spec.parameters as Record<string, unknown>),
    ...(typeof spec.strict === 'boolean' && { strict: spec.strict }),
  };
}

/** `tools`: at most 128 functions with distinct names. */
export function tools(raw: unknown, problems: Problems): ToolDefinition[] | undefined {
  if (absent(raw)) return undefined;
  if (!Array.isArray(raw) || raw.length > MAX_TOOLS) {
    problems.add('tools', `must be a list of at most ${MAX_TOOLS} tools`);
    return undefined;
  }
  const result: ToolDefinition[] = [];
  const names = new Set<string>();
  raw.forEach((item, index) => {
    const parsed = tool(item, `tools[${index}]`, problems);
    if (!parsed) return;
    if (names.has(parsed.name)) return problems.add(`tools[${index}].function.name`, `repeats "${parsed.name}"; names must be distinct`);
    names.add(parsed.name);
    result.push(parsed);
  });
  return result.length > 0 ? result : undefined;
}

/** `tool_choice`: none, auto, required, or {type: "function", function: {name}} naming one of `tools`. */
export function toolChoice(raw: unknown, defined: ToolDefinition[] | undefined, problems: Problems): ToolChoice | undefined {
  if (absent(raw)) return undefined;
  if (raw === 'none' || raw === 'auto') return raw;
  if (raw === 'required' || isObject(raw)) {
    if (!defined) {
      problems.add('tool_choice', 'needs tools');
      return undefined;
    }
    if (raw === 'required') return raw;
  }
  const name = isObject(raw) && raw.type === 'function' && isObject(raw.function) ? raw.function.name : undefined;
  if (typeof name !== 'string') {
    problems.add('tool_choice', 'must be none, auto, required or {type: "function", function: {name}}');
    return undefined;
  }
  if (!defined!.some((item) => item.name === name)) {
    problems.add('tool_choice.function.name', 'must name one of tools');
    return undefined;
  }
  return { name };
}
