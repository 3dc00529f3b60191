import { dataEvents, post, useEmulator } from './testing';

/** Tool calls, image parts and JSON modes in the OpenAI wire format and its flavours (docs/architecture.md §9's echo rules). */
describe('OpenAI-format emulator: tools, images, JSON', () => {
  const { emulator } = useEmulator();
  const weather = {
    type: 'function',
    function: { name: 'weather', parameters: { type: 'object', properties: { location: { type: 'string' } }, required: ['location'] } },
  };
  const user = { role: 'user', content: 'Berlin' };
  const call = (flavour: string, body: Record<string, unknown>) => {
    const prefix = flavour === 'openrouter' ? '/openrouter/api/v1' : `/${flavour}/v1`;
    const key = (emulator().keys as unknown as Record<string, string>)[flavour]!;
    return post(`${emulator().url}${prefix}/chat/completions`, body, { Authorization: `Bearer ${key}` });
  };

  it('answers a blocking tool call: content null, tool_calls, finish tool_calls', async () => {
    const answer = await call('openai', { model: 'gpt-4o-mini', messages: [user], tools: [weather] });
    expect(answer.body.choices[0]).toMatchObject({
      message: {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: expect.stringMatching(/^call_/), type: 'function', function: { name: 'weather', arguments: '{"location":"Berlin"}' } },
        ],
      },
      finish_reason: 'tool_calls',
    });
  });

  it('streams a tool call as OpenAI does: index 0, id and name first with empty arguments, fragments after, then finish and usage', async () => {
    const answer = await call('openai', {
      model: 'gpt-4o-mini',
      messages: [user],
      tools: [weather],
      stream: true,
      stream_options: { include_usage: true },
    });
    const chunks = dataEvents(answer.text);
    const pieces = chunks.flatMap((chunk) => chunk.choices[0]?.delta?.tool_calls ?? []);
    expect(pieces[0]).toEqual({
      index: 0,
      id: expect.stringMatching(/^call_/),
      type: 'function',
      function: { name: 'weather', arguments: '' },
    });
    expect(pieces.length).toBeGreaterThan(2);
    expect(
      pieces
        .slice(1)
        .every((piece: any) => piece.index === 0 && piece.id === undefined && Object.keys(piece.function).join() === 'arguments'),
    ).toBe(true);
    expect(pieces.map((piece: any) => piece.function.arguments).join('')).toBe('{"location":"Berlin"}');
    expect(chunks.at(-2).choices[0]).toMatchObject({ delta: {}, finish_reason: 'tool_calls' });
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { prompt_tokens: 1 } });
    expect(answer.text.endsWith('data: [DONE]\n\n')).toBe(true);
  });

  it('Mistral streams the whole call in one delta without index or type, on the finish chunk with usage; ids have 9 characters', async () => {
    const answer = await call('mistral', {
      model: 'mistral-small-latest',
      messages: [user],
      tools: [weather],
      tool_choice: 'any',
      stream: true,
    });
    const chunks = dataEvents(answer.text);
    const withCalls = chunks.filter((chunk) => chunk.choices[0]?.delta?.tool_calls);
    expect(withCalls).toHaveLength(1);
    expect(withCalls[0].choices[0]).toMatchObject({
      finish_reason: 'tool_calls',
      delta: {
        tool_calls: [{ id: expect.stringMatching(/^[A-Za-z0-9]{9}$/), function: { name: 'weather', arguments: '{"location":"Berlin"}' } }],
      },
    });
    expect(withCalls[0].choices[0].delta.tool_calls[0]).not.toHaveProperty('index');
    expect(withCalls[0].usage).toMatchObject({ prompt_tokens: 1 });
  });

  it('Mistral refuses an unknown field (422 extra_forbidden) and a history id that is not 9 characters', async () => {
    expect((await call('mistral', { model: 'mistral-small-latest', messages: [user], seed: 1 })).status).toBe(422);
    const history = [
      user,
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_long_id', type: 'function', function: { name: 'weather', arguments: '{}' } }],
      },
      { role: 'tool', tool_call_id: 'call_long_id', content: 'sunny' },
    ];
    expect((await call('mistral', { model: 'mistral-small-latest', messages: history })).status).toBe(400);
  });

  it('answers the tool result with "tool said: …", and refuses a tool message without a matching call', async () => {
    const history = [
      user,
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'weather', arguments: '{}' } }],
      },
      { role: 'tool', tool_call_id: 'call_1', content: 'sunny' },
    ];
    for (const flavour of ['openai', 'compat', 'openrouter']) {
      const answer = await call(flavour, {
        model: flavour === 'openrouter' ? 'openai/gpt-4o-mini' : 'gpt-4o-mini',
        messages: history,
        tools: [weather],
      });
      expect(answer.body.choices[0]).toMatchObject({ message: { content: 'tool said: sunny' }, finish_reason: 'stop' });
    }
    const orphan = await call('openai', { model: 'gpt-4o-mini', messages: [user, { role: 'tool', tool_call_id: 'call_9', content: 'x' }] });
    expect(orphan.status).toBe(400);
  });

  it('echoes image parts as a count, refuses a non-https image URL, and answers both JSON modes', async () => {
    const parts = {
      role: 'user',
      content: [
        { type: 'text', text: 'What is this?' },
        { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=', detail: 'low' } },
      ],
    };
    expect((await call('openai', { model: 'gpt-4o-mini', messages: [parts] })).body.choices[0].message.content).toBe(
      'Echo: What is this? [1 image(s)]',
    );
    const insecure = { role: 'user', content: [{ type: 'image_url', image_url: { url: 'http://example.com/a.png' } }] };
    expect((await call('openai', { model: 'gpt-4o-mini', messages: [insecure] })).status).toBe(400);

    const schema = { type: 'object', properties: { city: { type: 'string' }, size: { type: 'number' } }, required: ['city', 'size'] };
    const structured = await call('compat', {
      model: 'any-model',
      messages: [user],
      response_format: { type: 'json_schema', json_schema: { name: 'city', schema, strict: true } },
    });
    expect(JSON.parse(structured.body.choices[0].message.content)).toEqual({ city: 'Berlin', size: 6 });
    const loose = await call('mistral', { model: 'mistral-small-latest', messages: [user], response_format: { type: 'json_object' } });
    expect(JSON.parse(loose.body.choices[0].message.content)).toEqual({ echo: 'Berlin' });
  });
});
