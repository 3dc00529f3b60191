import { isRecord } from './echo-agent';

/**
 * What Gemini's generateContent refuses (400 INVALID_ARGUMENT), with Google's messages:
 * roles other than user/model, empty parts; JSON Schema keys outside its OpenAPI subset in
 * function parameters and the response schema; unknown calling modes; image parts without
 * mime type or data; a function-response turn whose count differs from the calls before it;
 * and, on Gemini 3, a replayed function-call turn whose first call has no thoughtSignature.
 */

const UNKNOWN_SCHEMA_KEYS = [
  'additionalProperties',
  '$schema',
  '$ref',
  '$defs',
  'definitions',
  'const',
  'oneOf',
  'allOf',
  'not',
  'exclusiveMinimum',
  'exclusiveMaximum',
  '$comment',
];
const MODES = ['MODE_UNSPECIFIED', 'AUTO', 'ANY', 'NONE', 'VALIDATED'];

type Problem = [number, string];

const parts = (content: any): any[] => (Array.isArray(content?.parts) ? content.parts.filter(isRecord) : []);

export function geminiProblem(body: any, model: string): Problem | null {
  const contents = body.contents;
  if (!Array.isArray(contents) || contents.length === 0) return [400, '* GenerateContentRequest.contents: contents is not specified\n'];
  for (const [index, content] of contents.entries()) {
    if (content?.role !== undefined && content.role !== 'user' && content.role !== 'model')
      return [400, 'Please use a valid role: user, model.'];
    if (!Array.isArray(content?.parts) || content.parts.length === 0)
      return [400, `* GenerateContentRequest.contents[${index}].parts: contents.parts must not be empty.\n`];
  }
  const maxTokens = body.generationConfig?.maxOutputTokens;
  if (maxTokens !== undefined && (!Number.isInteger(maxTokens) || maxTokens < 1)) return [400, 'max_output_tokens must be positive.'];
  return toolsProblem(body) ?? historyProblem(contents, model);
}

/** The first key Gemini's Schema does not know, with its path, or null. */
function unknownKey(schema: unknown, path: string): string | null {
  if (!isRecord(schema)) return null;
  for (const key of Object.keys(schema)) if (UNKNOWN_SCHEMA_KEYS.includes(key)) return `Unknown name "${key}" at '${path}'`;
  for (const [name, value] of Object.entries(isRecord(schema.properties) ? schema.properties : {})) {
    const found = unknownKey(value, `${path}.properties[${name}].value`);
    if (found) return found;
  }
  if (Array.isArray(schema.anyOf))
    for (const [index, branch] of schema.anyOf.entries()) {
      const found = unknownKey(branch, `${path}.any_of[${index}]`);
      if (found) return found;
    }
  return unknownKey(schema.items, `${path}.items`);
}

function toolsProblem(body: any): Problem | null {
  for (const [toolIndex, tool] of (Array.isArray(body.tools) ? body.tools : []).entries()) {
    for (const [index, declaration] of (Array.isArray(tool?.functionDeclarations) ? tool.functionDeclarations : []).entries()) {
      if (typeof declaration?.name !== 'string' || !/^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/.test(declaration.name)) {
        return [
          400,
          `* GenerateContentRequest.tools[${toolIndex}].function_declarations[${index}].name: Invalid function name. Must start with a letter or an underscore. Must be alphameric (a-z, A-Z, 0-9), underscores (_), dots (.), colons (:) or dashes (-), with a maximum length of 64.\n`,
        ];
      }
      const found = unknownKey(declaration.parameters, `tools[${toolIndex}].function_declarations[${index}].parameters`);
      if (found) return [400, `Invalid JSON payload received. ${found}: Cannot find field.`];
    }
  }
  const found = unknownKey(body.generationConfig?.responseSchema, 'generation_config.response_schema');
  if (found) return [400, `Invalid JSON payload received. ${found}: Cannot find field.`];
  const mode = body.toolConfig?.functionCallingConfig?.mode;
  if (mode !== undefined && !MODES.includes(mode))
    return [
      400,
      `Invalid value at 'tool_config.function_calling_config.mode' (type.googleapis.com/google.ai.generativelanguage.v1beta.FunctionCallingConfig.Mode), "${mode}"`,
    ];
  return null;
}

function historyProblem(contents: any[], model: string): Problem | null {
  for (const [index, content] of contents.entries()) {
    for (const [position, part] of parts(content).entries()) {
      const image = part.inline_data ?? part.inlineData;
      if (
        image !== undefined &&
        (typeof (image.mime_type ?? image.mimeType) !== 'string' || typeof image.data !== 'string' || image.data === '')
      ) {
        return [400, `* GenerateContentRequest.contents[${index}].parts[${position}].inline_data: mime_type and data are required.\n`];
      }
    }
    const calls = parts(content).filter((part) => isRecord(part.functionCall));
    if (calls.length > 0 && !/^gemini-[12]\./.test(model) && typeof calls[0].thoughtSignature !== 'string') {
      const name = calls[0].functionCall.name;
      return [
        400,
        `Function call is missing a thought_signature in functionCall parts. This is required for tools to work correctly, and missing thought_signature may lead to degraded model performance. Additional data, function call \`default_api:${name}\` , position ${index + 1}. Please refer to https://ai.google.dev/gemini-api/docs/thought-signatures for more details.`,
      ];
    }
    const responses = parts(content).filter((part) => isRecord(part.functionResponse)).length;
    if (responses === 0) continue;
    const previousCalls = parts(contents[index - 1]).filter((part) => isRecord(part.functionCall)).length;
    if (contents[index - 1]?.role !== 'model' || previousCalls !== responses) {
      return [
        400,
        'Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn.',
      ];
    }
  }
  return null;
}
