import { collect, settingsFor, useFixtureProvider } from '../__fixtures__/fixture-server';
import { createOpenAiProvider } from './openai';
import { createOpenRouterProvider } from '../openrouter/openrouter';
import type { ChatRequest, Provider } from '../types';

const signal = () => new AbortController().signal;
const weather = {
  name: 'weather',
  description: 'The weather',
  parameters: { type: 'object', properties: { location: { type: 'string' } }, required: ['location'] },
  strict: true,
};
const request: ChatRequest = {
  model: 'gpt-4o-mini',
  messages: [{ role: 'user', content: 'Weather in Berlin and Paris?' }],
  tools: [weather],
};

describe('openai provider: the whole chat surface (synthetic tool-call answers: nothing is recorded for Chat Completions)', () => {
  const upstream = useFixtureProvider(createOpenAiProvider, 'openai', { path: '/v1', framing: { done: true } });
  let openrouter: Provider;

  beforeAll(() => {
    openrouter = createOpenRouterProvider(settingsFor(upstream.server, 'openrouter', '/api/v1'));
  });
  afterAll(() => openrouter.close());

  it('streams interleaved parallel calls by index, id and name on each first piece, and cached tokens from the usage chunk', async () => {
    upstream.serve('openai-parallel-tool-calls-synthetic.chunks.txt');
    const events = await collect(upstream.provider.stream(request, { signal: signal() }));

    expect(events).toEqual([
      { type: 'tool_call', index: 0, id: 'call_weatherA', name: 'weather', arguments: '' },
      { type: 'tool_call', index: 0, arguments: '{"location":' },
      { type: 'tool_call', index: 1, id: 'call_weatherB', name: 'weather', arguments: '' },
      { type: 'tool_call', index: 1, arguments: '{"location":"Paris"}' },
      { type: 'tool_call', index: 0, arguments: '"Berlin"}' },
      { type: 'finish', reason: 'tool_calls' },
      { type: 'usage', usage: { promptTokens: 80, completionTokens: 40, totalTokens: 120, cachedTokens: 64 } },
    ]);
  });

  it('maps a blocking tool call and passes logprobs through', async () => {
    upstream.serve('openai-tool-call-synthetic.json');
    const result = await upstream.provider.chat({ ...request, logprobs: true }, { signal: signal() });

    expect(result).toEqual({
      content: '',
      toolCalls: [{ id: 'call_weatherA', name: 'weather', arguments: '{"location":"Berlin"}' }],
      finishReason: 'tool_calls',
      usage: { promptTokens: 80, completionTokens: 20, totalTokens: 100 },
      logprobs: { content: [], refusal: null },
    });
  });

  it('sends every docs/architecture.md §9 field the OpenAI way: developer role, image parts, tool history, tools, response_format, the rest', async () => {
    upstream.serve('openai-tool-call-synthetic.json');
    await upstream.provider.chat(
      {
        model: 'gpt-4o-mini',
        messages: [
          { role: 'developer', content: 'Be brief.' },
          {
            role: 'user',
            content: 'What is this?',
            parts: [
              { type: 'text', text: 'What is this?' },
              { type: 'image', source: { kind: 'url', url: 'https://example.com/a.png' }, detail: 'low' },
              { type: 'image', source: { kind: 'data', mediaType: 'image/png', base64: 'iVBORw0KGgo=' } },
            ],
          },
          { role: 'assistant', content: '', toolCalls: [{ id: 'call_1', name: 'weather', arguments: '{"location":"Berlin"}' }] },
          { role: 'tool', content: 'sunny', toolCallId: 'call_1' },
        ],
        tools: [weather],
        toolChoice: { name: 'weather' },
        parallelToolCalls: true,
        responseFormat: { type: 'json_schema', name: 'answer', schema: { type: 'object', properties: {} }, strict: true },
        seed: 42,
        presencePenalty: 0.5,
        frequencyPenalty: -0.5,
        logitBias: { '50256': -100 },
        logprobs: true,
        topLogprobs: 2,
        reasoningEffort: 'low',
        user: 'user-7',
        stop: ['END'],
        maxTokens: 99,
      },
      { signal: signal() },
    );

    expect(upstream.server.requests.at(-1)!.body).toEqual({
      model: 'gpt-4o-mini',
      messages: [
        { role: 'developer', content: 'Be brief.' },
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is this?' },
            { type: 'image_url', image_url: { url: 'https://example.com/a.png', detail: 'low' } },
            { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
          ],
        },
        {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'weather', arguments: '{"location":"Berlin"}' } }],
        },
        { role: 'tool', tool_call_id: 'call_1', content: 'sunny' },
      ],
      tools: [{ type: 'function', function: weather }],
      tool_choice: { type: 'function', function: { name: 'weather' } },
      parallel_tool_calls: true,
      response_format: { type: 'json_schema', json_schema: { name: 'answer', schema: { type: 'object', properties: {} }, strict: true } },
      seed: 42,
      presence_penalty: 0.5,
      frequency_penalty: -0.5,
      logit_bias: { '50256': -100 },
      logprobs: true,
      top_logprobs: 2,
      reasoning_effort: 'low',
      user: 'user-7',
      stop: ['END'],
      max_completion_tokens: 99,
    });
  });

  it('OpenRouter passes the fields through with max_tokens, developer as system, and json_object as is', async () => {
    upstream.serve('openai-tool-call-synthetic.json');
    await openrouter.chat(
      {
        ...request,
        messages: [{ role: 'developer', content: 'Be brief.' }, ...request.messages],
        responseFormat: { type: 'json_object' },
        maxTokens: 10,
        user: 'u',
      },
      { signal: signal() },
    );

    expect(upstream.server.requests.at(-1)!.body).toMatchObject({
      messages: [{ role: 'system', content: 'Be brief.' }, request.messages[0]],
      response_format: { type: 'json_object' },
      max_tokens: 10,
      user: 'u',
      tools: [{ type: 'function', function: weather }],
    });
  });
});
