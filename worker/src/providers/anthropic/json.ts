/**
 * How a `response_format` reaches Claude.
 *
 * - `json_schema` on a model with structured outputs (Claude Opus 4.1, the 4.5 family and
 *   later): `output_config.format` (generally available; no beta header). The JSON comes back
 *   as an ordinary text block (fixture anthropic-json-output-format.*), it is decoded under the
 *   schema, and it works with extended thinking and with the client's own tools.
 * - `json_schema` on an older model (Claude 3.x, Sonnet/Opus 4.0) and every `json_object`: a
 *   forced tool named `json` whose input schema is the wanted one (an open object for
 *   json_object — structured outputs need a closed schema). The answer is that tool's input
 *   (fixture anthropic-json-tool.*), which the reader turns back into text.
 */
import type { ChatRequest } from '../types';
import type { JsonObject } from '../shared/schema';

export const JSON_TOOL_NAME = 'json';

export type AnthropicJsonMode =
  | { kind: 'none'; strictTools: boolean }
  | { kind: 'output_format'; schema: JsonObject; strictTools: boolean }
  | { kind: 'tool'; schema: JsonObject; strictTools: boolean };

/** Claude models that take `output_config.format` and `strict` tools. */
export function supportsStructuredOutputs(model: string): boolean {
  return /^claude-(opus-4-1|(opus|sonnet|haiku)-4-([5-9]|\d\d)|(opus|sonnet|haiku)-([5-9]|\d\d))(\b|-|@|$)/.test(model);
}

export function anthropicJsonMode(request: ChatRequest): AnthropicJsonMode {
  const strictTools = supportsStructuredOutputs(request.model);
  const format = request.responseFormat;
  if (!format || format.type === 'text') return { kind: 'none', strictTools };
  if (format.type === 'json_schema' && strictTools) return { kind: 'output_format', schema: format.schema, strictTools };
  const schema = format.type === 'json_schema' ? format.schema : { type: 'object', additionalProperties: true };
  return { kind: 'tool', schema, strictTools };
}
