import { providerEnvironment } from './environment';
import { useEmulator } from './testing';
import { describeProvider } from '../../worker/src/providers/registry';
import type { ChatRequest, Provider, StreamEvent, ToolCall } from '../../worker/src/providers/types';

/**
 * The OpenAI-family provider modules and Ollama against the emulator, with no router between:
 * what each provider sends the emulator accepts (Mistral's dialect included), and what the
 * emulator answers each provider reads back as one tool-call shape.
 */
/** Every row has four entries: jest hands a test with more parameters than entries a `done` callback. */
const FAMILY: Array<[provider: string, model: string, baseVariable: string, keyVariable: string]> = [
  ['openai', 'gpt-4o-mini', 'OPENAI_BASE_URL', 'OPENAI_API_KEY'],
  ['mistral', 'mistral-small-latest', 'MISTRAL_BASE_URL', 'MISTRAL_API_KEY'],
  ['openrouter', 'openai/gpt-4o-mini', 'OPENROUTER_BASE_URL', 'OPENROUTER_API_KEY'],
  ['compat', 'any-model', 'SVC_COMPAT_BASE_URL', 'SVC_COMPAT_API_KEY'],
  ['deepseek', 'deepseek-chat', 'DEEPSEEK_BASE_URL', 'DEEPSEEK_API_KEY'],
  ['groq', 'llama-3.1-8b-instant', 'GROQ_BASE_URL', 'GROQ_API_KEY'],
  ['xai', 'grok-3-mini', 'XAI_BASE_URL', 'XAI_API_KEY'],
  ['ollama', 'llama3.2', 'OLLAMA_BASE_URL', ''],
];
const weather = { name: 'weather', parameters: { type: 'object', properties: { location: { type: 'string' } }, required: ['location'] } };
const signal = () => new AbortController().signal;

async function collect(events: AsyncIterable<StreamEvent>): Promise<StreamEvent[]> {
  const all: StreamEvent[] = [];
  for await (const event of events) all.push(event);
  return all;
}

describe('OpenAI-family providers and Ollama against the emulator', () => {
  const { emulator } = useEmulator();
  const open = (provider: string, baseVariable: string, keyVariable: string): Provider => {
    const environment = providerEnvironment(emulator().url, emulator().keys);
    const timeouts = { connectMs: 2000, firstTokenMs: 5000, idleMs: 5000 };
    return describeProvider(provider)!.factory({
      name: provider,
      baseUrl: environment[baseVariable]!,
      apiKey: keyVariable ? environment[keyVariable]! : '',
      timeouts,
    });
  };

  it.each(FAMILY)('%s: tool call blocking, streamed, then the tool result answered', async (name, model, baseVariable, keyVariable) => {
    const provider = open(name, baseVariable, keyVariable);
    try {
      const request: ChatRequest = {
        model,
        messages: [
          { role: 'developer', content: 'Be brief.' },
          { role: 'user', content: 'Berlin' },
        ],
        tools: [weather],
        toolChoice: 'required',
        seed: 1,
      };
      const blocking = await provider.chat(request, { signal: signal() });
      expect(blocking).toMatchObject({
        content: '',
        finishReason: 'tool_calls',
        toolCalls: [{ id: expect.any(String), name: 'weather', arguments: '{"location":"Berlin"}' }],
      });

      const events = await collect(provider.stream(request, { signal: signal() }));
      const pieces = events.filter((event): event is Extract<StreamEvent, { type: 'tool_call' }> => event.type === 'tool_call');
      expect(pieces[0]).toMatchObject({ index: 0, id: expect.any(String), name: 'weather' });
      expect(pieces.map((piece) => piece.arguments).join('')).toBe('{"location":"Berlin"}');
      expect(events.filter((event) => event.type === 'finish')).toEqual([{ type: 'finish', reason: 'tool_calls' }]);

      const call: ToolCall = { ...blocking.toolCalls![0]!, id: 'call_from_elsewhere_0001' };
      const history: ChatRequest = {
        ...request,
        messages: [
          ...request.messages,
          { role: 'assistant', content: '', toolCalls: [call] },
          { role: 'tool', content: 'sunny', toolCallId: call.id },
        ],
      };
      expect(await provider.chat(history, { signal: signal() })).toMatchObject({ content: 'tool said: sunny', finishReason: 'stop' });
    } finally {
      await provider.close();
    }
  });

  it.each(FAMILY)('%s: an inline image and a JSON-schema answer', async (name, model, baseVariable, keyVariable) => {
    const provider = open(name, baseVariable, keyVariable);
    try {
      const image = { type: 'image' as const, source: { kind: 'data' as const, mediaType: 'image/png', base64: 'iVBORw0KGgo=' } };
      const seen = await provider.chat(
        { model, messages: [{ role: 'user', content: 'What?', parts: [{ type: 'text', text: 'What?' }, image] }] },
        { signal: signal() },
      );
      expect(seen.content).toBe('Echo: What? [1 image(s)]');
      const schema = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };
      const structured = await provider.chat(
        {
          model,
          messages: [{ role: 'user', content: 'Berlin' }],
          responseFormat: { type: 'json_schema', name: 'city', schema, strict: true },
        },
        { signal: signal() },
      );
      expect(JSON.parse(structured.content)).toEqual({ city: 'Berlin' });
    } finally {
      await provider.close();
    }
  });
});
