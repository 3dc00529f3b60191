/**
 * JSON Schema (what OpenAI clients send for tool parameters and response formats) → the
 * OpenAPI 3.0 subset Gemini's `parameters` and `responseSchema` accept. Gemini answers 400 to
 * keys outside it (`additionalProperties`, `$schema`, `$ref`, `const`, …), so:
 * - kept: type, format, description, title, enum, items, properties, required, nullable,
 *   anyOf, minimum/maximum, minItems/maxItems, minLength/maxLength, pattern,
 *   minProperties/maxProperties, propertyOrdering, example, default;
 * - `type: [T, "null"]` → `type: T, nullable: true`; `const: v` → `enum: [v]` (strings);
 *   `oneOf` → `anyOf`; an `anyOf` with a `{type:"null"}` branch → nullable;
 * - everything else is dropped. `$ref`s are not resolved (Gemini has no references).
 */
import type { JsonObject } from '../shared/schema';

const KEPT = new Set([
  'type',
  'format',
  'description',
  'title',
  'enum',
  'nullable',
  'minimum',
  'maximum',
  'minItems',
  'maxItems',
  'minLength',
  'maxLength',
  'pattern',
  'minProperties',
  'maxProperties',
  'propertyOrdering',
  'example',
  'default',
  'required',
]);

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

export function toGeminiSchema(schema: unknown): JsonObject {
  if (!isObject(schema)) return {};
  const result: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if (KEPT.has(key)) result[key] = value;
  }
  if (Array.isArray(schema.type)) {
    const types = schema.type.filter((type) => type !== 'null');
    if (types.length < schema.type.length) result.nullable = true;
    if (types.length === 1) result.type = types[0];
    else {
      delete result.type;
      if (types.length > 1) result.anyOf = types.map((type) => ({ type }));
    }
  }
  if (schema.const !== undefined && result.enum === undefined) result.enum = [schema.const];
  if (isObject(schema.properties)) {
    result.properties = Object.fromEntries(Object.entries(schema.properties).map(([name, value]) => [name, toGeminiSchema(value)]));
  }
  if (schema.items !== undefined) result.items = toGeminiSchema(Array.isArray(schema.items) ? schema.items[0] : schema.items);
  const branches = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : undefined;
  if (branches) {
    const kept = branches.filter((branch) => !(isObject(branch) && branch.type === 'null'));
    if (kept.length < branches.length) result.nullable = true;
    if (kept.length === 1) Object.assign(result, toGeminiSchema(kept[0]));
    else if (kept.length > 1) result.anyOf = kept.map(toGeminiSchema);
  }
  return result;
}

/** A function's parameters, or undefined for a tool without any (Gemini refuses an object with no properties). */
export function toGeminiParameters(schema: JsonObject): JsonObject | undefined {
  const converted = toGeminiSchema(schema);
  const properties = converted.properties;
  if ((converted.type === 'object' || converted.type === undefined) && (!isObject(properties) || Object.keys(properties).length === 0))
    return undefined;
  return converted;
}
