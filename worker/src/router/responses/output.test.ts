import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { echoedParameters, finalStatus, outputItems, ResponseShape, responsesUsage } from './output';

type Body = { output: Array<Record<string, unknown>>; usage: Record<string, unknown> } & Record<string, unknown>;
const recorded = (name: string) => JSON.parse(readFileSync(join(__dirname, '__fixtures__', name), 'utf8')) as Body;

describe('blocking Responses output (against the recorded OpenAI bodies)', () => {
  it('a text answer is one message item shaped as openai-responses-text.json', () => {
    const theirs = recorded('openai-responses-text.json');
    const [ours] = outputItems('Dummy PDF file');
    expect(ours).toEqual({ ...theirs.output[0], id: expect.stringMatching(/^msg_/) });
  });

  it('a function call is a function_call item shaped as openai-responses-reasoning-tool-call.json (id fc_…, call_id the model’s)', () => {
    const theirs = recorded('openai-responses-reasoning-tool-call.json').output[1]!;
    const items = outputItems('', [{ id: theirs.call_id as string, name: theirs.name as string, arguments: theirs.arguments as string }]);
    expect(items).toEqual([{ ...theirs, id: expect.stringMatching(/^fc_/) }]);
  });

  it('text and calls: the message first, then each call', () => {
    const items = outputItems('Let me look.', [
      { id: 'call_1', name: 'a', arguments: '{}' },
      { id: 'call_2', name: 'b', arguments: '{}' },
    ]);
    expect(items.map((item) => [item.type, item.call_id])).toEqual([
      ['message', undefined],
      ['function_call', 'call_1'],
      ['function_call', 'call_2'],
    ]);
  });

  it('usage has the recorded fields, with cached and reasoning tokens', () => {
    const theirs = recorded('openai-responses-reasoning-tool-call.json').usage;
    const ours = responsesUsage({ promptTokens: 10, completionTokens: 284, totalTokens: 294, reasoningTokens: 192, cachedTokens: 4 });
    expect(Object.keys(ours).sort()).toEqual(Object.keys(theirs).sort());
    expect(ours).toMatchObject({ input_tokens_details: { cached_tokens: 4 }, output_tokens_details: { reasoning_tokens: 192 } });
    expect(responsesUsage({ promptTokens: 1, completionTokens: 1, totalTokens: 2 })).toMatchObject({
      input_tokens_details: { cached_tokens: 0 },
      output_tokens_details: { reasoning_tokens: 0 },
    });
  });

  it('the response object has the recorded top-level fields an SDK reads, echoing the parameters with OpenAI’s defaults', () => {
    const theirs = recorded('openai-responses-text.json');
    const shape = new ResponseShape('mock/echo', echoedParameters({}, true), null);
    const ours: Record<string, unknown> = shape.response({
      status: 'completed',
      output: outputItems('x'),
      usage: responsesUsage({ promptTokens: 1, completionTokens: 1, totalTokens: 2 }),
    });
    const wanted = [
      'id',
      'object',
      'created_at',
      'status',
      'completed_at',
      'error',
      'incomplete_details',
      'instructions',
      'max_output_tokens',
      'model',
      'output',
      'parallel_tool_calls',
      'previous_response_id',
      'reasoning',
      'store',
      'temperature',
      'text',
      'tool_choice',
      'tools',
      'top_p',
      'truncation',
      'usage',
      'user',
      'metadata',
    ];
    expect(Object.keys(theirs)).toEqual(expect.arrayContaining(wanted));
    expect(Object.keys(ours)).toEqual(wanted);
    for (const name of ['tool_choice', 'tools', 'store', 'truncation', 'metadata', 'parallel_tool_calls'])
      expect(ours[name]).toEqual(theirs[name]);
    expect((ours.text as { format: unknown }).format).toEqual((theirs.text as { format: unknown }).format);
  });

  it('a stop at the token limit or a filter is incomplete, with the reason', () => {
    expect(finalStatus('stop')).toEqual({ status: 'completed', incomplete_details: null });
    expect(finalStatus('tool_calls').status).toBe('completed');
    expect(finalStatus('length')).toEqual({ status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } });
    expect(finalStatus('content_filter').incomplete_details).toEqual({ reason: 'content_filter' });
  });
});
