import { ApiError } from '../support/api-error';
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
type Raw = Record<string, unknown>;

function messages(raw: unknown, params: Record<string, string>): ChatMessage[] {
  if (!Array.isArray(raw) || raw.length === 0) {
    params.messages = 'must be a non-empty list of {role, content}';
    return [];
  }
  if (raw.length > 1000) params.messages = 'must hold at most 1000 messages';
  raw.forEach((message: unknown, index) => {
    const item = message as Raw | null;
    if (!item || typeof item !== 'object') params[`messages[${index}]`] = 'must be an object with role and content';
    else if (!ROLES.has(item.role as string)) params[`messages[${index}].role`] = 'must be system, user or assistant';
    else if (typeof item.content !== 'string') params[`messages[${index}].content`] = 'must be a string';
  });
  return raw.map((item: Raw) => ({ role: item?.role, content: item?.content }) as ChatMessage);
}

function number(raw: Raw, name: string, min: number, max: number, params: Record<string, string>, integer = false): number | undefined {
  const value = raw[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max || (integer && !Number.isInteger(value))) {
    params[name] = `must be ${integer ? 'an integer' : 'a number'} from ${min} to ${max}`;
    return undefined;
  }
  return value;
}

function stop(value: unknown, params: Record<string, string>): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  const list = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(list) || list.length > 4 || list.some((item) => typeof item !== 'string' || item.length === 0)) {
    params.stop = 'must be a string or a list of at most 4 strings';
    return undefined;
  }
  return list as string[];
}

function metadata(value: unknown, params: Record<string, string>): ParsedChatRequest['metadata'] {
  const result = { team: '', campaign: '', user: '' };
  if (value === undefined || value === null) return result;
  if (typeof value !== 'object' || Array.isArray(value)) {
    params.metadata = 'must be an object {team, campaign, user}';
    return result;
  }
  for (const name of ['team', 'campaign', 'user'] as const) {
    const field = (value as Raw)[name];
    if (field === undefined || field === null) continue;
    if (typeof field !== 'string' || field.length > 190) params[`metadata.${name}`] = 'must be a string of at most 190 characters';
    else result[name] = field;
  }
  return result;
}

/** `model` or `purpose` (model wins); each a string when given. */
export function target(raw: Raw, params: Record<string, string>): { model: string | null; purpose: string | null } {
  const model = raw.model === undefined || raw.model === null || raw.model === '' ? null : raw.model;
  const purpose = raw.purpose === undefined || raw.purpose === null || raw.purpose === '' ? null : raw.purpose;
  if (model !== null && (typeof model !== 'string' || model.length > 200)) params.model = 'must be a model id <provider>/<model_name>';
  if (purpose !== null && typeof purpose !== 'string') params.purpose = 'must be a purpose name';
  if (model === null && purpose === null) params.model = 'give a model id or a purpose';
  return { model: typeof model === 'string' ? model : null, purpose: model === null && typeof purpose === 'string' ? purpose : null };
}

export function parseChatRequest(raw: Raw): ParsedChatRequest {
  const params: Record<string, string> = {};
  const parsed: ParsedChatRequest = {
    ...target(raw, params),
    messages: messages(raw.messages, params),
    temperature: number(raw, 'temperature', 0, 2, params),
    topP: number(raw, 'top_p', 0, 1, params),
    maxTokens: number(raw, 'max_tokens', 1, 1_000_000, params, true) ?? number(raw, 'max_completion_tokens', 1, 1_000_000, params, true),
    stop: stop(raw.stop, params),
    metadata: metadata(raw.metadata, params),
    stream: raw.stream === true,
  };
  if (raw.stream !== undefined && raw.stream !== null && typeof raw.stream !== 'boolean') params.stream = 'must be true or false';
  if (Object.keys(params).length > 0) throw ApiError.invalidRequest(params);
  return parsed;
}
