import OpenAI from 'openai';
import { createKey } from '../support/hub-cli';
import { baseUrl, LANES } from '../support/lanes';
import { ROUTER } from '../support/router-client';

/**
 * mock/echo honours `logprobs` (issue 14, docs/architecture.md §9) as OpenAI does, through the official SDK on
 * both lanes: one entry per word piece (logprob 0, its UTF-8 bytes, `top_logprobs` the token
 * then `token~k` at -10·k), blocking on the choice, streamed on each content chunk, in the
 * Responses API's output text; a tool call's logprobs have content null; unasked, none.
 */
const TEXT = 'grüße big world';
const PIECES = ['grüße ', 'big ', 'world'];
const bytes = (token: string) => [...Buffer.from(token, 'utf8')];
const entry = (token: string, top: number) => ({
  token,
  logprob: 0,
  bytes: bytes(token),
  top_logprobs: Array.from({ length: top }, (_unused, rank) => {
    const alternative = rank === 0 ? token : `${token}~${rank}`;
    return { token: alternative, logprob: rank === 0 ? 0 : -10 * rank, bytes: bytes(alternative) };
  }),
});
const WEATHER: OpenAI.Chat.ChatCompletionTool = {
  type: 'function',
  function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
};

describe.each(LANES)('mock/echo logprobs via %s', (lane) => {
  const key = createKey(['llm.chat']);
  const client = new OpenAI({ apiKey: key.key, baseURL: `${baseUrl(lane)}${ROUTER}`, maxRetries: 0, timeout: 20_000 });
  const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [{ role: 'user', content: TEXT }];

  it('answers blocking with choices[0].logprobs {content, refusal: null}: one entry per word, top_logprobs as asked', async () => {
    const completion = await client.chat.completions.create({ model: 'mock/echo', messages, logprobs: true, top_logprobs: 3 });
    expect(completion.choices[0]!.message.content).toBe(TEXT);
    expect(completion.choices[0]!.logprobs).toEqual({ content: PIECES.map((piece) => entry(piece, 3)), refusal: null });

    const plain = await client.chat.completions.create({ model: 'mock/echo', messages, logprobs: true });
    expect(plain.choices[0]!.logprobs!.content).toEqual(PIECES.map((piece) => entry(piece, 0)));
  });

  it('streams each word’s entry on its chunk; the SDK gathers the same logprobs as the blocking answer', async () => {
    const stream = client.chat.completions.stream({ model: 'mock/echo', messages, logprobs: true, top_logprobs: 2 });
    const streamed: string[] = [];
    stream.on('logprobs.content.delta', ({ content }) => streamed.push(...content.map((item) => item.token)));
    const final = await stream.finalChatCompletion();
    expect(final.choices[0]!.logprobs).toEqual({ content: PIECES.map((piece) => entry(piece, 2)), refusal: null });
    expect(streamed).toEqual(PIECES);

    const chunks: OpenAI.Chat.ChatCompletionChunk[] = [];
    for await (const chunk of await client.chat.completions.create({ model: 'mock/slow', messages, stream: true, logprobs: true }))
      chunks.push(chunk);
    const withText = chunks.filter((chunk) => chunk.choices[0]?.delta.content);
    expect(withText.map((chunk) => chunk.choices[0]!.logprobs)).toEqual(
      PIECES.map((piece) => ({ content: [entry(piece, 0)], refusal: null })),
    );
  });

  it('sends no logprobs unless asked, blocking or streamed', async () => {
    const completion = await client.chat.completions.create({ model: 'mock/echo', messages });
    expect(completion.choices[0]).not.toHaveProperty('logprobs');
    const chunks: OpenAI.Chat.ChatCompletionChunk[] = [];
    for await (const chunk of await client.chat.completions.create({ model: 'mock/echo', messages, stream: true, logprobs: false }))
      chunks.push(chunk);
    expect(chunks.filter((chunk) => chunk.choices[0]?.delta.content)).toHaveLength(PIECES.length);
    expect(chunks.some((chunk) => chunk.choices[0] && 'logprobs' in chunk.choices[0])).toBe(false);
  });

  it('gives a tool call logprobs with content null (they cover message content only)', async () => {
    const completion = await client.chat.completions.create({
      model: 'mock/echo',
      messages,
      tools: [WEATHER],
      logprobs: true,
      top_logprobs: 2,
    });
    expect(completion.choices[0]).toMatchObject({
      message: { content: null, tool_calls: [expect.objectContaining({ id: 'call_echo_0' })] },
      finish_reason: 'tool_calls',
    });
    expect(completion.choices[0]!.logprobs).toEqual({ content: null, refusal: null });
  });

  it('Responses API: include message.output_text.logprobs puts the entries on the output text, blocking and streamed', async () => {
    const include: OpenAI.Responses.ResponseIncludable[] = ['message.output_text.logprobs'];
    const blocking = await client.responses.create({ model: 'mock/echo', input: TEXT, include, top_logprobs: 2 });
    const part = (blocking.output[0] as OpenAI.Responses.ResponseOutputMessage).content[0] as OpenAI.Responses.ResponseOutputText;
    expect(part.logprobs).toEqual(PIECES.map((piece) => entry(piece, 2)));

    const events: OpenAI.Responses.ResponseStreamEvent[] = [];
    for await (const event of await client.responses.create({ model: 'mock/echo', input: TEXT, include, top_logprobs: 2, stream: true }))
      events.push(event);
    const deltas = events.filter((event): event is OpenAI.Responses.ResponseTextDeltaEvent => event.type === 'response.output_text.delta');
    expect(deltas.map((event) => event.logprobs)).toEqual(PIECES.map((piece) => [entry(piece, 2)]));

    const plain = await client.responses.create({ model: 'mock/echo', input: TEXT });
    expect(
      ((plain.output[0] as OpenAI.Responses.ResponseOutputMessage).content[0] as OpenAI.Responses.ResponseOutputText).logprobs,
    ).toEqual([]);
  });
});
