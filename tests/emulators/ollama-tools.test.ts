import { post, useEmulator } from './testing';

/** Ollama /api/chat with tools, images and `format` (synthetic: from Ollama's documented API). */
describe('Ollama emulator: tools, images, format', () => {
  const { emulator } = useEmulator();
  const chat = (body: Record<string, unknown>) => post(`${emulator().url}/ollama/api/chat`, { model: 'llama3.2', ...body });
  const weather = {
    type: 'function',
    function: {
      name: 'weather',
      parameters: {
        type: 'object',
        properties: { location: { type: 'string' }, days: { type: 'integer' } },
        required: ['location', 'days'],
      },
    },
  };
  const user = { role: 'user', content: 'Berlin' };
  const lines = (text: string) =>
    text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));

  it('answers a blocking tool call with arguments as an object and no id; done_reason stays stop', async () => {
    const answer = await chat({ messages: [user], tools: [weather], stream: false });
    expect(answer.body).toMatchObject({
      message: {
        role: 'assistant',
        content: '',
        tool_calls: [{ function: { name: 'weather', arguments: { location: 'Berlin', days: 6 } } }],
      },
      done: true,
      done_reason: 'stop',
    });
    expect(answer.body.message.tool_calls[0]).not.toHaveProperty('id');
  });

  it('streams the whole call on one done:false line, then the done line without calls', async () => {
    const sequence = lines((await chat({ messages: [user], tools: [weather] })).text);
    const withCalls = sequence.filter((line) => line.message?.tool_calls);
    expect(withCalls).toHaveLength(1);
    expect(withCalls[0]).toMatchObject({
      done: false,
      message: { tool_calls: [{ function: { name: 'weather', arguments: { location: 'Berlin', days: 6 } } }] },
    });
    expect(sequence.at(-1)).toMatchObject({ done: true, done_reason: 'stop', message: { content: '' } });
    expect(sequence.at(-1).message).not.toHaveProperty('tool_calls');
  });

  it('answers a tool result; refuses string arguments in history and images that are not base64', async () => {
    const history = [
      user,
      { role: 'assistant', content: '', tool_calls: [{ function: { name: 'weather', arguments: { location: 'Berlin' } } }] },
      { role: 'tool', content: 'sunny', tool_name: 'weather' },
    ];
    expect((await chat({ messages: history, tools: [weather], stream: false })).body.message.content).toBe('tool said: sunny');
    const stringArgs = [user, { role: 'assistant', content: '', tool_calls: [{ function: { name: 'weather', arguments: '{}' } }] }];
    expect((await chat({ messages: stringArgs, stream: false })).status).toBe(400);
    expect((await chat({ messages: [{ ...user, images: ['https://example.com/a.png'] }], stream: false })).status).toBe(400);
  });

  it('echoes images as a count and honours format "json" and a schema', async () => {
    expect((await chat({ messages: [{ ...user, images: ['iVBORw0KGgo='] }], stream: false })).body.message.content).toBe(
      'Echo: Berlin [1 image(s)]',
    );
    expect(JSON.parse((await chat({ messages: [user], format: 'json', stream: false })).body.message.content)).toEqual({ echo: 'Berlin' });
    const schema = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };
    expect(JSON.parse((await chat({ messages: [user], format: schema, stream: false })).body.message.content)).toEqual({ city: 'Berlin' });
  });
});
