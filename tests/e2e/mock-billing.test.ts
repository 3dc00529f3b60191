import { pngHeader } from '../../worker/src/providers/mock/__fixtures__/image-headers';
import { createKey } from '../support/hub-cli';
import { call, LANES } from '../support/lanes';
import { chunksOf, postJson, postStream, ROUTER } from '../support/router-client';

/**
 * mock/echo bills what a provider would (docs/api-notes.md "mock/echo"): every byte sent,
 * about four a token, tools and images included; the answer cut at the request's limit;
 * reasoning when asked — through the router on both lanes, blocking and streamed alike.
 */
const properties = Object.fromEntries(
  Array.from({ length: 99 }, (_unused, index) => [
    `field_${index}`,
    { type: 'string', description: `The value of invoice field number ${index}, as printed on the customer's order form.` },
  ]),
);
/** Issue 27's request: 12,523 bytes, nearly all one tool's schema — it was billed 2 prompt tokens. */
const LARGE_TOOL = {
  model: 'mock/echo',
  messages: [{ role: 'user', content: 'Invoice ACME' }],
  tools: [
    {
      type: 'function',
      function: {
        name: 'create_invoice',
        description: 'Creates an invoice from the order form.',
        parameters: { type: 'object', properties, required: ['field_0'] },
      },
    },
  ],
};

describe.each(LANES)('mock/echo bills as a provider does via %s', (lane) => {
  const key = createKey(['llm.chat', 'llm.embeddings']);
  const chat = (body: Record<string, unknown>) => call(lane, `${ROUTER}/chat/completions`, postJson(key.key, body));
  const streamed = async (body: Record<string, unknown>) => {
    const stream = await postStream(lane, `${ROUTER}/chat/completions`, key.key, { ...body, stream: true });
    const chunks = chunksOf(await stream.rest());
    return {
      text: chunks.map((chunk) => chunk.choices[0]?.delta?.content ?? '').join(''),
      finish: chunks.find((chunk) => chunk.choices[0]?.finish_reason)?.choices[0].finish_reason,
      usage: chunks[chunks.length - 1].usage,
    };
  };
  /** The call blocking and streamed: the same usage and finish both ways. */
  const both = async (body: Record<string, unknown>) => {
    const answer = await chat(body);
    expect(answer.status).toBe(200);
    const [choice] = answer.body.choices;
    expect(await streamed(body)).toEqual({ text: choice.message.content ?? '', finish: choice.finish_reason, usage: answer.body.usage });
    return answer.body;
  };

  it('bills the tool schema: 12,523 bytes sent, 3094 prompt tokens (its 12,376 bytes of text, tool and schema / 4)', async () => {
    expect(Buffer.byteLength(JSON.stringify(LARGE_TOOL))).toBe(12_523);
    const answer = await both(LARGE_TOOL);
    expect(answer.usage).toMatchObject({ prompt_tokens: 3094 });
  });

  it('bills images by the tile rule: 1024×1024 inline → 765, an https URL it does not fetch → 1445', async () => {
    const image = (url: string) => ({ type: 'image_url', image_url: { url } });
    const content = [
      { type: 'text', text: 'see' },
      image(`data:image/png;base64,${pngHeader(1024, 1024).toString('base64')}`),
      image('https://example.com/a.png'),
    ];
    const answer = await both({ model: 'mock/echo', messages: [{ role: 'user', content }] });
    expect(answer.usage).toMatchObject({ prompt_tokens: 1 + 765 + 1445 });
  });

  it('cuts the answer at max_completion_tokens with finish_reason length, and spends reasoning within it', async () => {
    const messages = [{ role: 'user', content: 'hello big world' }];
    const cut = await both({ model: 'mock/echo', messages, max_completion_tokens: 2 });
    expect(cut.choices[0]).toMatchObject({ message: { content: 'hello bi' }, finish_reason: 'length' });
    expect(cut.usage).toMatchObject({ prompt_tokens: 4, completion_tokens: 2, total_tokens: 6 });
    const reasoned = await both({ model: 'mock/echo', messages, reasoning_effort: 'low' });
    expect(reasoned.choices[0]).toMatchObject({ message: { content: 'hello big world' }, finish_reason: 'stop' });
    expect(reasoned.usage).toMatchObject({ completion_tokens: 64 + 4, completion_tokens_details: { reasoning_tokens: 64 } });
  });

  it('the Responses API: max_output_tokens cuts (incomplete), reasoning.effort is billed', async () => {
    const responses = (body: Record<string, unknown>) => call(lane, `${ROUTER}/responses`, postJson(key.key, body));
    const cut = await responses({ model: 'mock/echo', input: 'hello big world', max_output_tokens: 2 });
    expect(cut.body).toMatchObject({ status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } });
    expect(cut.body.usage).toMatchObject({ input_tokens: 4, output_tokens: 2 });
    const reasoned = await responses({ model: 'mock/echo', input: 'hello big world', reasoning: { effort: 'medium' } });
    expect(reasoned.body.usage).toMatchObject({ output_tokens: 256 + 4, output_tokens_details: { reasoning_tokens: 256 } });
  });

  it('bills embeddings by each input’s bytes / 4', async () => {
    const answer = await call(lane, `${ROUTER}/embeddings`, postJson(key.key, { model: 'mock/embed', input: ['the cat sat', 'crème'] }));
    expect(answer.body.usage).toEqual({ prompt_tokens: 3 + 2, total_tokens: 5 }); // 11 bytes, and 6 for 5 characters
  });
});
