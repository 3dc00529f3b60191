import { Agent, run, setDefaultOpenAIClient, setOpenAIAPI, setTracingDisabled, tool } from '@openai/agents';
import OpenAI from 'openai';
import { z } from 'zod';
import { createKey } from '../support/hub-cli';
import { baseUrl, LANES } from '../support/lanes';
import { ROUTER } from '../support/router-client';

/**
 * The OpenAI Agents SDK against the hub (issue 30's acceptance clients): mock/echo calls the
 * first tool with the user's text and answers `tool said: <output>` after it (docs/architecture.md §9).
 */
const QUESTION = 'weather in Paris';

const weather = tool({
  name: 'get_weather',
  description: 'The weather in a city.',
  parameters: z.object({ city: z.string() }),
  execute: async ({ city }) => `sunny in ${city}`,
});

const forecaster = () =>
  new Agent({ name: 'Forecaster', instructions: 'Answer with the weather tool.', model: 'mock/echo', tools: [weather] });

describe.each(LANES)('the OpenAI Agents SDK via %s', (lane) => {
  const key = createKey(['llm.chat']);

  beforeAll(() => {
    setTracingDisabled(true); // never OpenAI's tracing endpoint
    setDefaultOpenAIClient(new OpenAI({ apiKey: key.key, baseURL: `${baseUrl(lane)}${ROUTER}`, maxRetries: 0, timeout: 20_000 }));
  });

  it.each(['chat_completions', 'responses'] as const)('runs an agent with a function tool to its final answer (%s model)', async (api) => {
    setOpenAIAPI(api);
    const result = await run(forecaster(), QUESTION);
    expect(result.finalOutput).toBe(`tool said: sunny in ${QUESTION}`);
    const kinds = result.newItems.map((item) => item.type);
    expect(kinds).toEqual(['tool_call_item', 'tool_call_output_item', 'message_output_item']);
  });

  it.each(['chat_completions', 'responses'] as const)('streams a run: the tool call, its output and the text (%s model)', async (api) => {
    setOpenAIAPI(api);
    const stream = await run(forecaster(), QUESTION, { stream: true });
    const items: string[] = [];
    let text = '';
    for await (const event of stream) {
      if (event.type === 'run_item_stream_event') items.push(event.name);
      if (event.type === 'raw_model_stream_event' && event.data.type === 'output_text_delta') text += event.data.delta;
    }
    await stream.completed;
    expect(items).toEqual(['tool_called', 'tool_output', 'message_output_created']);
    expect(text).toBe(`tool said: sunny in ${QUESTION}`);
    expect(stream.finalOutput).toBe(text);
  });

  it('hands off from one agent to another, which answers', async () => {
    setOpenAIAPI('chat_completions');
    const spanish = new Agent({ name: 'Spanish agent', instructions: 'Answer in Spanish.', model: 'mock/echo' });
    const triage = new Agent({ name: 'Triage', instructions: 'Hand off to the right agent.', model: 'mock/echo', handoffs: [spanish] });
    const result = await run(triage, 'hola');
    expect(result.lastAgent?.name).toBe('Spanish agent');
    expect(result.newItems.map((item) => item.type)).toEqual(['handoff_call_item', 'handoff_output_item', 'message_output_item']);
    expect(result.finalOutput).toMatch(/^tool said: .*Spanish agent/);
  });
});
