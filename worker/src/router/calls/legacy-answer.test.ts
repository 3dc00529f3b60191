import { CompletionShape } from './chat-completion';
import { outputChunks, type StreamTotals } from './stream-output';

const USAGE = { promptTokens: 1, completionTokens: 1, totalTokens: 2 };
const ROUTER = {} as never;
const CALLS = [
  { id: 'call_a', name: 'weather', arguments: '{"city":"Paris"}' },
  { id: 'call_b', name: 'weather', arguments: '{"city":"Rome"}' },
];

describe('the legacy function-call answer', () => {
  it('blocking: message.function_call (the first call), no tool_calls, finish function_call', () => {
    const answer = new CompletionShape('openai/gpt-4o', true).completion(
      { content: '', toolCalls: CALLS, finishReason: 'tool_calls' },
      USAGE,
      ROUTER,
    );
    expect(answer.choices[0]).toEqual({
      index: 0,
      message: { role: 'assistant', content: null, function_call: { name: 'weather', arguments: '{"city":"Paris"}' } },
      finish_reason: 'function_call',
    });
    const plain = new CompletionShape('openai/gpt-4o', true).completion({ content: 'hi', finishReason: 'stop' }, USAGE, ROUTER);
    expect(plain.choices[0]).toEqual({ index: 0, message: { role: 'assistant', content: 'hi' }, finish_reason: 'stop' });
  });

  it('streamed: function_call deltas without index, a second call not sent, finish function_call', () => {
    const totals: StreamTotals = { text: '', toolCalls: [], usage: null, finishReason: 'stop' };
    const deltas = [
      ...outputChunks({ type: 'tool_call', index: 0, id: 'call_a', name: 'weather', arguments: '{"city":' }, totals, true),
      ...outputChunks({ type: 'tool_call', index: 0, arguments: '"Paris"}' }, totals, true),
      ...outputChunks({ type: 'tool_call', index: 1, id: 'call_b', name: 'weather', arguments: '{}' }, totals, true),
    ];
    expect(deltas).toEqual([
      { function_call: { name: 'weather', arguments: '' } },
      { function_call: { arguments: '{"city":' } },
      { function_call: { arguments: '"Paris"}' } },
    ]);
    expect(totals.toolCalls).toEqual([{ id: 'call_a', name: 'weather', arguments: '{"city":"Paris"}' }]);
    expect(new CompletionShape('openai/gpt-4o', true).chunk({}, 'tool_calls').choices[0]!.finish_reason).toBe('function_call');
    expect(new CompletionShape('openai/gpt-4o').chunk({}, 'tool_calls').choices[0]!.finish_reason).toBe('tool_calls');
  });
});
