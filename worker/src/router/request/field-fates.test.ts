import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ApiError } from '../../support/api-error';
import { findModel } from '../catalog/models';
import { providerRequest } from '../calls/provider-call';
import { OPENAI_DIALECT } from '../../providers/openai/openai';
import { DEFAULT_DIALECT, toChatPayload } from '../../providers/openai-compatible/request';
import { parseChatRequest } from './chat-request';
import { honouringCandidates, neededFeatures } from './request-support';

/**
 * The fate of every field of OpenAI's Chat Completions request (docs/api-notes.md "Request
 * fields, one by one"): one row per field (some have more), over the validator, the
 * unsupported-parameter rule and the OpenAI provider's request body. `sent`: what OpenAI's
 * body then holds; `notSent`: accepted, but these names stay out of it; `refused`: the code and
 * the field named.
 */
type Fate =
  | { sent: Record<string, unknown> }
  | { notSent: string[] }
  | { refused: 'svc_invalid_request' | 'svc_unsupported_parameter'; param: string };

/** The openai SDK's request types: the newest, authoritative list of fields. */
const OPENAI_TYPES = join(__dirname, '../../../../node_modules/openai/resources');
const USER = [{ role: 'user', content: 'hi' }];
const FUNCTION = { name: 'lookup', parameters: { type: 'object', properties: { q: { type: 'string' } } } };
const TOOL = { type: 'function', function: FUNCTION };

const ROWS: Array<[field: string, model: string, extra: Record<string, unknown>, fate: Fate]> = [
  [
    'messages',
    'openai/gpt-4o',
    { messages: [{ role: 'developer', content: 'be brief' }, ...USER] },
    { sent: { messages: [{ role: 'developer', content: 'be brief' }, ...USER] } },
  ],
  ['model', 'openai/gpt-4o', {}, { sent: { model: 'gpt-4o' } }],
  ['audio', 'openai/gpt-4o', { audio: { voice: 'alloy', format: 'mp3' } }, { refused: 'svc_unsupported_parameter', param: 'audio' }],
  ['frequency_penalty', 'openai/gpt-4o', { frequency_penalty: 0.5 }, { sent: { frequency_penalty: 0.5 } }],
  ['functions', 'openai/gpt-4o', { functions: [FUNCTION] }, { sent: { tools: [TOOL], parallel_tool_calls: false } }],
  ['functions', 'openai/gpt-4o', { functions: [FUNCTION], tools: [TOOL] }, { refused: 'svc_invalid_request', param: 'functions' }],
  ['functions', 'openai/gpt-4o', { functions: [{ name: 'bad name' }] }, { refused: 'svc_invalid_request', param: 'functions[0].name' }],
  [
    'function_call',
    'openai/gpt-4o',
    { functions: [FUNCTION], function_call: { name: 'lookup' } },
    { sent: { tool_choice: { type: 'function', function: { name: 'lookup' } } } },
  ],
  ['function_call', 'openai/gpt-4o', { function_call: 'auto' }, { refused: 'svc_invalid_request', param: 'function_call' }],
  ['logit_bias', 'openai/gpt-4o', { logit_bias: { '50256': -100 } }, { sent: { logit_bias: { '50256': -100 } } }],
  ['logprobs', 'openai/gpt-4o', { logprobs: true }, { sent: { logprobs: true } }],
  ['max_completion_tokens', 'openai/gpt-4o', { max_completion_tokens: 50 }, { sent: { max_completion_tokens: 50 } }],
  ['max_tokens', 'openai/gpt-4o', { max_tokens: 40 }, { sent: { max_completion_tokens: 40 } }],
  ['metadata', 'openai/gpt-4o', { metadata: { team: 'sales', note: 'x' } }, { notSent: ['metadata'] }],
  ['modalities', 'openai/gpt-4o', { modalities: ['text'] }, { notSent: ['modalities'] }],
  ['modalities', 'openai/gpt-4o', { modalities: ['text', 'audio'] }, { refused: 'svc_unsupported_parameter', param: 'modalities' }],
  [
    'moderation',
    'openai/gpt-4o',
    { moderation: { model: 'omni-moderation-latest' } },
    { refused: 'svc_unsupported_parameter', param: 'moderation' },
  ],
  ['n', 'openai/gpt-4o', { n: 2 }, { refused: 'svc_invalid_request', param: 'n' }],
  ['parallel_tool_calls', 'openai/gpt-4o', { tools: [TOOL], parallel_tool_calls: false }, { sent: { parallel_tool_calls: false } }],
  [
    'prediction',
    'openai/gpt-4o',
    { prediction: { type: 'content', content: 'old text' } },
    { sent: { prediction: { type: 'content', content: 'old text' } } },
  ],
  ['prediction', 'openai/gpt-5', { prediction: { type: 'content', content: 'old text' } }, { notSent: ['prediction'] }],
  ['prediction', 'openai/gpt-4o', { prediction: { type: 'content' } }, { refused: 'svc_invalid_request', param: 'prediction' }],
  ['presence_penalty', 'openai/gpt-4o', { presence_penalty: -1 }, { sent: { presence_penalty: -1 } }],
  ['prompt_cache_key', 'openai/gpt-4o', { prompt_cache_key: 'faq-v1' }, { sent: { prompt_cache_key: 'faq-v1' } }],
  ['prompt_cache_options', 'openai/gpt-5', { prompt_cache_options: { mode: 'implicit' } }, { notSent: ['prompt_cache_options'] }],
  [
    'prompt_cache_options',
    'openai/gpt-5',
    { prompt_cache_options: { mode: 'always' } },
    { refused: 'svc_invalid_request', param: 'prompt_cache_options.mode' },
  ],
  ['prompt_cache_retention', 'openai/gpt-4.1', { prompt_cache_retention: '24h' }, { sent: { prompt_cache_retention: '24h' } }],
  ['prompt_cache_retention', 'openai/gpt-4o', { prompt_cache_retention: '24h' }, { notSent: ['prompt_cache_retention'] }],
  ['reasoning_effort', 'openai/gpt-5', { reasoning_effort: 'low' }, { sent: { reasoning_effort: 'low' } }],
  [
    'response_format',
    'openai/gpt-4o',
    { response_format: { type: 'json_object' } },
    { sent: { response_format: { type: 'json_object' } } },
  ],
  ['safety_identifier', 'openai/gpt-4o', { safety_identifier: 'user-hash-1' }, { sent: { safety_identifier: 'user-hash-1' } }],
  [
    'safety_identifier',
    'openai/gpt-4o',
    { safety_identifier: 'x'.repeat(65) },
    { refused: 'svc_invalid_request', param: 'safety_identifier' },
  ],
  ['seed', 'openai/gpt-4o', { seed: 7 }, { sent: { seed: 7 } }],
  ['service_tier', 'openai/gpt-4o', { service_tier: 'auto' }, { notSent: ['service_tier'] }],
  ['service_tier', 'openai/gpt-4o', { service_tier: 'flex' }, { refused: 'svc_unsupported_parameter', param: 'service_tier' }],
  ['stop', 'openai/gpt-4o', { stop: 'END' }, { sent: { stop: ['END'] } }],
  ['store', 'openai/gpt-4o', { store: false }, { notSent: ['store'] }],
  ['store', 'openai/gpt-4o', { store: true }, { refused: 'svc_unsupported_parameter', param: 'store' }],
  ['stream', 'openai/gpt-4o', { stream: 'yes' }, { refused: 'svc_invalid_request', param: 'stream' }],
  [
    'stream_options',
    'openai/gpt-4o',
    { stream: true, stream_options: { include_usage: true, include_obfuscation: false } },
    { notSent: ['include_obfuscation'] },
  ],
  ['temperature', 'openai/gpt-4o', { temperature: 0.2 }, { sent: { temperature: 0.2 } }],
  ['tool_choice', 'openai/gpt-4o', { tools: [TOOL], tool_choice: 'required' }, { sent: { tool_choice: 'required' } }],
  ['tools', 'openai/gpt-4o', { tools: [TOOL] }, { sent: { tools: [TOOL] } }],
  [
    'tools',
    'openai/gpt-4o',
    { tools: [{ type: 'custom', custom: { name: 'grammar' } }] },
    { refused: 'svc_unsupported_parameter', param: 'tools[0].type' },
  ],
  ['tools', 'openai/gpt-4o', { tools: [{ type: 'retrieval' }] }, { refused: 'svc_invalid_request', param: 'tools[0].type' }],
  ['top_logprobs', 'openai/gpt-4o', { logprobs: true, top_logprobs: 3 }, { sent: { top_logprobs: 3 } }],
  ['top_p', 'openai/gpt-4o', { top_p: 0.9 }, { sent: { top_p: 0.9 } }],
  ['user', 'openai/gpt-4o', { user: 'u-1' }, { sent: { user: 'u-1' } }],
  ['verbosity', 'openai/gpt-5', { verbosity: 'low' }, { sent: { verbosity: 'low' } }],
  ['verbosity', 'openai/gpt-4o', { verbosity: 'high' }, { refused: 'svc_unsupported_parameter', param: 'verbosity' }],
  ['verbosity', 'openai/gpt-4o', { verbosity: 'medium' }, { notSent: ['verbosity'] }],
  [
    'web_search_options',
    'openai/gpt-4o',
    { web_search_options: { search_context_size: 'low' } },
    { refused: 'svc_unsupported_parameter', param: 'web_search_options' },
  ],
];

