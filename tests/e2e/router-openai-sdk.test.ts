import OpenAI from 'openai';
import { embeddingFor } from '../emulators/answer';
import { tokenLogprob } from '../emulators/openai-logprobs';
import { emulator } from '../support/emulator';
import { createKey } from '../support/hub-cli';
import { baseUrl, LANES } from '../support/lanes';
import { COMPLETION_TOKENS, MESSAGES, PROMPT_TOKENS, REPLY, ROUTER } from '../support/router-client';

/** The official OpenAI SDK works with baseURL = {site}/wp-json/llm/router/v1 (docs/architecture.md §4). */
describe.each(LANES)('the OpenAI SDK via %s', (lane) => {
  const key = createKey(['llm.chat', 'llm.embeddings']);
  const client = new OpenAI({ apiKey: key.key, baseURL: `${baseUrl(lane)}${ROUTER}`, maxRetries: 0, timeout: 20_000 });
  const messages = MESSAGES as OpenAI.Chat.ChatCompletionMessageParam[];

  beforeEach(() => emulator().reset());

  it('creates a chat completion', async () => {
    const completion = await client.chat.completions.create({ model: 'openai/gpt-4o-mini', messages });
    expect(completion.object).toBe('chat.completion');
    expect(completion.choices[0]!.message.content).toBe(REPLY);
    expect(completion.usage).toMatchObject({ prompt_tokens: PROMPT_TOKENS, completion_tokens: COMPLETION_TOKENS });
  });

  it('streams a chat completion, ending with the usage chunk', async () => {
    const stream = await client.chat.completions.create({ model: 'openai/gpt-4o-mini', messages, stream: true });
    const chunks: OpenAI.Chat.ChatCompletionChunk[] = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect(chunks.map((chunk) => chunk.choices[0]?.delta.content ?? '').join('')).toBe(REPLY);
    const last = chunks[chunks.length - 1]!;
    expect(last.choices).toEqual([]);
    expect(last.usage).toMatchObject({ prompt_tokens: PROMPT_TOKENS, completion_tokens: COMPLETION_TOKENS });
  });

  it('streams logprobs when asked: each content chunk carries its tokens, the SDK gathers them into the final completion, the same as a blocking answer', async () => {
    const stream = client.chat.completions.stream({ model: 'openai/gpt-4o-mini', messages, logprobs: true, top_logprobs: 2 });
    const streamed: string[] = [];
    stream.on('logprobs.content.delta', ({ content }) => streamed.push(...content.map((entry) => entry.token)));
    const final = await stream.finalChatCompletion();
    const content = final.choices[0]!.logprobs!.content!;
    expect(content.map((entry) => entry.token).join('')).toBe(REPLY);
    expect(content.map((entry) => entry.logprob)).toEqual(content.map((_entry, position) => tokenLogprob(position)));
    expect(content.every((entry) => entry.top_logprobs.length === 2 && entry.top_logprobs[0]!.token === entry.token)).toBe(true);
    expect(streamed).toEqual(content.map((entry) => entry.token));
    expect((await emulator().requests())[0]!.body).toMatchObject({ stream: true, logprobs: true, top_logprobs: 2 });

    const blocking = await client.chat.completions.create({ model: 'openai/gpt-4o-mini', messages, logprobs: true, top_logprobs: 2 });
    expect(blocking.choices[0]!.logprobs).toEqual(final.choices[0]!.logprobs);

    const chunks: OpenAI.Chat.ChatCompletionChunk[] = [];
    for await (const chunk of await client.chat.completions.create({ model: 'openai/gpt-4o-mini', messages, stream: true, logprobs: true }))
      chunks.push(chunk);
    const withText = chunks.filter((chunk) => chunk.choices[0]?.delta.content);
    expect(withText.length).toBeGreaterThan(1);
    expect(withText.every((chunk) => chunk.choices[0]!.logprobs!.content![0]!.token === chunk.choices[0]!.delta.content)).toBe(true);
  });

  it('raises the error event of a stream that fails midway', async () => {
    await emulator().script('openai', 'gpt-4o-mini', [{ midStreamError: true }]);
    const stream = await client.chat.completions.create({ model: 'openai/gpt-4o-mini', messages, stream: true });
    const consume = async () => {
      for await (const _chunk of stream) {
        // drain
      }
    };
    await expect(consume()).rejects.toThrow(OpenAI.APIError);
  });

  it('creates embeddings (the SDK asks for base64 and decodes it)', async () => {
    const result = await client.embeddings.create({ model: 'openai/text-embedding-3-small', input: ['alpha beta', 'gamma'] });
    expect(result.data.map((item) => item.index)).toEqual([0, 1]);
    const [first, second] = result.data.map((item) => item.embedding);
    first!.forEach((value, index) => expect(value).toBeCloseTo(embeddingFor('alpha beta')[index]!, 6));
    second!.forEach((value, index) => expect(value).toBeCloseTo(embeddingFor('gamma')[index]!, 6));
    expect(first).toHaveLength(embeddingFor('alpha beta').length);
    expect((await emulator().requests())[0]).toMatchObject({ provider: 'openai', model: 'text-embedding-3-small' });
  });

  it('lists models', async () => {
    const ids: string[] = [];
    for await (const model of client.models.list()) ids.push(model.id);
    expect(ids).toEqual(expect.arrayContaining(['openai/gpt-4o-mini', 'openai/text-embedding-3-small']));
  });

  it('surfaces router errors as SDK errors with the status', async () => {
    await expect(client.chat.completions.create({ model: 'openai/gpt-4o-mini', messages: [] })).rejects.toMatchObject({ status: 400 });
  });
});
