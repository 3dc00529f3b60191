import type { Problems, Raw } from '../../support/problems';
import { absent, isObject } from './fields';
import { checkNesting } from './nesting';

/** Purpose names are at most 64 characters (PURPOSE_PATTERN); a longer one is refused, never echoed. */
const MAX_PURPOSE_CHARACTERS = 64;
/** Each of metadata's team, campaign and user (the usage row's columns). */
export const MAX_METADATA_CHARACTERS = 190;

export interface CallMetadata {
  team: string;
  campaign: string;
  user: string;
}

/** `model` or `purpose` (model wins); each a string when given. Shared by chat, responses and embeddings. */
export function target(raw: Raw, problems: Problems): { model: string | null; purpose: string | null } {
  const model = raw.model === undefined || raw.model === null || raw.model === '' ? null : raw.model;
  const purpose = raw.purpose === undefined || raw.purpose === null || raw.purpose === '' ? null : raw.purpose;
  if (model !== null && (typeof model !== 'string' || model.length > 200))
    problems.add('model', 'must be a model id <provider>/<model_name>');
  if (purpose !== null && (typeof purpose !== 'string' || purpose.length > MAX_PURPOSE_CHARACTERS)) {
    problems.add('purpose', `must be a purpose name of at most ${MAX_PURPOSE_CHARACTERS} characters`);
  }
  if (model === null && purpose === null) problems.add('model', 'give a model id or a purpose');
  return { model: typeof model === 'string' ? model : null, purpose: model === null && typeof purpose === 'string' ? purpose : null };
}

/**
 * `metadata`: an object; its team, campaign and user (strings of at most 190 characters) go
 * on the usage row; other keys are the client's own and ignored (the Responses API echoes them,
 * so the whole object is held to the nesting limits). The same rule for every route.
 */
export function metadata(value: unknown, problems: Problems): CallMetadata {
  const result = { team: '', campaign: '', user: '' };
  if (absent(value)) return result;
  if (!isObject(value)) {
    problems.add('metadata', 'must be an object {team, campaign, user}');
    return result;
  }
  if (!checkNesting(value, 'metadata', problems)) return result;
  for (const name of ['team', 'campaign', 'user'] as const) {
    const field = value[name];
    if (absent(field)) continue;
    if (typeof field !== 'string' || field.length > MAX_METADATA_CHARACTERS)
      problems.add(`metadata.${name}`, `must be a string of at most ${MAX_METADATA_CHARACTERS} characters`);
    else result[name] = field;
  }
  return result;
}
