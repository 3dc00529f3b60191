import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { StreamEvent } from '../../providers/types';
import { ResponseEvents, type ResponseEvent } from './events';
import { ResponseShape } from './output';

type Recorded = Record<string, unknown> & { type: string; sequence_number: number };

function recording(name: string): Recorded[] {
  return readFileSync(join(__dirname, '__fixtures__', name), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Recorded);
}

const ROUTER = {
  provider: 'mock',
  purpose: null,
  attempts: 1,
  latency_ms: 1,
  cost: { amount: '0.00000000', currency: 'USD' },
  usage_estimated: false,
  max_output_tokens: null,
};
const USAGE = { promptTokens: 44, completionTokens: 4, totalTokens: 48, cachedTokens: 3, reasoningTokens: 2 };

function run(events: StreamEvent[], finish: 'stop' | 'tool_calls' | 'length' = 'stop'): ResponseEvent[] {
  const translator = new ResponseEvents(
    new ResponseShape('mock/echo', { instructions: null, max_output_tokens: null, parallel_tool_calls: true, store: true }, null),
  );
  return [
    ...translator.started(),
    ...events.flatMap((event) => translator.translate(event)),
    ...translator.completed(finish, USAGE, ROUTER),
  ];
}

/** An event's field names, without OpenAI's `obfuscation` padding (optional; clients ignore it). */
const fieldsOf = (event: Record<string, unknown>) =>
  Object.keys(event)
    .filter((name) => name !== 'obfuscation')
    .sort();

