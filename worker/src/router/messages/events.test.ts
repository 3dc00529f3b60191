import { MessageShape } from './answer';
import { MessageEvents, type MessageEvent } from './events';
import type { StreamEvent } from '../../providers/types';

const usage = { promptTokens: 20, completionTokens: 7, totalTokens: 27, cachedTokens: 5, cacheWriteTokens: 3 };

function run(events: StreamEvent[]): MessageEvent[] {
  const shaper = new MessageEvents(new MessageShape('openai/gpt-4o-mini'));
  return [...shaper.started(), ...events.flatMap((event) => shaper.translate(event))];
}

describe('Messages stream events', () => {
  it('opens with message_start (no content, no stop reason) and a ping', () => {
    const [start, ping] = run([]);
    expect(start).toEqual({
      type: 'message_start',
      message: {
        id: expect.stringMatching(/^msg_/),
        type: 'message',
        role: 'assistant',
        model: 'openai/gpt-4o-mini',
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 0, output_tokens: 0, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
      },
    });
    expect(ping).toEqual({ type: 'ping' });
  });

  it('streams text then tool calls as blocks, and ends with the whole usage in Anthropic meaning', () => {
    const shaper = new MessageEvents(new MessageShape('mock/echo'));
    const events = [
      ...shaper.started(),
      ...shaper.translate({ type: 'delta', text: 'Let me ' }),
      ...shaper.translate({ type: 'delta', text: 'check.' }),
      ...shaper.translate({ type: 'tool_call', index: 0, id: 'call_1', name: 'weather', arguments: '' }),
      ...shaper.translate({ type: 'tool_call', index: 0, arguments: '{"city":' }),
      ...shaper.translate({ type: 'tool_call', index: 1, id: 'call_2', name: 'time', arguments: '{}' }),
      ...shaper.translate({ type: 'tool_call', index: 0, arguments: '"Paris"}' }),
      ...shaper.completed('tool_calls', usage),
    ];
    expect(events.slice(2)).toEqual([
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Let me ' } },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'check.' } },
      { type: 'content_block_stop', index: 0 },
      { type: 'content_block_start', index: 1, content_block: { type: 'tool_use', id: 'call_1', name: 'weather', input: {} } },
      { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: '{"city":' } },
      { type: 'content_block_stop', index: 1 },
      { type: 'content_block_start', index: 2, content_block: { type: 'tool_use', id: 'call_2', name: 'time', input: {} } },
      { type: 'content_block_delta', index: 2, delta: { type: 'input_json_delta', partial_json: '{}' } },
      { type: 'content_block_delta', index: 1, delta: { type: 'input_json_delta', partial_json: '"Paris"}' } },
      { type: 'content_block_stop', index: 2 },
      {
        type: 'message_delta',
        delta: { stop_reason: 'tool_use', stop_sequence: null },
        usage: { input_tokens: 12, output_tokens: 7, cache_creation_input_tokens: 3, cache_read_input_tokens: 5 },
      },
      { type: 'message_stop' },
    ]);
    expect(shaper.text).toBe('Let me check.');
  });

  it.each([
    ['stop', 'end_turn'],
    ['length', 'max_tokens'],
    ['content_filter', 'refusal'],
  ] as const)('says finish %s as stop_reason %s', (finish, reason) => {
    const shaper = new MessageEvents(new MessageShape('mock/echo'));
    expect(shaper.completed(finish, usage)[0]).toMatchObject({ type: 'message_delta', delta: { stop_reason: reason } });
  });

  it('a failure mid-stream is Anthropic error event with its error type', () => {
    const shaper = new MessageEvents(new MessageShape('mock/echo'));
    expect(shaper.failed({ status: 502, message: 'The provider failed.' })).toEqual([
      { type: 'error', error: { type: 'api_error', message: 'The provider failed.' } },
    ]);
    expect(shaper.failed({ status: 529, message: 'busy' })[0]).toMatchObject({ error: { type: 'overloaded_error' } });
    expect(shaper.failed({ status: 504, message: 'too long' })[0]).toMatchObject({ error: { type: 'api_error' } });
  });
});
