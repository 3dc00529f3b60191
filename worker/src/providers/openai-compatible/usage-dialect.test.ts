import { fromChatCompletion, fromStreamChunk, toUsage } from './mappers';
import { StreamedToolCalls } from './tool-calls';

/** Usage where a server differs from OpenAI's shape (docs/providers.md, "The providers"). */
describe('usage dialects', () => {
  const counts = { prompt_tokens: 32, completion_tokens: 9, total_tokens: 135, completion_tokens_details: { reasoning_tokens: 94 } };

  it('keeps OpenAI reasoning tokens inside completion_tokens', () => {
    expect(toUsage(counts)).toEqual({ promptTokens: 32, completionTokens: 9, totalTokens: 135, reasoningTokens: 94 });
  });

  it('adds reasoning tokens counted beside completion_tokens (xAI) to the billed completion tokens', () => {
    const dialect = { reasoningOutsideCompletion: true, usageBlock: null, reportsCost: false };
    expect(toUsage(counts, dialect)).toEqual({ promptTokens: 32, completionTokens: 103, totalTokens: 135, reasoningTokens: 94 });
    const body = { choices: [{ index: 0, message: { role: 'assistant', content: 'Hi' }, finish_reason: 'stop' }], usage: counts };
    expect(fromChatCompletion(body, 'xai', dialect).usage?.completionTokens).toBe(103);
  });

  it("reads usage from a vendor block when the top level has none (Groq's x_groq), once when both have it", () => {
    const dialect = { reasoningOutsideCompletion: false, usageBlock: 'x_groq', reportsCost: false };
    const finish = {
      choices: [{ index: 0, delta: {}, finish_reason: 'stop' }],
      x_groq: { id: 'req_1', usage: { prompt_tokens: 45, completion_tokens: 662, total_tokens: 707 } },
    };
    expect(fromStreamChunk(finish, 'groq', new StreamedToolCalls(), dialect)).toEqual([
      { type: 'finish', reason: 'stop' },
      { type: 'usage', usage: { promptTokens: 45, completionTokens: 662, totalTokens: 707 } },
    ]);
    expect(fromStreamChunk(finish, 'openai')).toEqual([{ type: 'finish', reason: 'stop' }]);
    const both = { ...finish, usage: { prompt_tokens: 45, completion_tokens: 662, total_tokens: 707 } };
    expect(fromStreamChunk(both, 'groq', new StreamedToolCalls(), dialect).filter((event) => event.type === 'usage')).toHaveLength(1);
  });
});
