import { createOpenAI } from '@ai-sdk/openai';
import { generateText, jsonSchema, stepCountIs, streamText, tool } from 'ai';
import { createKey } from '../support/hub-cli';
import { baseUrl, LANES } from '../support/lanes';
import { ROUTER } from '../support/router-client';

/**
 * The Vercel AI SDK's default OpenAI provider (`@ai-sdk/openai`: `openai(model)` calls the
 * Responses API, POST /responses) against the hub on both lanes, with mock/echo.
 */
describe.each(LANES)('the Vercel AI SDK default OpenAI provider via %s', (lane) => {
  const key = createKey(['llm.chat']);
  const openai = createOpenAI({ baseURL: `${baseUrl(lane)}${ROUTER}`, apiKey: key.key });

  it('generateText answers through /responses, with usage', async () => {
    const result = await generateText({ model: openai('mock/echo'), system: 'Be brief.', prompt: 'hello from the ai sdk', maxRetries: 0 });
    expect(result.text).toBe('hello from the ai sdk');
    expect(result.finishReason).toBe('stop');
    // mock/echo bills ceil(UTF-8 bytes / 4): 'Be brief.' + the prompt = 30 bytes in, 21 out.
    expect(result.usage).toMatchObject({ inputTokens: 8, outputTokens: 6, totalTokens: 14 });
    expect(result.response.id).toMatch(/^resp_/);
  });

  it('a conversation carried on by the SDK itself (it sends earlier answers as item_reference while store is on)', async () => {
    const first = await generateText({ model: openai('mock/echo'), prompt: 'alpha beta', maxRetries: 0 });
    const second = await generateText({
      model: openai('mock/echo'),
      messages: [{ role: 'user', content: 'alpha beta' }, ...first.response.messages, { role: 'user', content: 'gamma' }],
      maxRetries: 0,
    });
    expect(second.text).toBe('gamma');
    expect(second.usage.inputTokens).toBe(7); // 'alpha beta' twice + 'gamma': 25 bytes
  });

  it('runs a tool loop: the model calls the tool, the SDK sends the result back, the answer quotes it', async () => {
    const weather = tool({
      description: 'Weather in a city',
      inputSchema: jsonSchema<{ city: string }>({
        type: 'object',
        properties: { city: { type: 'string' } },
        required: ['city'],
        additionalProperties: false,
      }),
      execute: async ({ city }) => `sunny in ${city}`,
    });
    const result = await generateText({
      model: openai('mock/echo'),
      prompt: 'Paris',
      tools: { weather },
      stopWhen: stepCountIs(3),
      maxRetries: 0,
    });
    expect(result.steps[0]!.toolCalls).toEqual([expect.objectContaining({ toolName: 'weather', input: { city: 'Paris' } })]);
    expect(result.text).toMatch(/^tool said: .*sunny in Paris/);
  });

  it('streamText streams the text and ends with usage', async () => {
    const result = streamText({ model: openai('mock/echo'), prompt: 'one two three four', maxRetries: 0 });
    const pieces: string[] = [];
    for await (const piece of result.textStream) pieces.push(piece);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe('one two three four');
    expect(await result.finishReason).toBe('stop');
    expect(await result.usage).toMatchObject({ inputTokens: 5, outputTokens: 5 }); // 18 bytes each way
  });
});