describe('Responses stream events (against the recorded OpenAI streams)', () => {
  it('a text answer: the same event types, in the same order, with the same fields, as openai-responses-text.chunks.txt', () => {
    const recorded = recording('openai-responses-text.chunks.txt');
    const deltas = recorded
      .filter((event) => event.type === 'response.output_text.delta')
      .map((event) => ({ type: 'delta' as const, text: event.delta as string }));
    const ours = run(deltas);
    expect(ours.map((event) => event.type)).toEqual(recorded.map((event) => event.type));
    expect(ours.map((event) => event.sequence_number)).toEqual(recorded.map((event) => event.sequence_number));
    ours.slice(2, -1).forEach((event, index) => {
      expect(fieldsOf(event)).toEqual(fieldsOf(recorded[index + 2]!));
      const item = event.item as Record<string, unknown> | undefined;
      if (item) expect(Object.keys(item).sort()).toEqual(Object.keys(recorded[index + 2]!.item as object).sort());
      if (event.part) expect(event.part).toEqual(recorded[index + 2]!.part);
    });
    const done = ours.find((event) => event.type === 'response.output_text.done')!;
    expect(done.text).toBe('Dummy PDF file');
    expect((ours[ours.length - 2]!.item as { id: string }).id).toMatch(/^msg_/);
  });

  it('response.completed carries the whole response with usage shaped as OpenAI shapes it (cached and reasoning tokens)', () => {
    const recorded = recording('openai-responses-text.chunks.txt');
    const completed = run([{ type: 'delta', text: 'Dummy PDF file' }]).pop()!;
    const theirs = recorded[recorded.length - 1]!.response as Record<string, unknown>;
    const ours = completed.response as Record<string, unknown>;
    expect(Object.keys(ours)).toEqual(
      expect.arrayContaining([
        'id',
        'object',
        'created_at',
        'status',
        'error',
        'incomplete_details',
        'model',
        'output',
        'usage',
        'previous_response_id',
      ]),
    );
    expect(ours).toMatchObject({ object: 'response', status: 'completed', error: null, model: 'mock/echo' });
    expect(ours.id).toMatch(/^resp_/);
    expect(Object.keys(ours.usage as object).sort()).toEqual(Object.keys(theirs.usage as object).sort());
    expect(ours.usage).toEqual({
      input_tokens: 44,
      input_tokens_details: { cached_tokens: 3 },
      output_tokens: 4,
      output_tokens_details: { reasoning_tokens: 2 },
      total_tokens: 48,
    });
    expect(ours.output).toEqual([{ ...(theirs.output as object[])[0], id: (ours.output as { id: string }[])[0]!.id }]);
    expect((recorded[0]!.response as { usage: unknown }).usage).toBeNull();
    expect((run([])[0]!.response as { usage: unknown }).usage).toBeNull();
  });

  it('a function call: the same events and fields as openai-responses-tool-call.chunks.txt (item id fc_…, call_id kept, arguments in pieces)', () => {
    const recorded = recording('openai-responses-tool-call.chunks.txt');
    const added = recorded.find((event) => event.type === 'response.output_item.added')!.item as { call_id: string; name: string };
    const pieces = recorded
      .filter((event) => event.type === 'response.function_call_arguments.delta')
      .map((event) => event.delta as string);
    const ours = run(
      [
        { type: 'tool_call', index: 0, id: added.call_id, name: added.name, arguments: '' },
        ...pieces.map((piece) => ({ type: 'tool_call' as const, index: 0, arguments: piece })),
      ],
      'tool_calls',
    );
    expect(ours.map((event) => event.type)).toEqual(recorded.map((event) => event.type));
    ours.slice(2, -1).forEach((event, index) => expect(fieldsOf(event)).toEqual(fieldsOf(recorded[index + 2]!)));
    const item = ours.find((event) => event.type === 'response.output_item.done')!.item;
    const theirs = recorded.find((event) => event.type === 'response.output_item.done')!.item as Record<string, unknown>;
    expect(item).toEqual({ ...theirs, id: expect.stringMatching(/^fc_/) });
    expect(ours.find((event) => event.type === 'response.function_call_arguments.done')!.arguments).toBe('{"city":"Beijing"}');
  });

  it('text, then two calls: each its own output item, in order, output_index counting up', () => {
    const ours = run(
      [
        { type: 'delta', text: 'Looking' },
        { type: 'tool_call', index: 0, id: 'call_a', name: 'one', arguments: '{}' },
        { type: 'tool_call', index: 1, id: 'call_b', name: 'two', arguments: '{"x":' },
        { type: 'tool_call', index: 1, arguments: '1}' },
      ],
      'tool_calls',
    );
    const done = ours.filter((event) => event.type === 'response.output_item.done');
    expect(done.map((event) => [event.output_index, (event.item as { type: string }).type])).toEqual([
      [0, 'message'],
      [1, 'function_call'],
      [2, 'function_call'],
    ]);
    expect((done[2]!.item as { arguments: string }).arguments).toBe('{"x":1}');
    expect((ours[ours.length - 1]!.response as { output: unknown[] }).output).toHaveLength(3);
  });

  it('an answer cut at the token limit ends with response.incomplete (reason max_output_tokens)', () => {
    const last = run([{ type: 'delta', text: 'cut' }], 'length').pop()!;
    expect(last.type).toBe('response.incomplete');
    expect(last.response).toMatchObject({ status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } });
  });

  it('an empty answer still has one (empty) message item', () => {
    const ours = run([]);
    expect(ours.map((event) => event.type)).toContain('response.output_text.done');
    expect((ours[ours.length - 1]!.response as { output: unknown[] }).output).toHaveLength(1);
  });

  it('a failure after the stream began is response.failed with the error, sequence numbers going on', () => {
    const translator = new ResponseEvents(new ResponseShape('mock/echo', {}, null));
    const sent = [...translator.started(), ...translator.translate({ type: 'delta', text: 'half' })];
    const [failed] = translator.failed({ code: 'svc_upstream_error', message: 'The model provider mock failed.' });
    expect(failed).toMatchObject({
      type: 'response.failed',
      sequence_number: sent.length,
      response: { status: 'failed', error: { code: 'svc_upstream_error' } },
    });
  });

  it('carries a text piece’s logprobs on its delta event, and all of them on the finished output_text', () => {
    const translator = new ResponseEvents(new ResponseShape('mock/echo', {}, null));
    const entry = (token: string) => ({ token, logprob: -0.1, bytes: [...Buffer.from(token)], top_logprobs: [] });
    translator.started();
    const [, , first] = translator.translate({ type: 'delta', text: 'one', logprobs: [entry('one')] });
    const [second] = translator.translate({ type: 'delta', text: ' two', logprobs: [entry(' two')] });
    expect([first, second].map((event) => event!.logprobs)).toEqual([[entry('one')], [entry(' two')]]);
    const done = translator.completed('stop', { promptTokens: 1, completionTokens: 2, totalTokens: 3 }, {} as never);
    expect(done.find((event) => event.type === 'response.output_text.done')!.logprobs).toEqual([entry('one'), entry(' two')]);
    expect(translator.output[0]!.content).toEqual([expect.objectContaining({ text: 'one two', logprobs: [entry('one'), entry(' two')] })]);
  });

  it('a failed response carries the output so far: finished items, then the open one as it stands, incomplete', () => {
    const translator = new ResponseEvents(new ResponseShape('mock/echo', {}, null));
    translator.started();
    translator.translate({ type: 'delta', text: 'first ' });
    translator.translate({ type: 'tool_call', index: 0, id: 'call_1', name: 'lookup', arguments: '{"q":' });
    const output = translator.partialOutput();
    expect(output).toEqual([
      expect.objectContaining({ type: 'message', status: 'completed', content: [expect.objectContaining({ text: 'first ' })] }),
      expect.objectContaining({ type: 'function_call', status: 'incomplete', call_id: 'call_1', name: 'lookup', arguments: '{"q":' }),
    ]);
    const [failed] = translator.failed({ code: 'svc_upstream_error', message: 'The model provider mock failed.' });
    expect((failed!.response as { output: unknown[] }).output).toEqual(output);
    expect(translator.output).toHaveLength(1);
  });
});
