import { canonicalJson, MAX_CANONICAL_DEPTH, NestingTooDeepError, requestHash } from './request-hash';

function nested(levels: number): unknown {
  let value: unknown = 'leaf';
  for (let level = 0; level < levels; level += 1) value = [value];
  return value;
}

describe('canonicalJson and requestHash past the nesting limits', () => {
  it('writes MAX_CANONICAL_DEPTH levels and refuses deeper with its own error, never a RangeError', () => {
    expect(canonicalJson(nested(MAX_CANONICAL_DEPTH))).toBe(`${'['.repeat(MAX_CANONICAL_DEPTH)}"leaf"${']'.repeat(MAX_CANONICAL_DEPTH)}`);
    expect(() => canonicalJson(nested(MAX_CANONICAL_DEPTH + 1))).toThrow(NestingTooDeepError);
    expect(() => canonicalJson(nested(100_000))).toThrow(NestingTooDeepError);
  });

  it('has no hash (the request is not cached) for a request nested too deep', () => {
    const deep = { name: 'f', parameters: { type: 'object', properties: { a: nested(100_000) } } };
    expect(
      requestHash('openai/gpt-4o-mini', { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], tools: [deep] }),
    ).toBeNull();
    expect(requestHash('openai/gpt-4o-mini', { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] })).toMatch(
      /^[0-9a-f]{64}$/,
    );
  });
});
