import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { ChatOpenAI } from '@langchain/openai';
import { generateObject, generateText, stepCountIs, tool } from 'ai';
import OpenAI from 'openai';
import { z } from 'zod';
import { createKey } from '../support/hub-cli';
import { baseUrl, LANES } from '../support/lanes';
import { ROUTER } from '../support/router-client';

/**
 * Real clients drive tool loops and structured output through the router against mock/echo
 * (docs/architecture.md §9's deterministic rules): the official `openai` SDK, the Vercel AI SDK with
 * @ai-sdk/openai-compatible, and LangChain's @langchain/openai.
 */
const MODEL = 'mock/echo';
const WEATHER_PARAMETERS = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false };
const City = z.object({ city: z.string(), population: z.number() });

describe.each(LANES)('real clients via %s', (lane) => {
  const key = createKey(['llm.chat']);
  const routerUrl = `${baseUrl(lane)}${ROUTER}`;

  describe('the openai SDK', () => {
    const client = new OpenAI({ apiKey: key.key, baseURL: routerUrl, maxRetries: 0, timeout: 20_000 });
    const tools: OpenAI.Chat.ChatCompletionTool[] = [
      { type: 'function', function: { name: 'get_weather', description: 'Weather in a city', parameters: WEATHER_PARAMETERS } },
    ];

    it('gets message.tool_calls from a blocking call', async () => {
      const completion = await client.chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'Oslo' }], tools });
      expect(completion.choices[0]!.finish_reason).toBe('tool_calls');
      expect(completion.choices[0]!.message.content).toBeNull();
      const call = completion.choices[0]!.message.tool_calls![0]! as OpenAI.Chat.ChatCompletionMessageFunctionToolCall;
      expect([call.type, call.function.name, JSON.parse(call.function.arguments)]).toEqual(['function', 'get_weather', { city: 'Oslo' }]);
    });

    it('reassembles a streamed tool call with chat.completions.stream(…).finalChatCompletion()', async () => {
      const stream = client.chat.completions.stream({ model: MODEL, messages: [{ role: 'user', content: 'Bergen' }], tools });
      const final = await stream.finalChatCompletion();
      expect(final.choices[0]!.finish_reason).toBe('tool_calls');
      const call = final.choices[0]!.message.tool_calls![0]! as OpenAI.Chat.ChatCompletionMessageFunctionToolCall;
      expect([call.id, call.function.name, call.function.arguments]).toEqual(['call_echo_0', 'get_weather', '{"city":"Bergen"}']);
    });

    it('completes a runTools loop with a local function', async () => {
      const asked: string[] = [];
      const runner = client.chat.completions.runTools({
        model: MODEL,
        messages: [{ role: 'user', content: 'Tromsø' }],
        tools: [
          {
            type: 'function',
            function: {
              name: 'get_weather',
              description: 'Weather in a city',
              parameters: WEATHER_PARAMETERS,
              parse: JSON.parse,
              function: (args: { city: string }) => {
                asked.push(args.city);
                return `snow in ${args.city}`;
              },
            },
          },
        ],
      });
      expect(await runner.finalContent()).toBe('tool said: snow in Tromsø');
      expect(asked).toEqual(['Tromsø']);
    });
  });

  describe('the Vercel AI SDK with @ai-sdk/openai-compatible', () => {
    const provider = createOpenAICompatible({ name: 'svc-hub', baseURL: routerUrl, apiKey: key.key, supportsStructuredOutputs: true });

    it('runs a generateText tool loop until the model answers (stopWhen: stepCountIs)', async () => {
      const asked: string[] = [];
      const result = await generateText({
        model: provider.chatModel(MODEL),
        prompt: 'Lisbon',
        tools: {
          get_weather: tool({
            description: 'Weather in a city',
            inputSchema: z.object({ city: z.string() }),
            execute: async ({ city }) => {
              asked.push(city);
              return `sun in ${city}`;
            },
          }),
        },
        stopWhen: stepCountIs(4),
        maxRetries: 0,
      });
      expect(asked).toEqual(['Lisbon']);
      expect(result.steps).toHaveLength(2);
      expect(result.steps[0]!.finishReason).toBe('tool-calls');
      expect(result.text).toContain('tool said: ');
      expect(result.text).toContain('sun in Lisbon');
    });

    it('gets an object matching a zod schema from generateObject', async () => {
      const { object } = await generateObject({ model: provider.chatModel(MODEL), schema: City, prompt: 'Oslo', maxRetries: 0 });
      expect(object).toEqual({ city: 'Oslo', population: 4 });
    });
  });

  describe('LangChain @langchain/openai', () => {
    const model = () => new ChatOpenAI({ model: MODEL, apiKey: key.key, configuration: { baseURL: routerUrl }, maxRetries: 0 });

    it('returns tool_calls from a model with bindTools', async () => {
      const bound = model().bindTools([
        { type: 'function', function: { name: 'get_weather', description: 'Weather in a city', parameters: WEATHER_PARAMETERS } },
      ]);
      const message = await bound.invoke('Paris');
      expect(message.tool_calls).toEqual([expect.objectContaining({ name: 'get_weather', args: { city: 'Paris' }, id: 'call_echo_0' })]);
    });

    it('returns an object matching a zod schema with withStructuredOutput', async () => {
      const structured = model().withStructuredOutput(City, { name: 'city' });
      expect(await structured.invoke('Rome')).toEqual({ city: 'Rome', population: 4 });
    });
  });
});
