import { randomUUID } from 'node:crypto';
import { createKey } from '../support/hub-cli';
import { bearer, call, LANES } from '../support/lanes';
import { chunksOf, expectParam, postStream, ROUTER } from '../support/router-client';
import { usageRows } from '../support/usage-rows';
import { eventually } from '../support/eventually';

/**
 * The chat surface of docs/architecture.md §9 on the wire, against mock/echo's deterministic rules: tool
 * calls blocking and streamed (OpenAI's delta shape), the tool result sent back, JSON formats,
 * image parts — and bad input refused naming the field, with no usage row written.
 */
const WEATHER = {
  type: 'function',
  function: {
    name: 'get_weather',
    description: 'The weather in a city',
    parameters: { type: 'object', properties: { city: { type: 'string' }, days: { type: 'integer' } }, required: ['city', 'days'] },
  },
};
const ASK = [{ role: 'user', content: 'Oslo' }];
const ARGUMENTS = '{"city":"Oslo","days":4}';

describe.each(LANES)('chat tools and formats via %s', (lane) => {
  const key = createKey(['llm.chat']);
  const chat = (body: unknown, requestId = randomUUID()) =>
    call(lane, `${ROUTER}/chat/completions`, {
      method: 'POST',
      headers: { ...bearer(key.key), 'Content-Type': 'application/json', 'X-Request-Id': requestId },
      body: JSON.stringify(body),
    });

  it('answers a tool call blocking: message.tool_calls, content null, finish_reason tool_calls', async () => {
    const requestId = randomUUID();
    const answer = await chat({ model: 'mock/echo', messages: ASK, tools: [WEATHER] }, requestId);
    expect(answer.status).toBe(200);
    // The row the refusals below must not leave: a call that ran leaves one (written without waiting, so polled).
    const rows = await eventually(
      () => usageRows([requestId]),
      (read) => read[0]?.status === 'ok',
    );
    expect(rows).toEqual([expect.objectContaining({ status: 'ok', model: 'mock/echo', kind: 'chat' })]);
    expect(answer.body.choices).toEqual([
      {
        index: 0,
        message: {
          role: 'assistant',
          content: null,
          tool_calls: [{ id: 'call_echo_0', type: 'function', function: { name: 'get_weather', arguments: ARGUMENTS } }],
        },
        finish_reason: 'tool_calls',
      },
    ]);
  });

  it('streams a tool call as OpenAI does: id, type and name first with arguments "", then fragments by index', async () => {
    const stream = await postStream(lane, `${ROUTER}/chat/completions`, key.key, {
      model: 'mock/echo',
      messages: ASK,
      tools: [WEATHER],
      stream: true,
      stream_options: { include_usage: true },
    });
    const chunks = chunksOf(await stream.rest());
    const deltas = chunks.filter((chunk) => chunk.choices.length > 0).map((chunk) => chunk.choices[0].delta);
    expect(deltas[0]).toEqual({ role: 'assistant', content: '' });
    const calls = deltas.filter((delta) => delta.tool_calls).map((delta) => delta.tool_calls[0]);
    expect(calls[0]).toEqual({ index: 0, id: 'call_echo_0', type: 'function', function: { name: 'get_weather', arguments: '' } });
    expect(calls.length).toBeGreaterThan(2);
    for (const fragment of calls.slice(1)) expect(Object.keys(fragment).sort()).toEqual(['function', 'index']);
    expect(calls.map((item) => item.function.arguments).join('')).toBe(ARGUMENTS);
    expect(chunks.find((chunk) => chunk.choices[0]?.finish_reason)?.choices[0].finish_reason).toBe('tool_calls');
    expect(chunks[chunks.length - 1]).toMatchObject({ choices: [], usage: { total_tokens: expect.any(Number) } });
  });

  it('answers the tool result sent back, JSON formats and image parts by mock/echo’s rules', async () => {
    const history = [
      ...ASK,
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'call_echo_0', type: 'function', function: { name: 'get_weather', arguments: ARGUMENTS } }],
      },
      { role: 'tool', tool_call_id: 'call_echo_0', content: 'sunny' },
    ];
    expect((await chat({ model: 'mock/echo', messages: history, tools: [WEATHER] })).body.choices[0]).toMatchObject({
      message: { content: 'tool said: sunny' },
      finish_reason: 'stop',
    });
    const schema = {
      name: 'city',
      schema: { type: 'object', properties: { name: { type: 'string' }, size: { type: 'number' } }, required: ['name', 'size'] },
      strict: true,
    };
    expect(
      JSON.parse(
        (await chat({ model: 'mock/echo', messages: ASK, response_format: { type: 'json_schema', json_schema: schema } })).body.choices[0]
          .message.content,
      ),
    ).toEqual({ name: 'Oslo', size: 4 });
    expect(
      JSON.parse(
        (await chat({ model: 'mock/echo', messages: ASK, response_format: { type: 'json_object' } })).body.choices[0].message.content,
      ),
    ).toEqual({ echo: 'Oslo' });
    const image = { role: 'developer', content: 'Describe.' };
    const parts = [
      { type: 'text', text: 'what is this' },
      { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=', detail: 'low' } },
    ];
    expect((await chat({ model: 'mock/echo', messages: [image, { role: 'user', content: parts }] })).body.choices[0].message.content).toBe(
      'what is this [1 image(s)]',
    );
  });

  it.each([
    [
      'a tool without a name',
      { tools: [{ type: 'function', function: { parameters: { type: 'object' } } }] },
      /^tools\[0\]\.function\.name$/,
    ],
    [
      'tool parameters that are not an object',
      { tools: [{ type: 'function', function: { name: 'f', parameters: 'city' } }] },
      /^tools\[0\]\.function\.parameters$/,
    ],
    [
      'a tool message without a matching call',
      { messages: [...ASK, { role: 'tool', tool_call_id: 'call_nowhere', content: 'x' }] },
      /^messages\[1\]\.tool_call_id$/,
    ],
    ['n = 2', { n: 2 }, /^n$/],
    [
      'an audio part',
      { messages: [{ role: 'user', content: [{ type: 'input_audio', input_audio: { data: 'AA==', format: 'wav' } }] }] },
      /^messages\[0\]\.content\[0\]\.type$/,
    ],
  ])('refuses %s with 400 naming the field, and records nothing', async (_name, extra, field) => {
    const requestId = randomUUID();
    const answer = await chat({ model: 'mock/echo', messages: ASK, ...extra }, requestId);
    expect([answer.status, answer.body.code]).toEqual([400, 'svc_invalid_request']);
    expectParam(answer, field);
    expect(await usageRows([requestId])).toEqual([]);
  });

  it('refuses a field the model cannot honour (logit_bias to an Anthropic model) before any call, naming field and model', async () => {
    const requestId = randomUUID();
    const answer = await chat({ model: 'anthropic/claude-3-5-haiku-latest', messages: ASK, logit_bias: { '50256': -100 } }, requestId);
    expect([answer.status, answer.body.code]).toEqual([400, 'svc_unsupported_parameter']);
    expect(answer.body.data).toMatchObject({
      status: 400,
      params: { logit_bias: expect.stringContaining('anthropic/claude-3-5-haiku-latest') },
      model: 'anthropic/claude-3-5-haiku-latest',
    });
    expect(await usageRows([requestId])).toEqual([]);
  });
});
