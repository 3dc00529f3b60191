import Anthropic from '@anthropic-ai/sdk';
import { emulator } from '../support/emulator';
import { createKey } from '../support/hub-cli';
import { baseUrl, LANES } from '../support/lanes';

/**
 * Anthropic's own models through the Messages API (docs/api-notes.md "Anthropic Messages API"):
 * the client's request reaches Anthropic as it was sent (only the model named as Anthropic names
 * it), and the answer comes back as Anthropic sent it, with the hub's model id.
 */
const request = {
  model: 'claude-sonnet-4-5',
  max_tokens: 512,
  system: [{ type: 'text' as const, text: 'Be brief.', cache_control: { type: 'ephemeral' as const } }],
  messages: [
    { role: 'user' as const, content: [{ type: 'text' as const, text: 'hello there', cache_control: { type: 'ephemeral' as const } }] },
  ],
  metadata: { user_id: 'user-1' },
};

describe.each(LANES)('native Anthropic calls via %s', (lane) => {
  const key = createKey(['llm.chat']);
  const client = () => new Anthropic({ baseURL: `${baseUrl(lane)}/wp-json/llm/router`, apiKey: key.key, maxRetries: 0, timeout: 20_000 });

  beforeEach(() => emulator().reset());

  it('sends the body as written and answers Anthropic’s message as sent (its usage fields included), model the hub id', async () => {
    const message = await client().messages.create(request);
    const [sent] = await emulator().requests({ provider: 'anthropic' });
    expect(JSON.stringify(sent!.body)).toBe(JSON.stringify(request));
    expect(message.model).toBe('anthropic/claude-sonnet-4-5');
    expect(message.usage).toMatchObject({ cache_creation_input_tokens: 0, cache_read_input_tokens: 0, service_tier: 'standard' });
    expect(message.content).toEqual([{ type: 'text', text: 'Echo: hello there' }]);
  });

  it('streams: the body as written, stream added; Anthropic’s events relayed as sent, the SDK assembles the answer', async () => {
    const stream = client().messages.stream(request);
    const events: Array<{ type: string; message?: { model: string; usage: Record<string, unknown> } }> = [];
    stream.on('streamEvent', (event) => events.push(event as (typeof events)[number]));
    const message = await stream.finalMessage();
    // Anthropic's own events, relayed: its message_start usage (service_tier and all), the hub's model id.
    expect(events[0]!.message).toMatchObject({
      model: 'anthropic/claude-sonnet-4-5',
      usage: { service_tier: 'standard', cache_read_input_tokens: 0 },
    });
    const [sent] = await emulator().requests({ provider: 'anthropic' });
    expect(JSON.stringify(sent!.body)).toBe(JSON.stringify({ ...request, stream: true }));
    expect(message.content).toEqual([{ type: 'text', text: 'Echo: hello there' }]);
  });
});
