import { ApiError } from '../../support/api-error';
import type { Problems, Raw } from '../../support/problems';
import { absent, choiceField, isObject, numberField } from '../request/fields';

/**
 * The fates of the Responses fields the chat validator has no counterpart for
 * (docs/api-notes.md "Request fields, one by one"): checked here; those no model behind the
 * hub can honour are refused by name (svc_unsupported_parameter); the rest are accepted with
 * the reason they change nothing the client receives.
 */

/** OpenAI's `include` values. Only the logprobs one asks for anything: the others name items the hub never answers with. */
const INCLUDABLE = [
  'file_search_call.results',
  'web_search_call.results',
  'web_search_call.action.sources',
  'message.input_image.image_url',
  'computer_call_output.output.image_url',
  'code_interpreter_call.outputs',
  'reasoning.encrypted_content',
  'message.output_text.logprobs',
];
const SUMMARIES = ['auto', 'concise', 'detailed'] as const;

/** Valid values that ask for what the hub cannot do, whatever the model: field → the reason. */
const UNSUPPORTED: Array<[name: string, refused: (raw: Raw) => boolean, reason: string]> = [
  ['background', (raw) => raw.background === true, 'the hub answers in the foreground only'],
  ['background_options', (raw) => !absent(raw.background_options), 'the hub answers in the foreground only'],
  ['conversation', (raw) => !absent(raw.conversation), 'the hub keeps no conversations; use previous_response_id'],
  ['prompt', (raw) => !absent(raw.prompt), 'the hub keeps no prompt templates'],
  [
    'context_management',
    (raw) => Array.isArray(raw.context_management) && raw.context_management.length > 0,
    'the hub does not compact context',
  ],
  ['truncation', (raw) => raw.truncation === 'auto', 'the hub does not drop input to fit the context window'],
  ['moderation', (raw) => !absent(raw.moderation), 'the hub runs no moderation on responses'],
  ['access_programs', (raw) => isObject(raw.access_programs) && raw.access_programs.cyber !== 'standard', 'the hub has no access programs'],
  [
    'image.context_compression',
    (raw) => isObject(raw.image) && raw.image.context_compression === 'enabled',
    'no model behind the hub compresses image context',
  ],
  [
    'reasoning.mode',
    (raw) => isObject(raw.reasoning) && !absent(raw.reasoning.mode) && raw.reasoning.mode !== 'standard',
    'the hub runs the standard mode only',
  ],
];

/** OpenAI's built-in tool types: valid, but the hub runs function tools only. */
const BUILT_IN_TOOLS = new Set([
  'file_search',
  'computer',
  'computer_use_preview',
  'web_search',
  'web_search_2025_08_26',
  'web_search_preview',
  'web_search_preview_2025_03_11',
  'mcp',
  'code_interpreter',
  'programmatic_tool_calling',
  'image_generation',
  'local_shell',
  'shell',
  'custom',
  'namespace',
  'tool_search',
  'apply_patch',
]);

/** One of OpenAI's built-in tools (web_search, file_search, mcp, …): refused by name, not invalid. */
export function isBuiltInTool(tool: unknown): boolean {
  return isObject(tool) && BUILT_IN_TOOLS.has(tool.type as string);
}

/** Checks the Responses-only fields' values (svc_invalid_request through `problems`). */
export function checkResponsesOnlyFields(raw: Raw, problems: Problems): void {
  if (!absent(raw.include)) {
    if (!Array.isArray(raw.include) || raw.include.some((value) => !INCLUDABLE.includes(value)))
      problems.add('include', `must be a list of ${INCLUDABLE.join(', ')}`);
  }
  numberField(raw.max_tool_calls, 'max_tool_calls', problems, { min: 1, max: 1_000_000, integer: true });
  choiceField(raw.truncation, 'truncation', ['auto', 'disabled'], problems);
  for (const name of ['background_options', 'access_programs', 'image', 'prompt'] as const)
    if (!absent(raw[name]) && !isObject(raw[name])) problems.add(name, 'must be an object');
  if (!absent(raw.context_management) && !Array.isArray(raw.context_management)) problems.add('context_management', 'must be a list');
  if (isObject(raw.reasoning)) {
    choiceField(raw.reasoning.summary, 'reasoning.summary', SUMMARIES, problems);
    choiceField(raw.reasoning.generate_summary, 'reasoning.generate_summary', SUMMARIES, problems);
    choiceField(raw.reasoning.context, 'reasoning.context', ['auto', 'current_turn', 'all_turns'], problems);
  }
}

/** 400 svc_unsupported_parameter naming the first valid field the hub cannot honour (a built-in tool: `tools[i].type`). */
export function refuseUnsupported(raw: Raw): void {
  for (const [name, refused, reason] of UNSUPPORTED) if (refused(raw)) throw unsupported(name, reason);
  if (!Array.isArray(raw.tools)) return;
  const index = raw.tools.findIndex(isBuiltInTool);
  if (index >= 0) throw unsupported(`tools[${index}].type`, `the hub runs function tools only, not ${(raw.tools[index] as Raw).type}`);
}

function unsupported(name: string, reason: string): ApiError {
  return new ApiError(400, 'svc_unsupported_parameter', `The Responses API field "${name}" is not supported: ${reason}.`, {
    params: { [name]: reason },
  });
}
