import type { Problems, Raw } from '../../support/problems';
import type { ChatRequest, ReasoningEffort } from '../../providers/types';
import { absent, booleanField, choiceField, isObject, numberField, stringField } from './fields';

/** OpenAI's limit on logit_bias entries. */
export const MAX_LOGIT_BIAS_ENTRIES = 300;
const REASONING_EFFORTS: readonly ReasoningEffort[] = ['none', 'minimal', 'low', 'medium', 'high'];
const MAX_TOKENS = { min: 1, max: 1_000_000, integer: true };

function stop(value: unknown, problems: Problems): string[] | undefined {
  if (absent(value)) return undefined;
  const list = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(list) || list.length > 4 || list.some((item) => typeof item !== 'string' || item.length === 0)) {
    problems.add('stop', 'must be a string or a list of at most 4 strings');
    return undefined;
  }
  return list as string[];
}

function logitBias(value: unknown, problems: Problems): Record<string, number> | undefined {
  if (absent(value)) return undefined;
  if (!isObject(value)) {
    problems.add('logit_bias', 'must be an object {token id: bias from -100 to 100}');
    return undefined;
  }
  const entries = Object.entries(value);
  if (entries.length > MAX_LOGIT_BIAS_ENTRIES) {
    problems.add('logit_bias', `must hold at most ${MAX_LOGIT_BIAS_ENTRIES} entries`);
    return undefined;
  }
  const bad = entries.some(
    ([token, bias]) => !/^\d{1,10}$/.test(token) || typeof bias !== 'number' || !Number.isFinite(bias) || bias < -100 || bias > 100,
  );
  if (bad) {
    problems.add('logit_bias', 'must map token ids (digits) to biases from -100 to 100');
    return undefined;
  }
  return entries.length > 0 ? (value as Record<string, number>) : undefined;
}

/** `n`: only 1 (one choice per answer). */
function choices(value: unknown, problems: Problems): void {
  if (!absent(value) && value !== 1) problems.add('n', 'must be 1 (svc-hub answers with one choice)');
}

/** The sampling and output options of docs/architecture.md §9, in ChatRequest's names. */
export function options(
  raw: Raw,
  problems: Problems,
): Omit<ChatRequest, 'model' | 'messages' | 'tools' | 'toolChoice' | 'parallelToolCalls' | 'responseFormat'> {
  choices(raw.n, problems);
  const logprobs = booleanField(raw.logprobs, 'logprobs', problems);
  const topLogprobs = numberField(raw.top_logprobs, 'top_logprobs', problems, { min: 0, max: 20, integer: true });
  if (topLogprobs !== undefined && logprobs !== true) problems.add('top_logprobs', 'needs logprobs: true');
  const maxTokens = numberField(raw.max_completion_tokens, 'max_completion_tokens', problems, MAX_TOKENS);
  return {
    temperature: numberField(raw.temperature, 'temperature', problems, { min: 0, max: 2 }),
    topP: numberField(raw.top_p, 'top_p', problems, { min: 0, max: 1 }),
    maxTokens: maxTokens ?? numberField(raw.max_tokens, 'max_tokens', problems, MAX_TOKENS),
    stop: stop(raw.stop, problems),
    seed: numberField(raw.seed, 'seed', problems, { min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER, integer: true }),
    presencePenalty: numberField(raw.presence_penalty, 'presence_penalty', problems, { min: -2, max: 2 }),
    frequencyPenalty: numberField(raw.frequency_penalty, 'frequency_penalty', problems, { min: -2, max: 2 }),
    logitBias: logitBias(raw.logit_bias, problems),
    logprobs,
    topLogprobs,
    reasoningEffort: choiceField(raw.reasoning_effort, 'reasoning_effort', REASONING_EFFORTS, problems),
    user: stringField(raw.user, 'user', problems, { max: 256 }),
  };
}

/**
 * `stream` and `stream_options.include_usage`; `include_obfuscation` is checked and changes nothing
 * (the hub's chunks carry no `obfuscation` padding).
 */
export function streaming(raw: Raw, problems: Problems): { stream: boolean; includeUsage: boolean } {
  const stream = booleanField(raw.stream, 'stream', problems) ?? false;
  let includeUsage = false;
  if (!absent(raw.stream_options)) {
    if (!isObject(raw.stream_options)) problems.add('stream_options', 'must be an object {include_usage?, include_obfuscation?}');
    else {
      includeUsage = booleanField(raw.stream_options.include_usage, 'stream_options.include_usage', problems) ?? false;
      booleanField(raw.stream_options.include_obfuscation, 'stream_options.include_obfuscation', problems);
    }
  }
  return { stream, includeUsage };
}