/** The OpenAI body a request becomes for `modelId`, or the refusal. */
function fateOf(modelId: string, extra: Record<string, unknown>): { body: Record<string, unknown> } | { error: ApiError } {
  try {
    const parsed = parseChatRequest({ model: modelId, messages: USER, ...extra });
    const model = findModel(modelId)!;
    honouringCandidates([model], neededFeatures(parsed));
    return { body: toChatPayload(providerRequest(parsed, model), parsed.stream, { ...DEFAULT_DIALECT, ...OPENAI_DIALECT }) };
  } catch (error) {
    if (error instanceof ApiError) return { error };
    throw error;
  }
}

describe('the fate of every Chat Completions field', () => {
  it.each(ROWS)('%s on %s: %j', (_field, model, extra, fate) => {
    const outcome = fateOf(model, extra);
    if ('refused' in fate) {
      expect('error' in outcome && { code: outcome.error.code, params: Object.keys(outcome.error.data.params as object) }).toEqual({
        code: fate.refused,
        params: expect.arrayContaining([fate.param]),
      });
      return;
    }
    if (!('body' in outcome)) throw outcome.error;
    if ('sent' in fate) expect(outcome.body).toMatchObject(fate.sent);
    else for (const name of fate.notSent) expect(JSON.stringify(outcome.body)).not.toContain(`"${name}"`);
  });

  it('covers every field of the openai SDK’s ChatCompletionCreateParams', () => {
    const types = readFileSync(join(OPENAI_TYPES, 'chat/completions/completions.d.ts'), 'utf8');
    const base = /export interface ChatCompletionCreateParamsBase \{([\s\S]*?)\n\}/.exec(types)![1]!;
    const fields = [...base.matchAll(/^ {4}(\w+)\??:/gm)].map((match) => match[1]);
    expect(fields.length).toBeGreaterThan(30);
    expect([...new Set(ROWS.map(([field]) => field))].sort()).toEqual([...new Set(fields)].sort());
  });
});
