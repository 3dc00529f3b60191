import { createAnthropicProvider } from '../../worker/src/providers/anthropic/anthropic';
import { createGoogleProvider } from '../../worker/src/providers/google/google';
import type { ChatRequest, Provider, ProviderFactory, StreamEvent } from '../../worker/src/providers/types';
import { useEmulator } from './testing';

/**
 * The worker's Anthropic and Gemini provider modules against the emulator (no router in
 * between): a full agent loop — tool call blocking and streamed, the result sent back — an
 * image, and a JSON-schema answer, so the providers and the emulated wire formats are proven
 * to agree before the e2e tests run them through the router.
 */
const lanes: Array<[string, ProviderFactory, string, string]> = [
  ['anthropic', createAnthropicProvider, 'claude-sonnet-4-5', 'anthropic'],
  ['anthropic (forced json tool)', createAnthropicProvider, 'claude-3-5-haiku-latest', 'anthropic'],
  ['google', createGoogleProvider, 'gemini-2.5-flash', 'google'],
  ['google (Gemini 3)', createGoogleProvider, 'gemini-3-pro-preview', 'google'],
];

describe.each(lanes)('%s provider against the emulator', (_lane, factory, model, prefix) => {
  const { emulator } = useEmulator();
  let provider: Provider;
  const signal = () => new AbortController().signal;
  const weather = {
    name: 'weather',
    description: 'Weather of a city',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false },
  };
  const ask: ChatRequest = {
    model,
    messages: [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Paris' },
    ],
    tools: [weather],
  };

  beforeAll(() => {
    const running = emulator();
    provider = factory({
      name: prefix,
      baseUrl: `${running.url}/${prefix}`,
      apiKey: running.keys[prefix as 'anthropic' | 'google'],
      timeouts: { connectMs: 2000, firstTokenMs: 5000, idleMs: 5000 },
    });
  });
  afterAll(() => provider.close());

  it('gets a tool call blocking, sends the result back and gets "tool said: …" (with reasoning asked for)', async () => {
    const thinking = { ...ask, reasoningEffort: 'low' as const };
    const first = await provider.chat(thinking, { signal: signal() });
    expect(first).toMatchObject({
      content: '',
      finishReason: 'tool_calls',
      toolCalls: [{ id: expect.any(String), name: 'weather', arguments: '{"city":"Paris"}' }],
    });
    const call = first.toolCalls![0]!;
    const second = await provider.chat(
      {
        ...thinking,
        messages: [
          ...ask.messages,
          { role: 'assistant', content: '', toolCalls: [call] },
          { role: 'tool', content: '18 degrees', toolCallId: call.id },
        ],
      },
      { signal: signal() },
    );
    expect(second).toMatchObject({ content: 'tool said: 18 degrees', finishReason: 'stop' });
    expect(second.toolCalls).toBeUndefined();
  });

  it('streams a tool call as OpenAI pieces that join to the whole arguments', async () => {
    const events: StreamEvent[] = [];
    for await (const event of provider.stream({ ...ask, toolChoice: { name: 'weather' } }, { signal: signal() })) events.push(event);
    const pieces = events.filter((event): event is Extract<StreamEvent, { type: 'tool_call' }> => event.type === 'tool_call');
    expect(pieces[0]).toMatchObject({ index: 0, id: expect.any(String), name: 'weather' });
    expect(pieces.every((piece) => piece.index === 0)).toBe(true);
    expect(JSON.parse(pieces.map((piece) => piece.arguments).join(''))).toEqual({ city: 'Paris' });
    expect(events.find((event) => event.type === 'finish')).toEqual({ type: 'finish', reason: 'tool_calls' });
    expect(events.filter((event) => event.type === 'usage').length).toBeGreaterThan(0);
  });

  it('sends an image part in the provider’s own form', async () => {
    const parts = [
      { type: 'text' as const, text: 'What is this?' },
      {
        type: 'image' as const,
        source: {
          kind: 'data' as const,
          mediaType: 'image/png',
          base64: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
        },
      },
    ];
    const result = await provider.chat({ model, messages: [{ role: 'user', content: 'What is this?', parts }] }, { signal: signal() });
    expect(result.content).toBe('Echo: What is this? [1 image(s)]');
  });

  it('answers a JSON-schema request with JSON built from the schema, blocking and streamed', async () => {
    const schema = {
      type: 'object',
      properties: { city: { type: 'string' }, sunny: { type: 'boolean' } },
      required: ['city', 'sunny'],
      additionalProperties: false,
    };
    const request: ChatRequest = {
      model,
      messages: [{ role: 'user', content: 'Rome' }],
      responseFormat: { type: 'json_schema', name: 'weather', schema, strict: true },
    };
    const blocking = await provider.chat(request, { signal: signal() });
    expect(JSON.parse(blocking.content)).toEqual({ city: 'Rome', sunny: true });
    expect(blocking.finishReason).toBe('stop');
    let text = '';
    for await (const event of provider.stream(request, { signal: signal() })) if (event.type === 'delta') text += event.text;
    expect(JSON.parse(text)).toEqual({ city: 'Rome', sunny: true });
  });
});
