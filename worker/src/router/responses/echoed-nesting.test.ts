import { ApiError } from '../../support/api-error';
import { MAX_JSON_DEPTH } from '../request/nesting';
import { readResponsesFields, toChatRequest } from './request';

function nested(levels: number): unknown {
  let value: unknown = 'leaf';
  for (let level = 0; level < levels; level += 1) value = { a: value };
  return value;
}

function params(run: () => unknown): Record<string, string> {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError && error.code === 'svc_invalid_request') return error.data.params as Record<string, string>;
    throw error;
  }
  throw new Error('expected svc_invalid_request');
}

const DEEP = `must be nested at most ${MAX_JSON_DEPTH} levels deep (objects and arrays)`;
const base = { model: 'mock/echo', input: 'hi' };
const tool = (extra: Record<string, unknown>) => ({ type: 'function', name: 'f', parameters: { type: 'object' }, ...extra });
const read = (raw: Record<string, unknown>) => {
  const fields = readResponsesFields(raw);
  return toChatRequest(raw, fields, []);
};

describe('Responses fields echoed as sent are held to the nesting limits', () => {
  it.each([5000, 100_000])('names the field at fault, %i levels deep, before any call', (levels) => {
    const deep = nested(levels);
    expect(
      params(() => read({ ...base, tools: [tool({}), tool({ name: 'g', parameters: { type: 'object', properties: { a: deep } } })] })),
    ).toEqual({ 'tools[1].parameters': DEEP });
    expect(params(() => read({ ...base, tools: [tool({ extra: deep })] }))).toEqual({ 'tools[0].extra': DEEP });
    expect(
      params(() =>
        read({ ...base, text: { format: { type: 'json_schema', name: 'answer', schema: { type: 'object', properties: { a: deep } } } } }),
      ),
    ).toEqual({ 'text.format.schema': DEEP });
    expect(params(() => read({ ...base, text: { format: { type: 'text' }, verbosity: deep } }))).toEqual({ 'text.verbosity': DEEP });
    expect(params(() => read({ ...base, tools: [tool({})], tool_choice: { type: 'function', name: 'f', extra: deep } }))).toEqual({
      tool_choice: DEEP,
    });
    expect(params(() => read({ ...base, metadata: { trace: deep } }))).toEqual({ metadata: DEEP });
    expect(params(() => read({ ...base, input: [{ role: 'user', content: [{ type: 'input_text', text: 'hi', extra: deep }] }] }))).toEqual({
      'input[0].content[0]': DEEP,
    });
    const call = { type: 'function_call', call_id: 'c1', name: 'f', arguments: '{}' };
    expect(
      params(() =>
        read({
          ...base,
          input: [
            { role: 'user', content: 'hi' },
            call,
            { type: 'function_call_output', call_id: 'c1', output: [{ type: 'input_text', text: 'ok', extra: deep }] },
          ],
        }),
      ),
    ).toEqual({ 'input[2].output[0]': DEEP });
  });

  it('takes the same fields 64 levels deep', () => {
    const schema = nested(MAX_JSON_DEPTH - 2);
    const parsed = read({
      ...base,
      tools: [tool({ parameters: { type: 'object', properties: schema } })],
      text: { format: { type: 'json_schema', name: 'answer', schema: { type: 'object', properties: schema } } },
      metadata: { trace: nested(MAX_JSON_DEPTH - 1) },
    });
    expect(parsed.tools![0]!.parameters).toEqual({ type: 'object', properties: schema });
  });
});
