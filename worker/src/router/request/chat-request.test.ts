import { ApiError } from '../../support/api-error';
import { MAX_REPORTED_PROBLEMS } from '../../support/error-limits';
import { MAX_MESSAGES, parseChatRequest } from './chat-request';
import { parseEmbeddingRequest } from './embedding-request';

function refusal(parse: () => unknown): ApiError {
  try {
    parse();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected svc_invalid_request');
}

describe('parseChatRequest', () => {
  it('refuses a list of more than MAX_MESSAGES without naming its elements', () => {
    const error = refusal(() => parseChatRequest({ model: 'mock/echo', messages: new Array(500_000).fill(0) }));
    expect(error.data.params).toEqual({ messages: `must hold at most ${MAX_MESSAGES} messages` });
    expect(error.data.params_omitted).toBeUndefined();
  });

  it('names the first bad messages of a list within the limit and counts the others', () => {
    const error = refusal(() => parseChatRequest({ model: 'mock/echo', messages: new Array(MAX_MESSAGES).fill(0) }));
    expect(Object.keys(error.data.params as object)).toEqual(
      Array.from({ length: MAX_REPORTED_PROBLEMS }, (_, index) => `messages[${index}]`),
    );
    expect(error.data.params_omitted).toBe(MAX_MESSAGES - MAX_REPORTED_PROBLEMS);
  });

  it('refuses a purpose longer than a purpose name can be (it is never echoed in a 404)', () => {
    const error = refusal(() => parseChatRequest({ purpose: 'p'.repeat(100_000), messages: [{ role: 'user', content: 'hi' }] }));
    expect(error.data.params).toEqual({ purpose: 'must be a purpose name of at most 64 characters' });
    expect(error.message.length).toBeLessThan(200);
  });

  it('still reads a good request', () => {
    expect(parseChatRequest({ purpose: 'fast', messages: [{ role: 'user', content: 'hi' }] })).toMatchObject({
      model: null,
      purpose: 'fast',
      messages: [{ role: 'user', content: 'hi' }],
    });
  });

  it('leaves out what was not given and keeps its keys in one order (what the cache key and logs see)', () => {
    const plain = parseChatRequest({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] });
    expect(Object.keys(plain)).toEqual(['model', 'purpose', 'messages', 'metadata', 'stream', 'includeUsage']);
    const tool = { type: 'function', function: { name: 'lookup' } };
    const full = parseChatRequest({
      stream: true,
      metadata: { team: 't' },
      response_format: { type: 'json_object' },
      parallel_tool_calls: false,
      tool_choice: 'auto',
      tools: [tool],
      user: 'u',
      temperature: 0,
      seed: 7,
      max_tokens: 5,
      messages: [{ role: 'user', content: 'hi' }],
      model: 'openai/gpt-4o-mini',
    });
    expect(Object.keys(full)).toEqual([
      'model',
      'purpose',
      'messages',
      'temperature',
      'maxTokens',
      'seed',
      'user',
      'tools',
      'toolChoice',
      'parallelToolCalls',
      'responseFormat',
      'metadata',
      'stream',
      'includeUsage',
    ]);
    expect(full).toMatchObject({
      temperature: 0,
      seed: 7,
      maxTokens: 5,
      parallelToolCalls: false,
      stream: true,
      includeUsage: false,
      metadata: { team: 't', campaign: '', user: '' },
    });
  });

  it('names the problems of several fields in the order it checks them', () => {
    const error = refusal(() => parseChatRequest({ stream: 'yes', temperature: 9, messages: [], tools: 'x', model: 5 }));
    expect(Object.keys(error.data.params as object)).toEqual(['tools', 'model', 'messages', 'temperature', 'stream']);
  });
});

describe('parseEmbeddingRequest', () => {
  it('refuses too many inputs with one problem', () => {
    const error = refusal(() => parseEmbeddingRequest({ model: 'mock/embed', input: new Array(100_000).fill(0) }));
    expect(Object.keys(error.data.params as object)).toEqual(['input']);
  });

  it('reads a string input', () => {
    expect(parseEmbeddingRequest({ model: 'mock/embed', input: 'hello' })).toMatchObject({ input: ['hello'], format: 'float' });
  });
});
