import { collect, useFixtureProvider } from '../__fixtures__/fixture-server';
import { createMistralProvider } from './mistral';
import type { ChatRequest, StreamEvent } from '../types';

const signal = () => new AbortController().signal;
const weather = { name: 'weather', parameters: { type: 'object', properties: { location: { type: 'string' } }, required: ['location'] } };
const request: ChatRequest = {
  model: 'mistral-small-latest',
  messages: [{ role: 'user', content: 'Weather in San Francisco?' }],
  tools: [weather],
};
const calls = (events: StreamEvent[]) => events.filter((event) => event.type === 'tool_call');

describe('mistral provider: tool calls and its own request dialect', () => {
  const upstream = useFixtureProvider(createMistralProvider, 'mistral', { path: '/v1', framing: { done: true } });

  it('streamed: a whole call with no index and no type becomes one piece at index 0, on the finish chunk with usage', async () => {
    upstream.serve('mistral-tool-call.chunks.txt');
    const events = await collect(upstream.provider.stream(request, { signal: signal() }));

    expect(events).toEqual([
      { type: 'tool_call', index: 0, id: 'gSIMJiOkT', name: 'weather', arguments: '{"location": "San Francisco"}' },
      { type: 'finish', reason: 'tool_calls' },
      { type: 'usage', usage: { promptTokens: 124, completionTokens: 22, totalTokens: 146 } },
    ]);
  });

  it('incremental: the second delta (same index, name "") adds arguments and keeps the first name; cached tokens from the last chunk', async () => {
    upstream.serve('mistral-tool-call-incremental.chunks.txt');
    const events = await collect(upstream.provider.stream(request, { signal: signal() }));

    expect(calls(events)).toEqual([
      { type: 'tool_call', index: 0, id: 'chatcmpl-tool-9f149c74c42f265b', name: 'webSearchTool', arguments: '' },
      { type: 'tool_call', index: 0, arguments: '{"query": "current Berlin weather"}' },
    ]);
    expect(events.slice(-2)).toEqual([
      { type: 'finish', reason: 'tool_calls' },
      { type: 'usage', usage: { promptTokens: 171, completionTokens: 14, totalTokens: 185, cachedTokens: 128 } },
    ]);
  });

  it('blocking: tool_calls with a 9-character id', async () => {
    upstream.serve('mistral-tool-call.json');
    const result = await upstream.provider.chat(request, { signal: signal() });

    expect(result).toEqual({
      content: '',
      toolCalls: [{ id: 'gSIMJiOkT', name: 'weather', arguments: '{"location": "San Francisco"}' }],
      finishReason: 'tool_calls',
      usage: { promptTokens: 124, completionTokens: 22, totalTokens: 146 },
    });
  });

  it('sends random_seed, tool_choice "any", 9-character ids in history, no user/logit_bias, developer as system', async () => {
    upstream.serve('mistral-tool-call.json');
    await upstream.provider.chat(
      {
        ...request,
        messages: [
          { role: 'developer', content: 'Be brief.' },
          { role: 'user', content: 'Weather?' },
          {
            role: 'assistant',
            content: '',
            toolCalls: [
              { id: 'call_abc-123_long', name: 'weather', arguments: '{"location":"Paris"}' },
              { id: 'gSIMJiOkT', name: 'weather', arguments: '{}' },
            ],
          },
          { role: 'tool', content: 'sunny', toolCallId: 'call_abc-123_long' },
          { role: 'tool', content: 'rain', toolCallId: 'gSIMJiOkT' },
        ],
        seed: 7,
        toolChoice: 'required',
        user: 'user-1',
        responseFormat: { type: 'json_schema', name: 'answer', schema: { type: 'object' }, strict: true },
      },
      { signal: signal() },
    );
    const body = upstream.server.requests.at(-1)!.body as { messages: Array<Record<string, unknown>> } & Record<string, unknown>;

    expect(body).toMatchObject({
      random_seed: 7,
      tool_choice: 'any',
      response_format: { type: 'json_schema', json_schema: { name: 'answer', schema: { type: 'object' }, strict: true } },
    });
    expect(body).not.toHaveProperty('seed');
    expect(body).not.toHaveProperty('user');
    expect(body.messages[0]).toEqual({ role: 'system', content: 'Be brief.' });
    const sentCalls = body.messages[2]!.tool_calls as Array<{ id: string }>;
    expect(body.messages[2]!.content).toBeNull();
    expect(sentCalls[0]!.id).toMatch(/^[A-Za-z0-9]{9}$/);
    expect(sentCalls[1]!.id).toBe('gSIMJiOkT');
    expect(body.messages[3]).toEqual({ role: 'tool', tool_call_id: sentCalls[0]!.id, content: 'sunny' });
    expect(body.messages[4]).toMatchObject({ tool_call_id: 'gSIMJiOkT' });
  });
});
