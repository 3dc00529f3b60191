import { collect, fixtureLines, useFixtureProvider, writeInPieces } from '../../providers/__fixtures__/fixture-server';
import { createOpenAiProvider } from '../../providers/openai/openai';
import type { StreamEvent, TokenUsage } from '../../providers/types';
import { MessageShape } from './answer';
import { MessageEvents, type MessageEvent } from './events';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- recorded JSON, read field by field
type Recorded = Record<string, any>;
const FINISH: Record<string, string> = { end_turn: 'stop', tool_use: 'tool_calls', max_tokens: 'length' };

/** A recorded Anthropic stream's answer as OpenAI chat chunks: its text, its tool calls, its finish and usage. */
function asOpenAiStream(events: Recorded[]): string {
  const chunk = (delta: Recorded, finish: string | null = null) => ({
    id: 'chatcmpl-1',
    object: 'chat.completion.chunk',
    choices: [{ index: 0, delta, finish_reason: finish }],
  });
  const chunks: Recorded[] = [chunk({ role: 'assistant', content: '' })];
  let tool = -1;
  for (const event of events) {
    if (event.type === 'content_block_start' && event.content_block.type === 'tool_use') {
      tool += 1;
      const { id, name } = event.content_block;
      chunks.push(chunk({ tool_calls: [{ index: tool, id, type: 'function', function: { name, arguments: '' } }] }));
    }
    if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') chunks.push(chunk({ content: event.delta.text }));
    if (event.type === 'content_block_delta' && event.delta.type === 'input_json_delta')
      chunks.push(chunk({ tool_calls: [{ index: tool, function: { arguments: event.delta.partial_json } }] }));
    if (event.type === 'message_delta') {
      chunks.push(chunk({}, FINISH[event.delta.stop_reason]!));
      const prompt = event.usage.input_tokens;
      const completion = event.usage.output_tokens;
      chunks.push({
        id: 'chatcmpl-1',
        object: 'chat.completion.chunk',
        choices: [],
        usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion },
      });
    }
  }
  return [...chunks.map((item) => `data: ${JSON.stringify(item)}\n\n`), 'data: [DONE]\n\n'].join('');
}

/** What a client reads of a Messages stream: the event sequence (pings aside), block types, text, tool inputs, stop reason. */
function reading(events: Recorded[]) {
  const blocks: Recorded[] = [];
  for (const event of events) {
    if (event.type === 'content_block_start')
      blocks[event.index] = {
        type: event.content_block.type,
        name: event.content_block.name,
        id: event.content_block.id,
        text: '',
        json: '',
      };
    if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') blocks[event.index]!.text += event.delta.text;
    if (event.type === 'content_block_delta' && event.delta.type === 'input_json_delta')
      blocks[event.index]!.json += event.delta.partial_json;
  }
  const inputs = blocks.map(({ json, ...block }) => ({
    ...block,
    input: block.type === 'tool_use' ? JSON.parse(json || '{}') : undefined,
  }));
  const sequence = events.map((event) => event.type).filter((type) => type !== 'ping');
  const ending = events.find((event) => event.type === 'message_delta')!;
  return {
    sequence: sequence.filter((type, index) => type !== sequence[index - 1] || type !== 'content_block_delta'),
    blocks: inputs,
    stop: ending.delta.stop_reason,
    output: ending.usage.output_tokens,
  };
}

describe('a recorded Anthropic stream replayed through a non-Anthropic provider and back', () => {
  const upstream = useFixtureProvider(createOpenAiProvider, 'openai', { path: '/v1' });

  it.each(['anthropic-text.chunks.txt', 'anthropic-tool-call.chunks.txt'])(
    '%s: the hub streams what Anthropic streamed',
    async (fixture) => {
      const recorded = fixtureLines(fixture).map((line) => JSON.parse(line) as Recorded);
      upstream.answer((response) => writeInPieces(response, asOpenAiStream(recorded)));
      const provided = await collect(
        upstream.provider.stream(
          { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] },
          { signal: new AbortController().signal },
        ),
      );
      const shaper = new MessageEvents(new MessageShape('openai/gpt-4o-mini'));
      const streamed: MessageEvent[] = [...shaper.started()];
      let usage: TokenUsage | null = null;
      let finish: Extract<StreamEvent, { type: 'finish' }>['reason'] = 'stop';
      for (const event of provided) {
        if (event.type === 'usage') usage = event.usage;
        else if (event.type === 'finish') finish = event.reason;
        else streamed.push(...shaper.translate(event));
      }
      streamed.push(...shaper.completed(finish, usage!));
      const hub = reading(streamed);
      const anthropic = reading(recorded);
      expect(hub.sequence).toEqual(anthropic.sequence);
      expect(hub.blocks).toEqual(anthropic.blocks);
      expect(hub.stop).toBe(anthropic.stop);
      expect(hub.output).toBe(anthropic.output);
    },
  );
});
