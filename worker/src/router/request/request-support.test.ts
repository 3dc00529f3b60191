import { ApiError } from '../../support/api-error';
import { findModel, type CatalogModel } from '../catalog/models';
import { parseChatRequest } from './chat-request';
import { honouringCandidates, neededFeatures } from './request-support';

const model = (id: string) => findModel(id)!;
const needs = (extra: Record<string, unknown>) =>
  neededFeatures(parseChatRequest({ model: 'mock/echo', messages: [{ role: 'user', content: 'hi' }], ...extra }));

function refusal(candidates: CatalogModel[], extra: Record<string, unknown>): ApiError {
  try {
    honouringCandidates(candidates, needs(extra));
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected svc_unsupported_parameter');
}

describe('the unsupported-parameter rule', () => {
  it('names each field a request relies on; default values rely on nothing', () => {
    expect(needs({})).toEqual([]);
    expect(needs({ presence_penalty: 0, logprobs: false, tool_choice: 'none' })).toEqual([]);
    expect(
      needs({
        seed: 1,
        logit_bias: { '1': 2 },
        reasoning_effort: 'low',
        response_format: { type: 'json_schema', json_schema: { name: 'a', schema: {} } },
      }).map((need) => need.field),
    ).toEqual(['response_format', 'reasoning_effort', 'seed', 'logit_bias']);
    expect(
      needs({
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'x' },
              { type: 'image_url', image_url: { url: 'https://e.com/a.png' } },
            ],
          },
        ],
      }),
    ).toEqual([{ field: 'messages[0].content[1]', feature: 'images' }]);
  });

  it('refuses an explicit model that cannot honour a field, naming field and model', () => {
    const error = refusal([model('anthropic/claude-3-5-haiku-latest')], { logit_bias: { '50256': -100 } });
    expect([error.status, error.code]).toEqual([400, 'svc_unsupported_parameter']);
    expect(error.data).toEqual({
      params: { logit_bias: 'model "anthropic/claude-3-5-haiku-latest" cannot honour it' },
      model: 'anthropic/claude-3-5-haiku-latest',
    });
    expect(
      refusal([model('mistral/mistral-large-latest')], {
        messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'https://e.com/a.png' } }] }],
      }).data.params,
    ).toEqual({
      'messages[0].content[0]': 'model "mistral/mistral-large-latest" cannot honour it',
    });
  });

  it('a purpose skips the models that cannot, and fails only when none can', () => {
    const anthropic = model('anthropic/claude-3-5-haiku-latest');
    const openai = model('openai/gpt-4o-mini');
    expect(honouringCandidates([anthropic, openai], needs({ seed: 3 }))).toEqual([openai]);
    expect(honouringCandidates([anthropic, openai], needs({ tools: [{ type: 'function', function: { name: 'f' } }] }))).toEqual([
      anthropic,
      openai,
    ]);
    const error = refusal([anthropic, model('anthropic/claude-sonnet-4-5')], { seed: 3 });
    expect(error.code).toBe('svc_unsupported_parameter');
    expect(Object.keys(error.data.params as object)).toEqual(['seed']);
  });

  it('OpenAI-only features: a purpose keeps the OpenAI models that have them (verbosity: gpt-5), none has audio', () => {
    const [mini, gpt5, claude] = ['openai/gpt-4o-mini', 'openai/gpt-5', 'anthropic/claude-sonnet-4-5'].map(model);
    expect(honouringCandidates([mini!, gpt5!, claude!], needs({ verbosity: 'low' }))).toEqual([gpt5]);
    expect(needs({ verbosity: 'medium', modalities: ['text'] })).toEqual([]);
    const error = refusal([mini!, gpt5!], { modalities: ['text', 'audio'] });
    expect(error.data).toMatchObject({ params: { modalities: expect.any(String) }, model: ['openai/gpt-4o-mini', 'openai/gpt-5'] });
  });
});
