import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Stream } from '@anthropic-ai/sdk/core/streaming';
import type { RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages';
import { emulator } from '../support/emulator';
import { createKey } from '../support/hub-cli';
import { baseUrl, LANES } from '../support/lanes';
import { testFetch } from '../support/test-fetch';

/**
 * Claude Code's first request of a session, replayed (tests/fixtures/claude-code/: reconstructed
 * from documentation, not recorded) on both lanes with each of Claude Code's two ways to send the
 * key: the hub takes it, and the answer parses with the Anthropic SDK's own stream parser.
 */
const FIXTURES = join(__dirname, '..', 'fixtures', 'claude-code');
const body = JSON.parse(readFileSync(join(FIXTURES, 'request.json'), 'utf8')) as Record<string, unknown>;
const head = JSON.parse(readFileSync(join(FIXTURES, 'request-head.json'), 'utf8')) as { path: string; headers: Record<string, string> };

describe.each(LANES)("Claude Code's request via %s", (lane) => {
  const key = createKey(['llm.chat']);
  const replay = async (model: string, auth: Record<string, string>) => {
    const response = await testFetch(`${baseUrl(lane)}/wp-json/llm/router${head.path}`, {
      method: 'POST',
      headers: { ...head.headers, ...auth },
      body: JSON.stringify({ ...body, model }),
    });
    expect([response.status, response.headers.get('content-type')]).toEqual([200, expect.stringContaining('text/event-stream')]);
    const events: RawMessageStreamEvent[] = [];
    for await (const event of Stream.fromSSEResponse<RawMessageStreamEvent>(response, new AbortController())) events.push(event);
    return events;
  };
  const toolUses = (events: RawMessageStreamEvent[]) =>
    events.flatMap((event) =>
      event.type === 'content_block_start' && event.content_block.type === 'tool_use' ? [event.content_block.name] : [],
    );

  beforeEach(() => emulator().reset());

  it.each([
    ['ANTHROPIC_API_KEY (x-api-key)', (value: string) => ({ 'x-api-key': value })],
    ['ANTHROPIC_AUTH_TOKEN (Bearer)', (value: string) => ({ authorization: `Bearer ${value}` })],
  ])('with %s on mock/echo: a tool_use of its first tool, in events the SDK parses', async (_name, auth) => {
    const events = await replay('mock/echo', auth(key.key));
    expect(events[0]!.type).toBe('message_start');
    expect(events.at(-1)!.type).toBe('message_stop');
    expect(toolUses(events)).toEqual(['Task']);
    expect(events.find((event) => event.type === 'message_delta')).toMatchObject({ delta: { stop_reason: 'tool_use' } });
  });

  it('through the emulated Anthropic: the body reaches Anthropic as Claude Code sent it, and the tool_use comes back', async () => {
    const events = await replay('claude-sonnet-4-5', { 'x-api-key': key.key });
    expect(toolUses(events)).toHaveLength(1);
    expect(events.at(-1)!.type).toBe('message_stop');
    const [sent, ...more] = await emulator().requests({ provider: 'anthropic' });
    expect(more).toEqual([]);
    expect(JSON.stringify(sent!.body)).toBe(JSON.stringify(body));
    // Its beta flags go with it: they switch on the body fields it sends (interleaved thinking, fine-grained tool streaming).
    expect(sent!.headers['anthropic-beta']).toBe(head.headers['anthropic-beta']);
  });

  it('beta flags that are not flag names are refused naming anthropic-beta, before any provider call', async () => {
    const response = await testFetch(`${baseUrl(lane)}/wp-json/llm/router${head.path}`, {
      method: 'POST',
      headers: { ...head.headers, 'anthropic-beta': 'claude-code-20250219; drop table', 'x-api-key': key.key },
      body: JSON.stringify({ ...body, model: 'claude-sonnet-4-5' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: 'svc_invalid_request',
      data: { params: { 'anthropic-beta': expect.any(String) } },
    });
    expect(await emulator().requests({ provider: 'anthropic' })).toEqual([]);
  });
});
