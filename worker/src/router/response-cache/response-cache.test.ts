import type { Database } from '../../db/connections';
import type { Logger } from '../../support/logger';
import type { ChatRequest, ChatResult, StreamEvent } from '../../providers/types';
import type { CachePolicy } from './policies';
import { ResponseCache, teamScope } from './response-cache';
import { piecesOf, replayEvents, StreamCollector } from './replay';
import { canonicalJson, requestHash } from './request-hash';

const request: ChatRequest = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], temperature: 0 };

describe('request hash', () => {
  it('is the same for the same request whatever the key order, and undefined members do not count', () => {
    const reordered = { temperature: 0, messages: [{ content: 'hi', role: 'user' }], model: 'gpt-4o-mini', topP: undefined } as ChatRequest;
    expect(requestHash('openai/gpt-4o-mini', reordered)).toBe(requestHash('openai/gpt-4o-mini', request));
    expect(canonicalJson({ b: 1, a: [2, { d: 3, c: undefined }] })).toBe('{"a":[2,{"d":3}],"b":1}');
  });

  it('differs when any part of the request or the model differs', () => {
    const base = requestHash('openai/gpt-4o-mini', request);
    expect(requestHash('openai/gpt-4o', request)).not.toBe(base);
    expect(requestHash('openai/gpt-4o-mini', { ...request, seed: 1 })).not.toBe(base);
    expect(requestHash('openai/gpt-4o-mini', { ...request, maxTokens: 5 })).not.toBe(base);
    expect(requestHash('openai/gpt-4o-mini', { ...request, tools: [{ name: 'f', parameters: {} }] })).not.toBe(base);
    expect(
      requestHash('openai/gpt-4o-mini', { ...request, messages: [{ role: 'user', content: 'hi', parts: [{ type: 'text', text: 'hi' }] }] }),
    ).not.toBe(base);
    expect(requestHash('openai/gpt-4o-mini', { ...request, messages: [{ role: 'user', content: 'hi!' }] })).not.toBe(base);
  });
});

describe('replay of a cached answer', () => {
  const result: ChatResult = {
    content: 'one two three four five',
    toolCalls: [{ id: 'call_1', name: 'lookup', arguments: '{"q":"five"}' }],
    finishReason: 'tool_calls',
    usage: { promptTokens: 3, completionTokens: 5, totalTokens: 8 },
  };

  it('splits text into a few pieces that join back to it', () => {
    expect(piecesOf('one two three four five', 3)).toEqual(['one two ', 'three four ', 'five']);
    expect(piecesOf('', 3)).toEqual([]);
  });

  it('streams text, tool-call pieces, finish and usage, which collect back into the same result', () => {
    const events = replayEvents(result);
    expect(events.filter((event) => event.type === 'delta').length).toBeGreaterThan(1);
    expect(events.filter((event) => event.type === 'tool_call')).toEqual([
      { type: 'tool_call', index: 0, id: 'call_1', name: 'lookup', arguments: '{"q":"' },
      { type: 'tool_call', index: 0, arguments: 'five"}' },
    ]);
    expect(events.slice(-2)).toEqual([
      { type: 'finish', reason: 'tool_calls' },
      { type: 'usage', usage: result.usage },
    ]);
    const collector = new StreamCollector();
    events.forEach((event) => collector.add(event));
    expect(collector.result()).toEqual(result);
  });

  it('keeps logprobs: a streamed answer collects its entries, a replay sends one delta per token with its entry', () => {
    const entry = (token: string, logprob: number) => ({ token, logprob, bytes: [...Buffer.from(token)], top_logprobs: [] });
    const collector = new StreamCollector();
    collector.add({ type: 'delta', text: 'Echo:', logprobs: [entry('Echo:', -0.01)] });
    collector.add({ type: 'delta', text: ' hi', logprobs: [entry(' hi', -0.02)] });
    collector.add({ type: 'finish', reason: 'stop' });
    const collected = collector.result()!;
    expect(collected.logprobs).toEqual({ content: [entry('Echo:', -0.01), entry(' hi', -0.02)], refusal: null });
    expect(replayEvents(collected).filter((event) => event.type === 'delta')).toEqual([
      { type: 'delta', text: 'Echo:', logprobs: [entry('Echo:', -0.01)] },
      { type: 'delta', text: ' hi', logprobs: [entry(' hi', -0.02)] },
    ]);
    // Entries that do not spell the text are not replayed as tokens.
    const mismatched = replayEvents({ ...collected, content: 'something else' }).filter((event) => event.type === 'delta');
    expect(mismatched.every((event) => !('logprobs' in event))).toBe(true);
  });

  it('collects nothing to cache from a stream that never finished', () => {
    const collector = new StreamCollector();
    collector.add({ type: 'delta', text: 'half an answer' } as StreamEvent);
    expect(collector.result()).toBeNull();
  });
});

describe('which requests are cached, and where', () => {
  const cache = new ResponseCache({} as Database, { perScope: 10, total: 100 }, {} as Logger);
  const policy: CachePolicy = {
    target_type: 'purpose',
    target: 'summaries',
    enabled: true,
    scope: 'key',
    ttl_seconds: 60,
    any_temperature: false,
  };
  const caller = { keyId: 'key_1', team: 'red', siteUrl: 'https://a.example', purpose: 'summaries' };

  it('takes temperature 0 or a seed by default, anything when the policy allows any temperature', () => {
    expect(cache.slotFor(policy, caller, 'openai/gpt-4o-mini', request)).not.toBeNull();
    expect(cache.slotFor(policy, caller, 'openai/gpt-4o-mini', { ...request, temperature: 0.7, seed: 3 })).not.toBeNull();
    expect(cache.slotFor(policy, caller, 'openai/gpt-4o-mini', { ...request, temperature: 0.7 })).toBeNull();
    expect(cache.slotFor(policy, caller, 'openai/gpt-4o-mini', { ...request, temperature: undefined })).toBeNull();
    expect(
      cache.slotFor({ ...policy, any_temperature: true }, caller, 'openai/gpt-4o-mini', { ...request, temperature: 0.7 }),
    ).not.toBeNull();
  });

  it("scopes to the key, the key's team (the key's own scope when it has none) or global only when the policy says so", () => {
    expect(cache.slotFor(policy, caller, 'm', request)!.scope).toBe('key:key_1');
    expect(cache.slotFor({ ...policy, scope: 'team' }, caller, 'm', request)!.scope).toBe(teamScope('https://a.example', 'red'));
    expect(cache.slotFor({ ...policy, scope: 'team' }, { ...caller, team: '' }, 'm', request)!.scope).toBe('key:key_1');
    expect(cache.slotFor({ ...policy, scope: 'global' }, caller, 'm', request)!.scope).toBe('global');
  });

  it('keeps a team within its site: two sites whose keys name the same team never share a scope (issue 27)', () => {
    const team = { ...policy, scope: 'team' as const };
    const siteA = cache.slotFor(team, caller, 'm', request)!.scope;
    const siteB = cache.slotFor(team, { ...caller, keyId: 'key_2', siteUrl: 'https://b.example' }, 'm', request)!.scope;
    expect(siteA).not.toBe(siteB);
    expect(cache.slotFor(team, { ...caller, keyId: 'key_3' }, 'm', request)!.scope).toBe(siteA);
    expect(siteA).toMatch(/^team:site:[0-9a-f]{64}$/);
    // A team name cannot reach into another site's scope by carrying the separator.
    expect(teamScope('https://a.example', 'x\u0000y')).not.toBe(teamScope('https://a.example\u0000x', 'y'));
  });
});
