import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ApiError } from '../../support/api-error';
import { findModel } from '../catalog/models';
import { providerRequest } from '../calls/provider-call';
import { OPENAI_DIALECT } from '../../providers/openai/openai';
import { DEFAULT_DIALECT, toChatPayload } from '../../providers/openai-compatible/request';
import { honouringCandidates } from '../request/request-support';
import { readResponsesFields, responsesNeeds, toChatRequest } from './request';

/**
 * The fate of every field of OpenAI's Responses request (docs/api-notes.md "Request fields,
 * one by one"), as request/field-fates.test.ts does for Chat Completions: the Responses
 * validator, the chat validator it hands over to, the unsupported-parameter rule and the
 * OpenAI provider's body.
 */
type Fate =
  | { sent: Record<string, unknown> }
  | { notSent: string[] }
  | { refused: 'svc_invalid_request' | 'svc_unsupported_parameter'; param: string };

const OPENAI_TYPES = join(__dirname, '../../../../node_modules/openai/resources');
const TOOL = { type: 'function', name: 'lookup', parameters: { type: 'object', properties: {} } };
const SENT_TOOL = { type: 'function', function: { name: 'lookup', parameters: { type: 'object', properties: {} } } };

const ROWS: Array<[field: string, model: string, extra: Record<string, unknown>, fate: Fate]> = [
  ['access_programs', 'openai/gpt-4o', { access_programs: { cyber: 'standard' } }, { notSent: ['access_programs'] }],
  [
    'access_programs',
    'openai/gpt-4o',
    { access_programs: { cyber: 'daybreak_red' } },
    { refused: 'svc_unsupported_parameter', param: 'access_programs' },
  ],
  ['background', 'openai/gpt-4o', { background: true }, { refused: 'svc_unsupported_parameter', param: 'background' }],
  [
    'background_options',
    'openai/gpt-4o',
    { background_options: { completion_window: '2h' } },
    { refused: 'svc_unsupported_parameter', param: 'background_options' },
  ],
  [
    'context_management',
    'openai/gpt-4o',
    { context_management: [{ type: 'compaction' }] },
    { refused: 'svc_unsupported_parameter', param: 'context_management' },
  ],
  ['conversation', 'openai/gpt-4o', { conversation: 'conv_1' }, { refused: 'svc_unsupported_parameter', param: 'conversation' }],
  ['image', 'openai/gpt-4o', { image: { context_compression: 'auto' } }, { notSent: ['context_compression'] }],
  [
    'image',
    'openai/gpt-4o',
    { image: { context_compression: 'enabled' } },
    { refused: 'svc_unsupported_parameter', param: 'image.context_compression' },
  ],
  ['include', 'openai/gpt-4o', { include: ['message.output_text.logprobs'] }, { sent: { logprobs: true } }],
  ['include', 'openai/gpt-4o', { include: ['reasoning.encrypted_content'] }, { notSent: ['include', 'logprobs'] }],
  ['include', 'openai/gpt-4o', { include: ['everything'] }, { refused: 'svc_invalid_request', param: 'include' }],
  ['input', 'openai/gpt-4o', {}, { sent: { messages: [{ role: 'user', content: 'hi' }] } }],
  [
    'instructions',
    'openai/gpt-4o',
    { instructions: 'Be brief.' },
    {
      sent: {
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'hi' },
        ],
      },
    },
  ],
  ['max_output_tokens', 'openai/gpt-4o', { max_output_tokens: 30 }, { sent: { max_completion_tokens: 30 } }],
  ['max_tool_calls', 'openai/gpt-4o', { max_tool_calls: 3 }, { notSent: ['max_tool_calls'] }],
  ['max_tool_calls', 'openai/gpt-4o', { max_tool_calls: 0 }, { refused: 'svc_invalid_request', param: 'max_tool_calls' }],
  ['metadata', 'openai/gpt-4o', { metadata: { team: 'sales' } }, { notSent: ['metadata'] }],
  ['model', 'openai/gpt-4o', {}, { sent: { model: 'gpt-4o' } }],
  [
    'moderation',
    'openai/gpt-4o',
    { moderation: { model: 'omni-moderation-latest' } },
    { refused: 'svc_unsupported_parameter', param: 'moderation' },
  ],
  ['parallel_tool_calls', 'openai/gpt-4o', { tools: [TOOL], parallel_tool_calls: false }, { sent: { parallel_tool_calls: false } }],
  [
    'previous_response_id',
    'openai/gpt-4o',
    { previous_response_id: 'nope' },
    { refused: 'svc_invalid_request', param: 'previous_response_id' },
  ],
  ['prompt', 'openai/gpt-4o', { prompt: { id: 'pmpt_1' } }, { refused: 'svc_unsupported_parameter', param: 'prompt' }],
  ['prompt_cache_key', 'openai/gpt-4o', { prompt_cache_key: 'faq' }, { sent: { prompt_cache_key: 'faq' } }],
  ['prompt_cache_options', 'openai/gpt-4o', { prompt_cache_options: { ttl: '30m' } }, { notSent: ['prompt_cache_options'] }],
  ['prompt_cache_retention', 'openai/gpt-5', { prompt_cache_retention: '24h' }, { sent: { prompt_cache_retention: '24h' } }],
  ['reasoning', 'openai/gpt-5', { reasoning: { effort: 'low', summary: 'auto' } }, { sent: { reasoning_effort: 'low' } }],
  ['reasoning', 'openai/gpt-5', { reasoning: { mode: 'pro' } }, { refused: 'svc_unsupported_parameter', param: 'reasoning.mode' }],
  ['reasoning', 'openai/gpt-5', { reasoning: { summary: 'long' } }, { refused: 'svc_invalid_request', param: 'reasoning.summary' }],
  ['safety_identifier', 'openai/gpt-4o', { safety_identifier: 'h1' }, { sent: { safety_identifier: 'h1' } }],
  ['service_tier', 'openai/gpt-4o', { service_tier: 'default' }, { notSent: ['service_tier'] }],
  ['service_tier', 'openai/gpt-4o', { service_tier: 'priority' }, { refused: 'svc_unsupported_parameter', param: 'service_tier' }],
  ['store', 'openai/gpt-4o', { store: 'yes' }, { refused: 'svc_invalid_request', param: 'store' }],
  ['stream', 'openai/gpt-4o', { stream: 1 }, { refused: 'svc_invalid_request', param: 'stream' }],
  [
    'stream_options',
    'openai/gpt-4o',
    { stream: true, stream_options: { include_obfuscation: 'no' } },
    { refused: 'svc_invalid_request', param: 'stream_options.include_obfuscation' },
  ],
  ['temperature', 'openai/gpt-4o', { temperature: 0.3 }, { sent: { temperature: 0.3 } }],
  ['text', 'openai/gpt-5', { text: { verbosity: 'high' } }, { sent: { verbosity: 'high' } }],
  ['text', 'openai/gpt-4o', { text: { verbosity: 'low' } }, { refused: 'svc_unsupported_parameter', param: 'text.verbosity' }],
  [
    'tool_choice',
    'openai/gpt-4o',
    { tools: [TOOL], tool_choice: { type: 'function', name: 'lookup' } },
    { sent: { tool_choice: { type: 'function', function: { name: 'lookup' } } } },
  ],
  ['tools', 'openai/gpt-4o', { tools: [TOOL] }, { sent: { tools: [SENT_TOOL] } }],
  ['tools', 'openai/gpt-4o', { tools: [TOOL, { type: 'web_search' }] }, { refused: 'svc_unsupported_parameter', param: 'tools[1].type' }],
  ['top_logprobs', 'openai/gpt-4o', { include: ['message.output_text.logprobs'], top_logprobs: 2 }, { sent: { top_logprobs: 2 } }],
  ['top_p', 'openai/gpt-4o', { top_p: 0.5 }, { sent: { top_p: 0.5 } }],
  ['truncation', 'openai/gpt-4o', { truncation: 'disabled' }, { notSent: ['truncation'] }],
  ['truncation', 'openai/gpt-4o', { truncation: 'auto' }, { refused: 'svc_unsupported_parameter', param: 'truncation' }],
  ['user', 'openai/gpt-4o', { user: 'u-1' }, { sent: { user: 'u-1' } }],
];

function fateOf(modelId: string, extra: Record<string, unknown>): { body: Record<string, unknown> } | { error: ApiError } {
  try {
    const raw = { model: modelId, input: 'hi', ...extra };
    const parsed = toChatRequest(raw, readResponsesFields(raw), []);
    const model = findModel(modelId)!;
    honouringCandidates([model], responsesNeeds(parsed));
    return { body: toChatPayload(providerRequest(parsed, model), parsed.stream, { ...DEFAULT_DIALECT, ...OPENAI_DIALECT }) };
  } catch (error) {
    if (error instanceof ApiError) return { error };
    throw error;
  }
}

describe('the fate of every Responses field', () => {
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

  it('covers every field of the openai SDK’s ResponseCreateParams', () => {
    const types = readFileSync(join(OPENAI_TYPES, 'responses/responses.d.ts'), 'utf8');
    const base = /export interface ResponseCreateParamsBase \{([\s\S]*?)\n\}/.exec(types)![1]!;
    const fields = [...base.matchAll(/^ {4}(\w+)\??:/gm)].map((match) => match[1]);
    expect(fields.length).toBeGreaterThan(30);
    expect([...new Set(ROWS.map(([field]) => field))].sort()).toEqual([...new Set(fields)].sort());
  });
});
