import { post, useEmulator } from './testing';

/** Anthropic's Messages API (docs/external/llm-providers.md; fixtures anthropic-text.*). */
describe('Anthropic emulator', () => {
  const { emulator, control } = useEmulator();
  const url = () => `${emulator().url}/anthropic/v1/messages`;
  const headers = () => ({ 'x-api-key': emulator().keys.anthropic, 'anthropic-version': '2023-06-01' });
  const request = {
    model: 'claude-3-5-haiku-latest',
    max_tokens: 256,
    system: 'Be brief.',
    messages: [{ role: 'user', content: 'hello there emulator' }],
  };

  /** `event: <name>\ndata: <json>` blocks, in order. */
  const events = (text: string) =>
    text
      .split('\n\n')
      .filter(Boolean)
      .map((block) => {
        const [eventLine, dataLine, ...rest] = block.split('\n');
        expect(rest).toEqual([]);
        expect(eventLine).toMatch(/^event: \w+$/);
        expect(dataLine).toMatch(/^data: \{/);
        const data = JSON.parse(dataLine!.slice('data: '.length));
        expect(data.type).toBe(eventLine!.slice('event: '.length));
        return data;
      });

  it('answers a blocking message with the system prompt counted as input', async () => {
    const answer = await post(url(), request, headers());
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      model: 'claude-3-5-haiku-20241022',
      id: expect.stringMatching(/^msg_/),
      type: 'message',
      role: 'assistant',
      content: [{ type: 'text', text: 'Echo: hello there emulator' }],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: 5, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 4, service_tier: 'standard' },
    });
  });

  it('streams the named events with input tokens at the start and cumulative output tokens at the end', async () => {
    const answer = await post(url(), { ...request, stream: true }, headers());
    expect(answer.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const sequence = events(answer.text);
    expect(sequence.map((event) => event.type)).toEqual([
      'message_start',
      'content_block_start',
      'ping',
      'content_block_delta',
      'content_block_delta',
      'ping',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    expect(sequence[0].message.usage).toMatchObject({ input_tokens: 5, output_tokens: 1 });
    const text = sequence
      .filter((event) => event.type === 'content_block_delta')
      .map((event) => event.delta.text)
      .join('');
    expect(text).toBe('Echo: hello there emulator');
    expect(sequence[9]).toMatchObject({ delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 4 } });
  });

  it('stops at max_tokens with stop_reason max_tokens', async () => {
    const answer = await post(url(), { ...request, max_tokens: 1 }, headers());
    expect(answer.body).toMatchObject({ content: [{ text: 'Echo:' }], stop_reason: 'max_tokens', usage: { output_tokens: 1 } });
  });

  it.each([
    ['no key', { 'anthropic-version': '2023-06-01' }, request, 401, 'authentication_error'],
    ['a wrong key', { 'x-api-key': 'sk-ant-wrong', 'anthropic-version': '2023-06-01' }, request, 401, 'authentication_error'],
    ['no anthropic-version', { 'x-api-key': 'KEY' }, request, 400, 'invalid_request_error'],
    ['no max_tokens', undefined, { ...request, max_tokens: undefined }, 400, 'invalid_request_error'],
    [
      'a system message',
      undefined,
      { ...request, messages: [{ role: 'system', content: 'x' }, ...request.messages] },
      400,
      'invalid_request_error',
    ],
    ['temperature 1.5', undefined, { ...request, temperature: 1.5 }, 400, 'invalid_request_error'],
    ['an unknown model', undefined, { ...request, model: 'not-a-model' }, 404, 'not_found_error'],
  ])('refuses %s in Anthropic’s error shape', async (_name, custom, body, status, type) => {
    const sent = custom
      ? Object.fromEntries(Object.entries(custom).map(([name, value]) => [name, value === 'KEY' ? emulator().keys.anthropic : value]))
      : headers();
    const answer = await post(url(), body, sent);
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({
      type: 'error',
      error: { type, message: expect.any(String) },
      request_id: expect.stringMatching(/^req_/),
    });
  });

  it('answers scripted 529 overloaded and 429 with retry-after', async () => {
    await control().script('anthropic', 'claude-3-5-haiku-latest', [{ status: 529 }, { status: 429, retryAfter: '2' }]);
    const overloaded = await post(url(), request, headers());
    expect([overloaded.status, overloaded.body.error.type]).toEqual([529, 'overloaded_error']);
    const limited = await post(url(), request, headers());
    expect([limited.status, limited.body.error.type, limited.headers.get('retry-after')]).toEqual([429, 'rate_limit_error', '2']);
    expect((await post(url(), request, headers())).status).toBe(200);
  });

  it('sends an overloaded_error event in the middle of a stream when scripted', async () => {
    await control().script('anthropic', undefined, [{ midStreamError: true }]);
    const answer = await post(url(), { ...request, stream: true }, headers());
    const sequence = events(answer.text);
    expect(sequence.map((event) => event.type)).toEqual(['message_start', 'content_block_start', 'ping', 'content_block_delta', 'error']);
    expect(sequence[4]).toEqual({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } });
  });

  it('streams without usage when scripted', async () => {
    await control().script('anthropic', undefined, [{ noUsage: true }]);
    const sequence = events((await post(url(), { ...request, stream: true }, headers())).text);
    expect(sequence.some((event) => event.usage || event.message?.usage)).toBe(false);
  });
});
