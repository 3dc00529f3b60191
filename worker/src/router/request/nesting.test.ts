import { ApiError } from '../../support/api-error';
import { parseChatRequest } from './chat-request';
import { parseEmbeddingRequest } from './embedding-request';
import { MAX_JSON_DEPTH, MAX_JSON_VALUES, nestingProblem } from './nesting';

/** `levels` objects or arrays, one inside the other. */
function nested(levels: number, kind: 'object' | 'array' = 'object'): unknown {
  let value: unknown = 'leaf';
  for (let level = 0; level < levels; level += 1) value = kind === 'object' ? { a: value } : [value];
  return value;
}

/** Objects and arrays on the deepest path of `value`. */
function depthOf(value: unknown): number {
  if (typeof value !== 'object' || value === null) return 0;
  return 1 + Math.max(0, ...Object.values(value).map(depthOf));
}

/** A function's parameters exactly `levels` JSON levels deep, nesting as real schemas do: {type: object, properties: {a: …}}. */
function deepSchema(levels: number): Record<string, unknown> {
  let schema: Record<string, unknown> = levels % 2 === 1 ? { type: 'string' } : { type: 'array', items: { type: 'string' } };
  for (let level = levels % 2 === 1 ? 1 : 2; level < levels; level += 2) schema = { type: 'object', properties: { a: schema } };
  return schema;
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

const chat = (extra: Record<string, unknown>) =>
  parseChatRequest({ model: 'mock/echo', messages: [{ role: 'user', content: 'hi' }], ...extra });
const tool = (parameters: unknown) => ({ type: 'function', function: { name: 'f', parameters } });
const format = (schema: unknown) => ({ type: 'json_schema', json_schema: { name: 'answer', schema } });
const DEEP = `must be nested at most ${MAX_JSON_DEPTH} levels deep (objects and arrays)`;

describe('nestingProblem', () => {
  it('takes 64 levels of objects or arrays and refuses the 65th', () => {
    expect(nestingProblem(nested(MAX_JSON_DEPTH))).toBeNull();
    expect(nestingProblem(nested(MAX_JSON_DEPTH, 'array'))).toBeNull();
    expect(nestingProblem(nested(MAX_JSON_DEPTH + 1))).toBe(DEEP);
    expect(nestingProblem(nested(MAX_JSON_DEPTH + 1, 'array'))).toBe(DEEP);
    expect(nestingProblem('a scalar')).toBeNull();
    expect(nestingProblem(null)).toBeNull();
  });

  it('takes 50,000 values and refuses one more', () => {
    expect(nestingProblem(new Array(MAX_JSON_VALUES - 1).fill(0))).toBeNull();
    expect(nestingProblem(new Array(MAX_JSON_VALUES).fill(0))).toBe(`must hold at most ${MAX_JSON_VALUES} JSON values`);
    expect(nestingProblem({ list: new Array(MAX_JSON_VALUES - 2).fill({}) })).toBeNull();
  });

  it('answers for 100,000 levels without overflowing the stack', () => {
    expect(nestingProblem(nested(100_000))).toBe(DEEP);
    expect(nestingProblem(nested(100_000, 'array'))).toBe(DEEP);
  });
});

describe('the chat validator holds client JSON to the nesting limits', () => {
  it('accepts a tool schema and a response schema 64 levels deep', () => {
    expect([depthOf(deepSchema(MAX_JSON_DEPTH)), depthOf(deepSchema(MAX_JSON_DEPTH + 1))]).toEqual([MAX_JSON_DEPTH, MAX_JSON_DEPTH + 1]);
    expect(chat({ tools: [tool(deepSchema(MAX_JSON_DEPTH))] }).tools![0]!.parameters).toEqual(deepSchema(MAX_JSON_DEPTH));
    expect(chat({ response_format: format(deepSchema(MAX_JSON_DEPTH)) }).responseFormat).toMatchObject({
      type: 'json_schema',
      name: 'answer',
    });
  });

  it('names tools[i].function.parameters, response_format.json_schema.schema and metadata when deeper, at any depth', () => {
    for (const levels of [MAX_JSON_DEPTH + 1, 5000, 100_000]) {
      expect(params(() => chat({ tools: [tool({ type: 'object' }), tool(deepSchema(levels))] }))).toEqual({
        'tools[1].function.parameters': DEEP,
      });
      expect(params(() => chat({ response_format: format(deepSchema(levels)) }))).toEqual({ 'response_format.json_schema.schema': DEEP });
      expect(params(() => chat({ metadata: { team: 'a', trace: nested(levels) } }))).toEqual({ metadata: DEEP });
    }
  });

  it('refuses a schema of more than 50,000 values', () => {
    const wide = { type: 'object', properties: { a: { enum: new Array(MAX_JSON_VALUES).fill('x') } } };
    expect(params(() => chat({ tools: [tool(wide)] }))).toEqual({
      'tools[0].function.parameters': `must hold at most ${MAX_JSON_VALUES} JSON values`,
    });
  });

  it('holds embeddings metadata to the same rule', () => {
    expect(params(() => parseEmbeddingRequest({ model: 'mock/embed', input: 'x', metadata: { trace: nested(MAX_JSON_DEPTH) } }))).toEqual({
      metadata: DEEP,
    });
  });
});
