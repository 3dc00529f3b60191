import { ApiError } from '../../support/api-error';
import { effortForBudget, hubModel, nativeBody, readMessagesRequest, toChatRequest } from './request';

const USER = [{ role: 'user', content: 'hi' }];

function refusal(raw: Record<string, unknown>): ApiError {
  try {
    toChatRequest(raw);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('a Messages request as a chat request', () => {
  it('takes a bare Claude name as anthropic/<name> and a hub id as it is', () => {
    expect(hubModel('claude-sonnet-4-5')).toBe('anthropic/claude-sonnet-4-5');
    expect(hubModel('openai/gpt-4o')).toBe('openai/gpt-4o');
    expect(toChatRequest({ model: 'claude-sonnet-4-5', max_tokens: 10, messages: USER }).model).toBe('anthropic/claude-sonnet-4-5');
  });

  it('translates system, blocks, tool_use and tool_result, tools, tool_choice and the options', () => {
    const raw = {
      model: 'mock/echo',
      max_tokens: 4000,
      system: [{ type: 'text', text: 'Be brief.', cache_control: { type: 'ephemeral' } }],
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'look' },
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
            { type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'the doc' }, title: 'Notes' },
          ],
        },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: 'hmm', signature: 'sig' },
            { type: 'text', text: 'calling' },
            { type: 'tool_use', id: 'toolu_1', name: 'weather', input: { city: 'Paris' } },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'toolu_1', content: [{ type: 'text', text: 'rain' }], is_error: true },
            { type: 'text', text: 'and?' },
          ],
        },
      ],
      tools: [{ name: 'weather', description: 'Weather', input_schema: { type: 'object', properties: { city: { type: 'string' } } } }],
      tool_choice: { type: 'any', disable_parallel_tool_use: true },
      thinking: { type: 'enabled', budget_tokens: 2048 },
      stop_sequences: ['END'],
      temperature: 0.5,
      top_p: 0.9,
      metadata: { user_id: 'u-1', team: 'growth', campaign: 'spring' },
      stream: true,
      service_tier: 'auto',
    };
    const chat = toChatRequest(raw);
    expect(chat.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      {
        role: 'user',
        content: 'look\nNotes\n\nthe doc',
        parts: [
          { type: 'text', text: 'look' },
          { type: 'image', source: { kind: 'data', mediaType: 'image/png', base64: 'iVBORw0KGgo=' } },
          { type: 'text', text: 'Notes\n\nthe doc' },
        ],
      },
      { role: 'assistant', content: 'calling', toolCalls: [{ id: 'toolu_1', name: 'weather', arguments: '{"city":"Paris"}' }] },
      { role: 'tool', content: 'Error: rain', toolCallId: 'toolu_1' },
      { role: 'user', content: 'and?', parts: [{ type: 'text', text: 'and?' }] },
    ]);
    expect(chat).toMatchObject({
      model: 'mock/echo',
      maxTokens: 4000,
      tools: [{ name: 'weather', description: 'Weather', parameters: { type: 'object' } }],
      toolChoice: 'required',
      parallelToolCalls: false,
      reasoningEffort: 'low',
      stop: ['END'],
      temperature: 0.5,
      topP: 0.9,
      user: 'u-1',
      metadata: { team: 'growth', campaign: 'spring', user: '' },
      stream: true,
    });
    expect(chat.native).toEqual({ dialect: 'anthropic-messages', body: { ...raw, metadata: { user_id: 'u-1' } } });
  });

  it('maps a thinking budget to a reasoning effort', () => {
    expect([1024, 4095, 4096, 16383, 16384, 64000].map(effortForBudget)).toEqual(['low', 'low', 'medium', 'medium', 'high', 'high']);
    expect(
      toChatRequest({ model: 'mock/echo', max_tokens: 10, messages: USER, thinking: { type: 'disabled' } }).reasoningEffort,
    ).toBeUndefined();
  });

  it('maps tool_choice tool and none', () => {
    const tools = [{ name: 'weather', input_schema: { type: 'object' } }];
    const named = toChatRequest({
      model: 'mock/echo',
      max_tokens: 10,
      messages: USER,
      tools,
      tool_choice: { type: 'tool', name: 'weather' },
    });
    expect(named.toolChoice).toEqual({ name: 'weather' });
    expect(toChatRequest({ model: 'mock/echo', max_tokens: 10, messages: USER, tools, tool_choice: { type: 'none' } }).toolChoice).toBe(
      'none',
    );
  });

  it('requires max_tokens, naming it', () => {
    expect(refusal({ model: 'mock/echo', messages: USER }).data.params).toEqual({ max_tokens: 'is required' });
  });

  it('names problems in Messages fields, not chat ones', () => {
    const error = refusal({
      model: 'mock/echo',
      max_tokens: 0,
      stop_sequences: [5],
      messages: [
        { role: 'user', content: 'q' },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'weather', input: 'x' }] },
      ],
      tools: [{ name: 'weather', input_schema: { type: 'string' } }],
    });
    expect(Object.keys(error.data.params as object).sort()).toEqual(
      ['max_tokens', 'messages[1].content[0].input', 'stop_sequences', 'tools[0].input_schema'].sort(),
    );
  });

  it('names a block inside a message by its Messages index, past the system message', () => {
    const image = { type: 'image', source: { type: 'url', url: 'http://plain.example/a.png' } };
    const error = refusal({
      model: 'mock/echo',
      max_tokens: 10,
      system: 'Be brief.',
      messages: [{ role: 'user', content: [{ type: 'text', text: 'see' }, image] }],
    });
    expect(error.data.params).toEqual({ 'messages[0].content[1].source': expect.stringContaining('https') });
  });

  it('notes server tools, PDFs, top_k and the other Anthropic-only fields by name, leaving them out of the translation', () => {
    const base = { model: 'mock/echo', max_tokens: 10, messages: USER };
    const server = readMessagesRequest({
      ...base,
      tools: [
        { type: 'web_search_20250305', name: 'web_search' },
        { name: 'weather', input_schema: { type: 'object' } },
      ],
    });
    expect(server.nativeOnly).toMatchObject({
      code: 'svc_unsupported_parameter',
      data: { params: { 'tools[0]': expect.stringContaining('web_search_20250305') } },
    });
    expect(server.body.tools).toEqual([{ name: 'weather', parameters: { type: 'object' } }]);
    expect(server.body.native?.body.tools).toHaveLength(2);
    const pdf = { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0=' } };
    const withPdf = readMessagesRequest({ ...base, messages: [{ role: 'user', content: [pdf] }] });
    expect(Object.keys(withPdf.nativeOnly!.data.params as object)).toEqual(['messages[0].content[0]']);
    // Its JSON stands in the translation, so a budget's worst-case bound counts the document's bytes.
    expect(withPdf.body.messages).toEqual([
      { role: 'user', content: JSON.stringify(pdf), parts: [{ type: 'text', text: JSON.stringify(pdf) }] },
    ]);
    for (const name of ['top_k', 'container', 'inference_geo', 'workspace_id']) {
      expect(readMessagesRequest({ ...base, [name]: name === 'top_k' ? 5 : 'x' }).nativeOnly).toMatchObject({
        code: 'svc_unsupported_parameter',
        data: { params: { [name]: expect.any(String) } },
      });
    }
    expect(readMessagesRequest(base).nativeOnly).toBeNull();
    expect(refusal({ ...base, thinking: { type: 'enabled', budget_tokens: 512 } }).data.params).toHaveProperty(['thinking.budget_tokens']);
  });

  it('keeps the hub-only fields out of the native body', () => {
    expect(nativeBody({ model: 'claude-x', purpose: 'p', metadata: { team: 't' }, max_tokens: 1 })).toEqual({
      model: 'claude-x',
      max_tokens: 1,
    });
  });
});
