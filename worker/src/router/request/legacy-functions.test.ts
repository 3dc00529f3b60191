import { ApiError } from '../../support/api-error';
import { parseChatRequest } from './chat-request';
import { legacyCallId } from './legacy-functions';

const FUNCTION = { name: 'weather', description: 'Weather now', parameters: { type: 'object', properties: { city: { type: 'string' } } } };

function params(raw: Record<string, unknown>): Record<string, string> {
  try {
    parseChatRequest(raw);
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return (error as ApiError).data.params as Record<string, string>;
  }
  throw new Error('expected a refusal');
}

describe('legacy functions', () => {
  it('become tools and tool_choice, one call per turn, and mark the request for the legacy answer', () => {
    const parsed = parseChatRequest({
      model: 'mock/echo',
      messages: [{ role: 'user', content: 'Paris?' }],
      functions: [FUNCTION],
      function_call: { name: 'weather' },
    });
    expect(parsed.tools).toEqual([FUNCTION]);
    expect(parsed.toolChoice).toEqual({ name: 'weather' });
    expect(parsed.parallelToolCalls).toBe(false);
    expect(parsed.legacyFunctions).toBe(true);
    expect(parseChatRequest({ model: 'mock/echo', messages: [{ role: 'user', content: 'x' }] }).legacyFunctions).toBeUndefined();
  });

  it('turn legacy history into tool calls and tool messages whose ids match', () => {
    const parsed = parseChatRequest({
      model: 'mock/echo',
      functions: [FUNCTION],
      messages: [
        { role: 'user', content: 'Paris?' },
        { role: 'assistant', content: null, function_call: { name: 'weather', arguments: '{"city":"Paris"}' } },
        { role: 'function', name: 'weather', content: 'sunny' },
      ],
    });
    expect(parsed.messages.slice(1)).toEqual([
      { role: 'assistant', content: '', toolCalls: [{ id: legacyCallId(1), name: 'weather', arguments: '{"city":"Paris"}' }] },
      { role: 'tool', content: 'sunny', toolCallId: legacyCallId(1), name: 'weather' },
    ]);
  });

  it('are refused by name when bad, mixed with tools, or answered without a call', () => {
    const base = { model: 'mock/echo', messages: [{ role: 'user', content: 'x' }] };
    expect(params({ ...base, functions: [FUNCTION], tools: [{ type: 'function', function: FUNCTION }] })).toHaveProperty('functions');
    expect(params({ ...base, functions: [{ name: 'a b' }] })).toHaveProperty(['functions[0].name']);
    expect(params({ ...base, functions: [{ name: 'a', parameters: { type: 'string' } }] })).toHaveProperty(['functions[0].parameters']);
    expect(params({ ...base, functions: [FUNCTION], function_call: { name: 'other' } })).toHaveProperty(['function_call.name']);
    expect(params({ ...base, function_call: 'auto' })).toHaveProperty('function_call');
    expect(params({ ...base, messages: [{ role: 'function', name: 'weather', content: 'sunny' }] })).toHaveProperty(['messages[0].name']);
    expect(params({ ...base, messages: [{ role: 'assistant', content: null, function_call: { name: 'weather' } }] })).toHaveProperty([
      'messages[0].function_call.arguments',
    ]);
  });
});
