import { MessageShape, messagesUsage, toolInput } from './answer';

const router = { provider: 'mock' } as never;
const usage = { promptTokens: 10, completionTokens: 4, totalTokens: 14 };

describe('the Messages answer', () => {
  it('is a message with text and tool_use blocks, input parsed', () => {
    const answer = new MessageShape('mock/echo').answer(
      {
        content: 'Calling.',
        toolCalls: [{ id: 'call_1', name: 'weather', arguments: '{"city":"Paris"}' }],
        finishReason: 'tool_calls',
        usage,
      },
      usage,
      router,
    );
    expect(answer).toEqual({
      id: expect.stringMatching(/^msg_/),
      type: 'message',
      role: 'assistant',
      model: 'mock/echo',
      content: [
        { type: 'text', text: 'Calling.' },
        { type: 'tool_use', id: 'call_1', name: 'weather', input: { city: 'Paris' } },
      ],
      stop_reason: 'tool_use',
      stop_sequence: null,
      usage: { input_tokens: 10, output_tokens: 4, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 },
      router,
    });
  });

  it('relays a native answer with the hub id and model', () => {
    const native = {
      id: 'msg_upstream',
      type: 'message',
      model: 'claude-x',
      content: [{ type: 'thinking', thinking: 'h', signature: 's' }],
    };
    const shape = new MessageShape('anthropic/claude-x');
    expect(shape.answer({ content: '', finishReason: 'stop', usage, native }, usage, router)).toEqual({
      ...native,
      id: shape.id,
      model: 'anthropic/claude-x',
      router,
    });
  });

  it('counts input tokens as Anthropic does: without the cached and cache-written ones', () => {
    expect(messagesUsage({ ...usage, cachedTokens: 6, cacheWriteTokens: 3 })).toEqual({
      input_tokens: 1,
      output_tokens: 4,
      cache_creation_input_tokens: 3,
      cache_read_input_tokens: 6,
    });
  });

  it('reads tool arguments as an object', () => {
    expect(toolInput('')).toEqual({});
    expect(toolInput('{"a":1}')).toEqual({ a: 1 });
    expect(toolInput('[1]')).toEqual({ arguments: '[1]' });
    expect(toolInput('{oops')).toEqual({ arguments: '{oops' });
  });
});
