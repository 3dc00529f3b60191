import type { Problems } from '../../support/problems';
import type { ResponseFormat } from '../../providers/types';
import { absent, isObject } from './fields';
import { checkNesting } from './nesting';
import { FUNCTION_NAME } from './tools';

/** The name a bare schema is given: OpenAI requires one, and the answer never shows it. */
export const BARE_SCHEMA_NAME = 'response';

/** A bare schema says what it is with one of these (an empty object is neither a schema nor a wrapper). */
const SCHEMA_KEYWORDS = ['type', 'properties', '$schema', '$ref', 'anyOf', 'oneOf', 'allOf', 'enum', 'items'];

/**
 * WordPress's AI Client sends `json_schema` as the bare JSON Schema, without OpenAI's `{name,
 * schema, strict}` wrapper (docs/external/wordpress-7.md): an object with neither `name` nor
 * `schema`, but a schema keyword, is taken as the schema itself, named BARE_SCHEMA_NAME — never ignored. Anything else
 * is OpenAI's wrapper and is checked as such.
 */
function wrapBareSchema(spec: unknown): unknown {
  if (!isObject(spec) || 'name' in spec || 'schema' in spec) return spec;
  if (!SCHEMA_KEYWORDS.some((keyword) => keyword in spec)) return spec;
  return { name: BARE_SCHEMA_NAME, schema: spec };
}

/** `response_format`: text, json_object, or json_schema {name, schema, strict?, description?}. */
export function responseFormat(raw: unknown, problems: Problems): ResponseFormat | undefined {
  if (absent(raw)) return undefined;
  if (!isObject(raw)) {
    problems.add('response_format', 'must be an object {type: text | json_object | json_schema}');
    return undefined;
  }
  if (raw.type === 'text' || raw.type === 'json_object') return { type: raw.type };
  if (raw.type !== 'json_schema') {
    problems.add('response_format.type', 'must be text, json_object or json_schema');
    return undefined;
  }
  const spec = wrapBareSchema(raw.json_schema);
  if (!isObject(spec)) {
    problems.add('response_format.json_schema', 'must be an object {name, schema, strict?}');
    return undefined;
  }
  const before = problems.count;
  if (typeof spec.name !== 'string' || !FUNCTION_NAME.test(spec.name))
    problems.add('response_format.json_schema.name', 'is required: 1 to 64 letters, digits, _ or -');
  if (!isObject(spec.schema)) problems.add('response_format.json_schema.schema', 'must be a JSON Schema object');
  else checkNesting(spec.schema, 'response_format.json_schema.schema', problems);
  if (!absent(spec.strict) && typeof spec.strict !== 'boolean') problems.add('response_format.json_schema.strict', 'must be true or false');
  if (!absent(spec.description) && typeof spec.description !== 'string')
    problems.add('response_format.json_schema.description', 'must be a string');
  if (problems.count > before) return undefined;
  return {
    type: 'json_schema',
    name: spec.name as string,
    schema: spec.schema as Record<string, unknown>,
    ...(typeof spec.strict === 'boolean' && { strict: spec.strict }),
    ...(typeof spec.description === 'string' && { description: spec.description }),
  };
}
