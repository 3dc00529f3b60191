import { ResponseStore, type StoredResponse } from './response-rows';

function nested(levels: number): unknown {
  let value: unknown = 'leaf';
  for (let level = 0; level < levels; level += 1) value = { a: value };
  return value;
}

const response = (parameters: Record<string, unknown>): StoredResponse => ({
  id: 'resp_01JAAAAAAAAAAAAAAAAAAAAAAA',
  apiKeyId: 'key_1',
  model: 'mock/echo',
  status: 'completed',
  previousResponseId: null,
  createdAt: new Date(0),
  history: [],
  input: [],
  parameters,
  output: [],
  usage: null,
});

describe('ResponseStore.serialise', () => {
  it('writes the three columns of a response', () => {
    expect(ResponseStore.serialise(response({ metadata: { a: 1 } }))).toEqual({
      request: '{"history":[],"input":[],"parameters":{"metadata":{"a":1}}}',
      output: '[]',
      usage: null,
    });
  });

  it('keeps nothing, and throws nothing, for a response nested deeper than JSON.stringify can write', () => {
    expect(ResponseStore.serialise(response({ metadata: nested(100_000) }))).toBeNull();
  });
});
