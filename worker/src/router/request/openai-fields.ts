import { ApiError } from '../../support/api-error';
import type { Problems, Raw } from '../../support/problems';
import { absent, choiceField, isObject, stringField } from './fields';
import { checkNesting } from './nesting';

/**
 * The Chat Completions fields only OpenAI's own models act on, each with its fate
 * (docs/api-notes.md "Request fields, one by one"): checked here, passed on in OpenAI's names
 * as `openAiFields` (the OpenAI provider sends those its model takes), refused by name where
 * the answer would differ. A value that asks for nothing (`modalities: ["text"]`,
 * `verbosity: "medium"`, `service_tier: "auto"`, `store: false`) is left out.
 */

const MODALITIES = ['text', 'audio'] as const;
const LEVELS = ['low', 'medium', 'high'] as const;
const SERVICE_TIERS = ['auto', 'default', 'flex', 'scale', 'priority', 'fast'] as const;
const CACHE_RETENTIONS = ['in_memory', '24h'] as const;
const CACHE_MODES = ['implicit', 'explicit'] as const;

function modalities(value: unknown, problems: Problems): string[] | undefined {
  if (absent(value)) return undefined;
  if (!Array.isArray(value) || value.length === 0 || value.some((item) => !MODALITIES.includes(item))) {
    problems.add('modalities', 'must be a list of "text" and "audio"');
    return undefined;
  }
  return value.includes('audio') ? (value as string[]) : undefined;
}

function objectField(value: unknown, name: string, problems: Problems): Raw | undefined {
  if (absent(value)) return undefined;
  if (!isObject(value)) {
    problems.add(name, 'must be an object');
    return undefined;
  }
  return checkNesting(value, name, problems) ? value : undefined;
}

function webSearch(value: unknown, problems: Problems): Raw | undefined {
  const options = objectField(value, 'web_search_options', problems);
  if (!options) return undefined;
  choiceField(options.search_context_size, 'web_search_options.search_context_size', LEVELS, problems);
  if (!absent(options.user_location) && !isObject(options.user_location))
    problems.add('web_search_options.user_location', 'must be an object {type: "approximate", approximate}');
  return options;
}

function prediction(value: unknown, problems: Problems): Raw | undefined {
  const predicted = objectField(value, 'prediction', problems);
  if (!predicted) return undefined;
  const content = predicted.content;
  const parts = Array.isArray(content) && content.every((part) => isObject(part) && part.type === 'text' && typeof part.text === 'string');
  if (predicted.type !== 'content' || (typeof content !== 'string' && !parts)) {
    problems.add('prediction', 'must be {type: "content", content: a string or text parts}');
    return undefined;
  }
  return predicted;
}

function cacheOptions(value: unknown, problems: Problems): void {
  const options = objectField(value, 'prompt_cache_options', problems);
  if (!options) return;
  choiceField(options.mode, 'prompt_cache_options.mode', CACHE_MODES, problems);
  choiceField(options.ttl, 'prompt_cache_options.ttl', ['30m'], problems);
}

/**
 * Whether the body gives any of these fields: most requests give none, and skip the rest (the
 * validator is on every call's path, docs/benchmarks.md).
 */
function usesAny(raw: Raw): boolean {
  return (
    raw.modalities !== undefined ||
    raw.audio !== undefined ||
    raw.web_search_options !== undefined ||
    raw.verbosity !== undefined ||
    raw.prediction !== undefined ||
    raw.prompt_cache_key !== undefined ||
    raw.prompt_cache_retention !== undefined ||
    raw.prompt_cache_options !== undefined ||
    raw.safety_identifier !== undefined ||
    raw.service_tier !== undefined ||
    raw.store !== undefined ||
    raw.moderation !== undefined
  );
}

/** The OpenAI-only fields to pass on, in OpenAI's names; undefined when none asks anything. */
export function openAiFields(raw: Raw, problems: Problems): Record<string, unknown> | undefined {
  if (!usesAny(raw)) return undefined;
  const verbosity = choiceField(raw.verbosity, 'verbosity', LEVELS, problems);
  const fields: Record<string, unknown> = {
    modalities: modalities(raw.modalities, problems),
    audio: objectField(raw.audio, 'audio', problems),
    web_search_options: webSearch(raw.web_search_options, problems),
    verbosity: verbosity === 'medium' ? undefined : verbosity,
    prediction: prediction(raw.prediction, problems),
    prompt_cache_key: stringField(raw.prompt_cache_key, 'prompt_cache_key', problems, { max: 1024 }),
    prompt_cache_retention: choiceField(raw.prompt_cache_retention, 'prompt_cache_retention', CACHE_RETENTIONS, problems),
    safety_identifier: stringField(raw.safety_identifier, 'safety_identifier', problems, { max: 64 }),
  };
  cacheOptions(raw.prompt_cache_options, problems);
  choiceField(raw.service_tier, 'service_tier', SERVICE_TIERS, problems);
  if (!absent(raw.store) && typeof raw.store !== 'boolean') problems.add('store', 'must be true or false');
  if (!absent(raw.moderation) && !isObject(raw.moderation)) problems.add('moderation', 'must be an object {model, policy?}');
  let any = false;
  for (const name of Object.keys(fields)) {
    if (fields[name] === undefined) delete fields[name];
    else any = true;
  }
  return any ? fields : undefined;
}

/** Why the hub itself cannot honour a field, whatever the model: field → reason. */
function hubRefusals(raw: Raw): Record<string, string> {
  const refused: Record<string, string> = {};
  if (raw.store === true) refused.store = 'the hub keeps no chat completions; POST /responses stores responses';
  if (typeof raw.service_tier === 'string' && !['auto', 'default'].includes(raw.service_tier))
    refused.service_tier = 'the hub prices every call at the standard tier; give auto or default';
  if (isObject(raw.moderation)) refused.moderation = 'the hub runs no moderation on chat completions';
  const custom = Array.isArray(raw.tools) ? raw.tools.findIndex((tool) => isObject(tool) && tool.type === 'custom') : -1;
  if (custom >= 0) refused[`tools[${custom}].type`] = 'the hub runs function tools only, not custom tools';
  return refused;
}

/**
 * 400 svc_unsupported_parameter naming the valid OpenAI fields no model behind the hub can
 * honour (`store: true`, `service_tier` flex/priority/scale/fast, `moderation`, a custom tool); checked after
 * the body is valid.
 */
export function refuseHubUnsupported(raw: Raw): void {
  if (raw.store !== true && absent(raw.service_tier) && absent(raw.moderation) && absent(raw.tools)) return;
  const refused = hubRefusals(raw);
  const names = Object.keys(refused);
  if (names.length === 0) return;
  throw new ApiError(400, 'svc_unsupported_parameter', `Parameter "${names[0]}" is not supported: ${refused[names[0]!]}.`, {
    params: refused,
  });
}
