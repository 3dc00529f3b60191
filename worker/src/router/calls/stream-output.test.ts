import { CompletionShape, openAiUsage } from './chat-completion';
import { outputChunks, type StreamTotals } from './stream-output';

describe('stream output', () => {
  it('turns tool-call pieces into OpenAI’s deltas: id, type and name first with arguments "", then fragments by index', () => {
    const totals: StreamTotals = { text: '', toolCalls: [], usage: null, finishReason: 'stop' };
    const chunks = [
      ...outputChunks({ type: 'tool_call', index: 0, id: 'call_a', name: 'get_weather', arguments: '{"ci' }, totals),
      ...outputChunks({ type: 'tool_call', index: 0, arguments: 'ty":"Oslo"}' }, totals),
      ...outputChunks({ type: 'tool_call', index: 1, id: 'call_b', name: 'now', arguments: '' }, totals),
      ...outputChunks({ type: 'delta', text: '' }, totals),
    ];
    expect(chunks).toEqual([
      { tool_calls: [{ index: 0, id: 'call_a', type: 'function', function: { name: 'get_weather', arguments: '' } }] },
      { tool_calls: [{ index: 0, function: { arguments: '{"ci' } }] },
      { tool_calls: [{ index: 0, function: { arguments: 'ty":"Oslo"}' } }] },
      { tool_calls: [{ index: 1, id: 'call_b', type: 'function', function: { name: 'now', arguments: '' } }] },
    ]);
    expect(totals.toolCalls).toEqual([
      { id: 'call_a', name: 'get_weather', arguments: '{"city":"Oslo"}' },
      { id: 'call_b', name: 'now', arguments: '' },
    ]);
  });

  it('puts a text piece’s logprobs on its chunk’s choice, as OpenAI streams them; none when there are none', () => {
    const totals: StreamTotals = { text: '', toolCalls: [], usage: null, finishReason: 'stop' };
    const entry = { token: ' hi', logprob: -0.5, bytes: [32, 104, 105], top_logprobs: [] };
    const [withLogprobs] = outputChunks({ type: 'delta', text: ' hi', logprobs: [entry] }, totals);
    const [plain] = outputChunks({ type: 'delta', text: '!' }, totals);
    const shape = new CompletionShape('openai/gpt-4o-mini');
    expect(shape.chunk(withLogprobs!).choices).toEqual([
      { index: 0, delta: { content: ' hi' }, logprobs: { content: [entry], refusal: null }, finish_reason: null },
    ]);
    expect(shape.chunk(plain!).choices).toEqual([{ index: 0, delta: { content: '!' }, finish_reason: null }]);
    expect(totals.text).toBe(' hi!');
  });

  it('shapes usage with cached and reasoning details only when reported', () => {
    expect(openAiUsage({ promptTokens: 10, completionTokens: 5, totalTokens: 15 })).toEqual({
      prompt_tokens: 10,
      completion_tokens: 5,
      total_tokens: 15,
    });
    expect(openAiUsage({ promptTokens: 10, completionTokens: 5, totalTokens: 15, cachedTokens: 4, reasoningTokens: 2 })).toEqual({
      prompt_tokens: 10,
      completion_tokens: 5,
      total_tokens: 15,
      prompt_tokens_details: { cached_tokens: 4 },
      completion_tokens_details: { reasoning_tokens: 2 },
    });
  });
});
