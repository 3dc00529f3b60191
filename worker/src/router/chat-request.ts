import { Problems, type Raw } from '../support/problems';
import type { ChatMessage } from './providers/types';

/** A chat request as the router received it, validated (DESIGN §4). */
export interface ParsedChatRequest {
  model: string | null;
  purpose: string | null;
  messages: ChatMessage[];
  temperature?: number;
  topP?: number;
  maxTokens?: number;
  stop?: string[];
  metadata: { team: string; campaign: string; user: string };
  stream: boolean;
}

const ROLES = new Set(['system', 'user', 'assistant']);
/** The most messages one chat request may hold; a longer list is refused without walking it. */
export const MAX_MESSAGES = 1000;
/** Purpose names are at most 64 characters (PURPOSE_PATTERN); a longer one is refused, never echoed. */
const MAX_PURPOSE_CHARACTERS = 64;

function messages(raw: unknown, problems: Problems): ChatMessage[] {
  if (!Array.isArray(raw) || raw.length === 0) {
    problems.add('messages', 'must be a non-empty list of {role, content}');
    return [];
  }
  if (raw.length > MAX_MESSAGES) {
    problems.add('messages', `must hold at most ${MAX_MESSAGES} messages`);
    return [];
  }
  raw.forEach((message: unknown, index) => {
    const item = message as Raw | null;
    if (!item || typeof item !== 'object') problems.add(`messages[${index}]`, 'must be an object with role and content');
    else if (!ROLES.has(item.role as string)) problems.add(`messages[${index}].role`, 'must be system, user or assistant');
    else if (typeof item.content !== 'string') problems.add(`messages[${index}].content`, 'must be a string');
  });
  return raw.map((item: Raw) => ({ role: item?.role, content: item?.content }) as ChatMessage);
}

function number(raw: Raw, name: string, min: number, max: number, problems: Problems, integer = false): number | undefined {
  const value = raw[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max || (integer && !Number.isInteger(value))) {
    problems.add(name, `must be ${integer ? 'an integer' : 'a number'} from ${min} to ${max}`);
    return undefined;
  }
  return value;
}

function stop(value: unknown, problems: Problems): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  const list = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(list) || list.length > 4 || list.some((item) => typeof item !== 'string' || item.length === 0)) {
    problems.add('stop', 'must be a string or a list of at most 4 strings');
    return undefined;
  }
  return list as string[];
}

function metadata(value: unknown, problems: Problems): ParsedChatRequest['metadata'] {
  const result = { team: '', campaign: '', user: '' };
  if (value === undefined || value === null) return result;
  if (typeof value !== 'object' || Array.isArray(value)) {
    problems.add('metadata', 'must be an object {team, campaign, user}');
    return result;
  }
  for (const name of ['team', 'campaign', 'user'] as const) {
    const field = (value as Raw)[name];
    if (field === undefined || field === null) continue;
    if (typeof field !== 'string' || field.length > 190) problems.add(`metadata.${name}`, 'must be a string of at most 190 characters');
    else result[name] = field;
  }
  return result;
}

/** `model` or `purpose` (model wins); each a string when given. */
export function target(raw: Raw, problems: Problems): { model: string | null; purpose: string | null } {
  const model = raw.model === undefined || raw.model === null || raw.model === '' ? null : raw.model;
  const purpose = raw.purpose === undefined || raw.purpose === null || raw.purpose === '' ? null : raw.purpose;
  if (model !== null && (typeof model !== 'string' || model.length > 200)) problems.add('model', 'must be a model id <provider>/<model_name>');
  if (purpose !== null && (typeof purpose !== 'string' || purpose.length > MAX_PURPOSE_CHARACTERS)) {
    problems.add('purpose', `must be a purpose name of at most ${MAX_PURPOSE_CHARACTERS} characters`);
  }
  if (model === null && purpose === null) problems.add('model', 'give a model id or a purpose');
  return { model: typeof model === 'string' ? model : null, purpose: model === null && typeof purpose === 'string' ? purpose : null };
}

/** The chat body (DESIGN §4), or svc_invalid_request naming its first bad fields. */
export function parseChatRequest(raw: Raw): ParsedChatRequest {
  const problems = new Problems();
  const parsed: ParsedChatRequest = {
    ...target(raw, problems),
    messages: messages(raw.messages, problems),
    temperature: number(raw, 'temperature', 0, 2, problems),
    topP: number(raw, 'top_p', 0, 1, problems),
    maxTokens: number(raw, 'max_tokens', 1, 1_000_000, problems, true) ?? number(raw, 'max_completion_tokens', 1, 1_000_000, problems, true),
    stop: stop(raw.stop, problems),
    metadata: metadata(raw.metadata, problems),
    stream: raw.stream === true,
  };
  if (raw.stream !== undefined && raw.stream !== null && typeof raw.stream !== 'boolean') problems.add('stream', 'must be true or false');
  problems.throwIfAny();
  return parsed;
}
