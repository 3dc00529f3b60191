import { fromStreamChunk } from '../openai-compatible/mappers';

/**
 * Streamed logprobs (synthetic chunks in OpenAI's documented chunk format: nothing is recorded
 * with logprobs): each content chunk's choice carries `logprobs: {content: [...], refusal: null}`
 * with the entries of its own tokens; chunks without text carry none or null.
 */
describe('OpenAI-compatible stream chunks with logprobs', () => {
  const entry = {
    token: 'Hello',
    logprob: -0.0012,
    bytes: [72, 101, 108, 108, 111],
    top_logprobs: [{ token: 'Hello', logprob: -0.0012, bytes: [72, 101, 108, 108, 111] }],
  };
  const chunk = (delta: Record<string, unknown>, logprobs: unknown, finish: string | null = null) => ({
    id: 'chatcmpl-1',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'gpt-4o-mini',
    choices: [{ index: 0, delta, logprobs, finish_reason: finish }],
  });

  it('keeps a content chunk’s logprobs entries on its delta event', () => {
    expect(fromStreamChunk(chunk({ content: 'Hello' }, { content: [entry], refusal: null }), 'openai')).toEqual([
      { type: 'delta', text: 'Hello', logprobs: [entry] },
    ]);
  });

  it('adds nothing when the chunk has no logprobs, and sends no event for a chunk without text', () => {
    expect(fromStreamChunk(chunk({ content: 'Hello' }, null), 'openai')).toEqual([{ type: 'delta', text: 'Hello' }]);
    expect(fromStreamChunk(chunk({ role: 'assistant', content: '' }, { content: [], refusal: null }), 'openai')).toEqual([]);
    expect(fromStreamChunk(chunk({}, null, 'stop'), 'openai')).toEqual([{ type: 'finish', reason: 'stop' }]);
  });
});
