import { embeddingFor, embeddingFromBase64 } from './answer';
import { openRouterCost } from './openai-stream';
import { dataEvents, get, post, useEmulator } from './testing';

/** OpenAI's wire format and its Mistral, OpenRouter and compat flavours (docs/external/llm-providers.md). */
describe('OpenAI-format emulator', () => {
  const { emulator, control } = useEmulator();
  const auth = (key: string) => ({ Authorization: `Bearer ${key}` });
  const openai = (path: string) => `${emulator().url}/openai/v1${path}`;
  const messages = [
    { role: 'system', content: 'Be brief.' },
    { role: 'user', content: 'hello there emulator' },
  ];

  it('answers a blocking chat.completion like the recorded OpenAI body', async () => {
    const answer = await post(openai('/chat/completions'), { model: 'gpt-4o-mini', messages }, auth(emulator().keys.openai));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      id: expect.stringMatching(/^chatcmpl-/),
      object: 'chat.completion',
      created: expect.any(Number),
      model: 'gpt-4o-mini-2024-07-18',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: 'Echo: hello there emulator', refusal: null, annotations: [] },
          logprobs: null,
          finish_reason: 'stop',
        },
      ],
      usage: {
        prompt_tokens: 5,
        completion_tokens: 4,
        total_tokens: 9,
        prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
        completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
      },
      service_tier: 'default',
      system_fingerprint: 'fp_emulator',
    });
  });

  it('streams data: chunks, a choices: [] usage chunk only when asked, then [DONE]', async () => {
    const request = { model: 'gpt-4o-mini', messages, stream: true, stream_options: { include_usage: true } };
    const answer = await post(openai('/chat/completions'), request, auth(emulator().keys.openai));
    expect(answer.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(answer.text).toMatch(/^(data: [^\n]+\n\n)+$/);
    expect(answer.text.endsWith('data: [DONE]\n\n')).toBe(true);
    const chunks = dataEvents(answer.text);
    expect(new Set(chunks.map((chunk) => `${chunk.id}/${chunk.created}`)).size).toBe(1);
    expect(chunks[0].choices[0].delta).toEqual({ role: 'assistant', content: '', refusal: null });
    expect(chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('')).toBe('Echo: hello there emulator');
    const last = chunks[chunks.length - 1];
    expect(last.choices).toEqual([]);
    expect(last.usage).toMatchObject({ prompt_tokens: 5, completion_tokens: 4, total_tokens: 9 });
    expect(chunks.slice(0, -1).every((chunk) => chunk.usage === null)).toBe(true);
    expect(chunks[chunks.length - 2].choices[0]).toMatchObject({ delta: {}, finish_reason: 'stop' });

    const unasked = await post(openai('/chat/completions'), { ...request, stream_options: undefined }, auth(emulator().keys.openai));
    const plain = dataEvents(unasked.text);
    expect(plain.some((chunk) => 'usage' in chunk)).toBe(false);
    expect(plain[plain.length - 1].choices[0].finish_reason).toBe('stop');
  });

  it('sends logprobs when asked: each content chunk its token, a blocking choice all of them, top_logprobs alternatives', async () => {
    const asked = { model: 'gpt-4o-mini', messages, logprobs: true, top_logprobs: 2 };
    const streamed = dataEvents((await post(openai('/chat/completions'), { ...asked, stream: true }, auth(emulator().keys.openai))).text);
    const content = streamed.filter((chunk) => chunk.choices[0]?.delta.content);
    expect(content.length).toBeGreaterThan(1);
    for (const chunk of content) {
      const [entry] = chunk.choices[0].logprobs.content;
      expect(chunk.choices[0].logprobs).toEqual({ content: [entry], refusal: null });
      expect(entry).toMatchObject({
        token: chunk.choices[0].delta.content,
        logprob: expect.any(Number),
        bytes: [...Buffer.from(chunk.choices[0].delta.content)],
      });
      expect(entry.top_logprobs.map((alternative: { token: string }) => alternative.token)).toEqual([entry.token, `${entry.token}~1`]);
    }
    expect(streamed[0].choices[0].logprobs).toBeNull();
    const blocking = await post(openai('/chat/completions'), asked, auth(emulator().keys.openai));
    const tokens = blocking.body.choices[0].logprobs.content.map((entry: { token: string }) => entry.token);
    expect(tokens).toEqual(content.map((chunk) => chunk.choices[0].delta.content));
    expect(blocking.body.choices[0].logprobs.content.map((entry: { logprob: number }) => entry.logprob)).toEqual(
      content.map((chunk) => chunk.choices[0].logprobs.content[0].logprob),
    );
    const unasked = await post(openai('/chat/completions'), { model: 'gpt-4o-mini', messages, stream: true }, auth(emulator().keys.openai));
    expect(
      dataEvents(unasked.text).every((chunk) => chunk.choices.every((choice: { logprobs: unknown }) => choice.logprobs === null)),
    ).toBe(true);
  });

  it('puts Mistral usage on the last chunk with a finish_reason, asked or not', async () => {
    const answer = await post(
      `${emulator().url}/mistral/v1/chat/completions`,
      { model: 'mistral-small-latest', messages, stream: true },
      auth(emulator().keys.mistral),
    );
    const chunks = dataEvents(answer.text);
    expect(chunks.some((chunk) => chunk.choices.length === 0)).toBe(false);
    const last = chunks[chunks.length - 1];
    expect(last.choices[0]).toMatchObject({ delta: { content: '' }, finish_reason: 'stop' });
    expect(last.usage).toEqual({ prompt_tokens: 5, total_tokens: 9, completion_tokens: 4 });
    expect(answer.text.endsWith('data: [DONE]\n\n')).toBe(true);
  });

  it('sends OpenRouter processing comments first and usage.cost in the last event', async () => {
    const answer = await post(
      `${emulator().url}/openrouter/api/v1/chat/completions`,
      { model: 'openai/gpt-4o-mini', messages, stream: true },
      auth(emulator().keys.openrouter),
    );
    expect(answer.text.startsWith(': OPENROUTER PROCESSING\n\n')).toBe(true);
    const chunks = dataEvents(answer.text);
    const last = chunks[chunks.length - 1];
    expect(last.usage).toMatchObject({
      prompt_tokens: 5,
      completion_tokens: 4,
      total_tokens: 9,
      cost: openRouterCost({ promptTokens: 5, completionTokens: 4 }),
    });
    expect(last.usage.cost).toBeGreaterThan(0);
    expect(chunks.slice(0, -1).some((chunk) => chunk.usage)).toBe(false);
  });

  it('serves the compat flavour for any model, usage only when asked', async () => {
    const url = `${emulator().url}/compat/v1/chat/completions`;
    const blocking = await post(url, { model: 'any-model', messages }, auth(emulator().keys.compat));
    expect(blocking.body).toMatchObject({
      model: 'any-model',
      choices: [{ message: { content: 'Echo: hello there emulator' } }],
      usage: { prompt_tokens: 5 },
    });
    const streamed = await post(
      url,
      { model: 'any-model', messages, stream: true, stream_options: { include_usage: true } },
      auth(emulator().keys.compat),
    );
    expect(dataEvents(streamed.text).pop()).toMatchObject({ choices: [], usage: { completion_tokens: 4 } });
  });

  it.each([
    ['no key', {}],
    ['a wrong key', auth('sk-wrong')],
  ])('refuses %s with 401 in OpenAI’s error shape and logs it unauthorized', async (_name, headers) => {
    const answer = await post(openai('/chat/completions'), { model: 'gpt-4o-mini', messages }, headers);
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({
      error: { message: expect.any(String), type: 'invalid_request_error', param: null, code: 'invalid_api_key' },
    });
    expect((await control().requests())[0]).toMatchObject({ provider: 'openai', authorized: false, status: 401 });
  });

  it('answers OpenRouter errors in its own shape', async () => {
    const answer = await post(`${emulator().url}/openrouter/api/v1/chat/completions`, { model: 'x', messages }, auth('nope'));
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ error: { code: 401, message: expect.any(String) } });
  });

  it.each([
    ['no messages', {}, 400, 'messages', 'missing_required_parameter'],
    ['empty messages', { messages: [] }, 400, 'messages', 'empty_array'],
    ['a bad role', { messages: [{ role: 'wizard', content: 'x' }] }, 400, 'messages[0].role', 'invalid_value'],
    ['non-string content', { messages: [{ role: 'user', content: 42 }] }, 400, 'messages[0].content', 'invalid_type'],
    ['max_tokens -1', { messages, max_tokens: -1 }, 400, 'max_tokens', 'integer_below_min_value'],
    ['stream_options without stream', { messages, stream_options: { include_usage: true } }, 400, 'stream_options', null],
    ['an unknown model', { model: 'not-a-model', messages }, 404, null, 'model_not_found'],
  ])('refuses %s like OpenAI', async (_name, fields, status, param, code) => {
    const answer = await post(openai('/chat/completions'), { model: 'gpt-4o-mini', ...fields }, auth(emulator().keys.openai));
    expect(answer.status).toBe(status);
    expect(answer.body.error).toMatchObject({ type: 'invalid_request_error', param, code });
  });

  it('cuts the reply at max_tokens with finish_reason length', async () => {
    const answer = await post(openai('/chat/completions'), { model: 'gpt-4o', messages, max_tokens: 2 }, auth(emulator().keys.openai));
    expect(answer.body.choices[0]).toMatchObject({ message: { content: 'Echo: hello' }, finish_reason: 'length' });
    expect(answer.body.usage.completion_tokens).toBe(2);
  });

  it('answers as many floats as dimensions asks, the longer vector shortened; ada-002 refuses dimensions', async () => {
    const asked = await post(
      openai('/embeddings'),
      { model: 'text-embedding-3-small', input: 'alpha', dimensions: 64 },
      auth(emulator().keys.openai),
    );
    expect(asked.body.data[0].embedding).toEqual(embeddingFor('alpha', 64));
    expect(embeddingFor('alpha', 64)).toHaveLength(64);
    const ada = await post(
      openai('/embeddings'),
      { model: 'text-embedding-ada-002', input: 'alpha', dimensions: 64 },
      auth(emulator().keys.openai),
    );
    expect([ada.status, ada.body.error.message]).toEqual([400, 'This model does not support specifying dimensions.']);
    const mistral = await post(
      `${emulator().url}/mistral/v1/embeddings`,
      { model: 'codestral-embed', input: 'alpha', output_dimension: 16 },
      auth(emulator().keys.mistral),
    );
    expect(mistral.body.data[0].embedding).toHaveLength(16);
  });

  it('answers embeddings as float arrays, or base64 little-endian float32 when asked', async () => {
    const input = ['alpha beta', 'gamma'];
    const floats = await post(openai('/embeddings'), { model: 'text-embedding-3-small', input }, auth(emulator().keys.openai));
    expect(floats.body).toEqual({
      object: 'list',
      data: input.map((text, index) => ({ object: 'embedding', index, embedding: embeddingFor(text) })),
      model: 'text-embedding-3-small',
      usage: { prompt_tokens: 3, total_tokens: 3 },
    });
    expect(floats.body.data[0].embedding).toHaveLength(8);
    const encoded = await post(
      openai('/embeddings'),
      { model: 'text-embedding-3-small', input: 'alpha beta', encoding_format: 'base64' },
      auth(emulator().keys.openai),
    );
    expect(embeddingFromBase64(encoded.body.data[0].embedding)).toEqual(embeddingFor('alpha beta'));
    const wrong = await post(
      openai('/embeddings'),
      { model: 'text-embedding-3-small', input: 'x', encoding_format: 'int8' },
      auth(emulator().keys.openai),
    );
    expect([wrong.status, wrong.body.error.param]).toEqual([400, 'encoding_format']);
  });

  it('lists models', async () => {
    const answer = await get(openai('/models'), auth(emulator().keys.openai));
    expect(answer.body.object).toBe('list');
    expect(answer.body.data).toContainEqual({ id: 'gpt-4o-mini', object: 'model', created: expect.any(Number), owned_by: 'system' });
  });
});
